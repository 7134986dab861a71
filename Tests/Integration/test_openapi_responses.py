"""The check every suite's REST answers go through (openapi_responses): it must refuse what docs/openapi.json does
not describe, and it must see the answers the suites read through urllib, errors included. No trackside server: a
local stand-in answers what a test tells it to."""
import gzip
import json
import urllib.error
import urllib.request

import openapi_responses
from openapi_responses import check
from trackside_api import LocalPublisher

JSON = {"Content-Type": "application/json"}
ERROR = json.dumps({"error": {"code": "not_found", "message": "no station 999"}}).encode()


def feeds(age):
    return json.dumps({"feeds": [{"id": "1234567", "age": age, "stale": False, "stale_after": 90, "failure": None,
                                  "last_failure": None, "accepted": 3, "duplicates": 0, "failures": 0}]}).encode()


def test_paths_are_matched_to_their_templates():
    assert openapi_responses.template_of("/api/stations/127/board") == "/api/stations/{id}/board"
    assert openapi_responses.template_of("/api/vehicles.geojson") == "/api/vehicles.geojson"
    assert openapi_responses.template_of("/api/vehicles/134100_1..S03R") == "/api/vehicles/{id}"
    assert openapi_responses.template_of("/api/schema/server/hello.json") == "/api/schema/{folder}/{file}"
    assert openapi_responses.template_of("/api/stations/127/nothing") is None


def test_a_documented_answer_passes_and_every_kind_of_mismatch_is_named():
    assert check("GET", "http://h/api/feeds", 200, JSON, feeds(4)) == []
    assert check("GET", "http://h/api/stations/999", 404, JSON, ERROR) == []
    # A member of the wrong type, with its path.
    assert check("GET", "http://h/api/feeds", 200, JSON, feeds("old")) == ["feeds/0/age: 'old' is not of type 'number', 'null'"]
    # A status the operation does not list.
    assert check("GET", "http://h/api/feeds", 500, JSON, ERROR) == [
        "GET /api/feeds answered 500, which docs/openapi.json does not list (it lists 200)"]
    # A media type the status does not list.
    assert check("GET", "http://h/api/feeds", 200, {"Content-Type": "text/plain; charset=utf-8"}, b"ok") == [
        "GET /api/feeds 200 answered text/plain; docs/openapi.json lists application/json"]
    # A body that is not JSON at all.
    assert check("GET", "http://h/api/feeds", 200, JSON, b"{truncated")[0].startswith("the body is not JSON")
    # A gzipped answer is checked as what it inflates to.
    zipped = {**JSON, "Content-Encoding": "gzip"}
    assert check("GET", "http://h/api/feeds", 200, zipped, gzip.compress(feeds(4))) == []
    assert check("GET", "http://h/api/feeds", 200, zipped, gzip.compress(feeds("old"))) == ["feeds/0/age: 'old' is not of type 'number', 'null'"]
    # An error answered without the documented error object.
    assert check("GET", "http://h/api/stations/999", 404, JSON, b'{"error":"no"}') == [
        "error: 'no' is not of type 'object'"]
    # Paths under /api/ that the document does not describe must answer its error object, never succeed.
    assert check("GET", "http://h/api/nothing", 404, JSON, ERROR) == []
    assert check("GET", "http://h/api/nothing", 200, JSON, b"{}") == [
        "GET /api/nothing answered 200, but docs/openapi.json documents no GET there"]
    assert check("POST", "http://h/api/feeds", 405, {"Content-Type": "text/plain"}, b"no") == [
        "POST /api/feeds answered 405 as text/plain; API errors are application/json"]
    # HEAD is GET without a body; pages and static files are not the document's.
    assert check("HEAD", "http://h/api/feeds", 200, JSON, b"") == []
    assert check("GET", "http://h/index.html", 200, {"Content-Type": "text/html"}, b"<html>") == []


def test_answers_read_through_urllib_are_recorded_for_the_test_that_read_them():
    publisher = LocalPublisher(feeds(4), serves=lambda path: path.startswith("/api/feeds"),
                               content_type="application/json")
    with publisher:
        openapi_responses.take()
        with urllib.request.urlopen(publisher.base + "/api/feeds", timeout=10) as response:
            assert json.load(response)["feeds"][0]["age"] == 4, "the test still reads the whole body"
            assert response.getheader("Content-Length") == str(len(feeds(4)))
        assert openapi_responses.take() == []

        publisher.body = feeds("stale")
        with urllib.request.urlopen(publisher.base + "/api/feeds?x=1", timeout=10) as response:
            assert json.load(response)["feeds"][0]["age"] == "stale"
        # The stand-in answers 404 without a body or a content type to other paths: not the documented error.
        try:
            urllib.request.urlopen(publisher.base + "/api/stations/127", timeout=10)
        except urllib.error.HTTPError as error:
            assert error.code == 404 and error.read() == b""
        assert openapi_responses.take() == [
            f"GET {publisher.base}/api/feeds?x=1 → 200: feeds/0/age: 'stale' is not of type 'number', 'null'",
            f"GET {publisher.base}/api/stations/127 → 404: GET /api/stations/{{id}} 404 answered no content type; "
            "docs/openapi.json lists application/json",
        ]

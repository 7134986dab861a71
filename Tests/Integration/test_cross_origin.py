"""CORS on the read-only API and the exports, against a real server: preflights, the headers on answers (deferred
routes, errors and prepared documents included), and `--cors-origin` narrowing it to a list."""
from trackside_api import fetch

BBOX = "-74.02,40.70,-73.93,40.80"


def ask(server, path, method="GET", headers=None):
    """(status, headers) of a request, error answers included."""
    return fetch(server, path, headers, method)[:2]


def preflight(server, path, origin, headers="if-none-match"):
    return ask(server, path, "OPTIONS", {"Origin": origin, "Access-Control-Request-Method": "GET",
                                         "Access-Control-Request-Headers": headers})


def test_every_site_may_read_the_api_by_default(trackside_server):
    site = "http://127.0.0.1:1"
    status, headers = preflight(trackside_server, f"/api/vehicles?bbox={BBOX}", site)
    assert status == 204
    assert headers["Access-Control-Allow-Origin"] == "*"
    assert headers["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS"
    assert headers["Access-Control-Allow-Headers"] == "if-none-match"
    assert int(headers["Access-Control-Max-Age"]) >= 600
    for path, expected in [(f"/api/vehicles?bbox={BBOX}", 200), ("/api/vehicles?bbox=x", 400), ("/api/nothing", 404),
                           ("/api/routes", 200), ("/api/config", 200)]:
        status, headers = ask(trackside_server, path, headers={"Origin": site})
        assert status == expected, path
        assert headers["Access-Control-Allow-Origin"] == "*", path
        assert headers["Access-Control-Expose-Headers"] == "ETag", path
    # Pages are not the API: no CORS there, and a plain OPTIONS is not a preflight.
    status, headers = ask(trackside_server, "/", headers={"Origin": site})
    assert status == 200 and "Access-Control-Allow-Origin" not in headers
    status, _ = ask(trackside_server, "/api/config", "OPTIONS")
    assert status != 204


def test_an_allow_list_names_the_origin_varies_on_it_and_refuses_other_sites(start_trackside):
    server = start_trackside("--cors-origin", "http://127.0.0.1:8001", "--cors-origin", "https://app.example")
    status, headers = preflight(server, "/api/config", "https://app.example")
    assert status == 204 and headers["Access-Control-Allow-Origin"] == "https://app.example"
    assert headers["Vary"] == "Origin"
    status, headers = preflight(server, "/api/config", "https://evil.example")
    assert status == 403 and "Access-Control-Allow-Origin" not in headers
    status, headers = ask(server, "/api/config", headers={"Origin": "http://127.0.0.1:8001"})
    assert status == 200 and headers["Access-Control-Allow-Origin"] == "http://127.0.0.1:8001"
    assert headers["Vary"] == "Origin"
    status, headers = ask(server, "/api/routes", headers={"Origin": "https://evil.example", "Accept-Encoding": "gzip"})
    assert status == 200 and "Access-Control-Allow-Origin" not in headers
    assert [v.strip() for v in headers["Vary"].split(",")] == ["Accept-Encoding", "Origin"]

"""Every REST response any suite sees is checked against docs/openapi.json.

`install()` (conftest does, once per session) puts a handler into urllib's default opener, through which the suites'
helpers and their own `urllib.request.urlopen` calls go. For each answer of a path the document describes, or of
any path under /api/, `check` matches the path to its template, then checks the status is one the operation
lists, the media type one listed for that status, and a JSON body against the documented schema (gzip undone).
An unknown path under /api/, or a method the document does not describe there, must still answer the documented
error object. Mismatches are kept per test; conftest fails the test that saw one, naming the request and what
disagreed. Validators are compiled once per (template, status, media type), and a body already checked (the same
bytes, as most repeated answers are) is not checked again: a repeated answer costs a hash, a new one its validation
(CPU time on this machine: about 0.25 ms a vehicle of /api/vehicles; /api/routes, 300 KB, 0.8 s, once per body).

Browsers' and raw-socket requests (test_http_server, the WebSocket suites) do not go through urllib and are not
seen here; test_contract checks the browser-facing documents and every route against the document itself."""
import gzip
import hashlib
import io
import json
import re
import threading
import urllib.parse
import urllib.request

import contract

JSON_MEDIA = ("application/json", "application/geo+json", "application/schema+json")


def _templates():
    """(template, compiled pattern) for every documented path, literal paths before templated ones."""
    compiled = []
    for template in contract.DOCUMENT["paths"]:
        pattern = "".join(f"(?P<{part[1:-1]}>[^/]+)" if part.startswith("{") else re.escape(part)
                          for part in re.split(r"(\{[^}]+\})", template))
        compiled.append((template.count("{"), template, re.compile(pattern + r"\Z")))
    return [(template, pattern) for _, template, pattern in sorted(compiled)]


TEMPLATES = _templates()
ERROR = contract.validator(f"{contract.OPENAPI.as_uri()}#/components/responses/Error/content/application~1json/schema")
_validators = {}
_checked = set()
_lock = threading.Lock()
_problems = []


def template_of(path: str):
    """The document's path template that `path` instantiates, or None."""
    for template, pattern in TEMPLATES:
        if pattern.match(path):
            return template
    return None


def _validator(template, status, media):
    key = (template, status, media)
    with _lock:
        if key not in _validators:
            _validators[key] = contract.response_validator(template, status, media)
        return _validators[key]


def _body_problems(validator, body: bytes, encoding: str, key) -> list:
    digest = (key, hashlib.sha1(body).digest())
    if digest in _checked:
        return []
    try:
        document = json.loads(gzip.decompress(body) if encoding == "gzip" else body)
    except ValueError as error:
        return [f"the body is not JSON ({error})"]
    if validator.is_valid(document):  # errors are collected only for a mismatch
        _checked.add(digest)
        return []
    return contract.errors(validator, document)


def check(method: str, url: str, status: int, headers, body: bytes) -> list:
    """What disagrees with docs/openapi.json in one response (empty when it agrees, or when the document does not
    cover the path: pages and static files)."""
    path = urllib.parse.urlsplit(url).path
    template = template_of(path)
    if template is None and not path.startswith("/api/"):
        return []
    media = (headers.get("Content-Type") or "").split(";")[0].strip()
    encoding = (headers.get("Content-Encoding") or "").strip()
    operation = (contract.DOCUMENT["paths"].get(template) or {}).get("get")
    if template is None or method not in ("GET", "HEAD") or operation is None:
        # No documented operation: an unknown /api/ path or another method, answered with the documented error.
        if method == "OPTIONS" and status == 204:
            return []  # a CORS preflight (PROTOCOL.md "Cross-origin reads"); its headers are test_cross_origin's
        if status < 400:
            return [f"{method} {path} answered {status}, but docs/openapi.json documents no {method} there"]
        if method == "HEAD":
            return []
        if media != "application/json":
            return [f"{method} {path} answered {status} as {media or 'no content type'}; API errors are application/json"]
        return _body_problems(ERROR, body, encoding, ("error", status))
    responses = operation["responses"]
    if str(status) not in responses:
        return [f"GET {template} answered {status}, which docs/openapi.json does not list (it lists {', '.join(responses)})"]
    response = responses[str(status)]
    if "$ref" in response:
        response = contract.DOCUMENT["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
    content = response.get("content")
    if not content:
        return []
    if media not in content:
        return [f"GET {template} {status} answered {media or 'no content type'}; docs/openapi.json lists {', '.join(content)}"]
    if method == "HEAD" or media not in JSON_MEDIA:
        return []
    return _body_problems(_validator(template, status, media), body, encoding, (template, status, media))


def record(method: str, url: str, status: int, headers, body: bytes):
    """Checks one response and keeps what disagrees for the running test."""
    for problem in check(method, url, status, headers, body):
        _problems.append(f"{method} {url} → {status}: {problem}")


def take() -> list:
    """The mismatches recorded since the last call."""
    with _lock:
        found = list(_problems)
        _problems.clear()
    return found


class RecordingHandler(urllib.request.BaseHandler):
    """Reads every HTTP answer whole, records its check, and hands the same response on, set to read those bytes
    again (before urllib turns error statuses into HTTPError, which therefore carries them too)."""

    handler_order = 400  # before HTTPErrorProcessor (1000)

    def http_response(self, request, response):
        body = response.read()
        record(request.get_method(), request.full_url, response.status, response.headers, body)
        response.fp, response.length, response.chunked = io.BufferedReader(io.BytesIO(body)), len(body), False
        return response

    https_response = http_response


def install():
    """Routes `urllib.request.urlopen` through the recording handler for the rest of the session."""
    urllib.request.install_opener(urllib.request.build_opener(RecordingHandler()))

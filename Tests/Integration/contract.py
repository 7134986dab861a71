"""The machine-readable contract, loaded for checking real traffic: the push protocol's JSON Schemas (docs/schema,
draft 2020-12) and the REST API's OpenAPI 3.1 document (docs/openapi.json), whose schemas refer to the former.

Every file is registered under its file:// URI, so the relative `$ref`s between them resolve as they do for any
tool reading the repository, and as they do against the server's copies under /api/schema/."""
import json
import pathlib

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SCHEMAS = DOCS / "schema"
OPENAPI = DOCS / "openapi.json"


def _registry():
    registry = Registry()
    for path in [OPENAPI, *sorted(SCHEMAS.rglob("*.json"))]:
        contents = json.loads(path.read_text())
        registry = registry.with_resource(path.as_uri(), Resource.from_contents(contents, default_specification=DRAFT202012))
    return registry


REGISTRY = _registry()
DOCUMENT = json.loads(OPENAPI.read_text())


def validator(uri: str) -> Draft202012Validator:
    """A validator for the schema at `uri` (a file URI with an optional JSON pointer fragment)."""
    return Draft202012Validator({"$ref": uri}, registry=REGISTRY)


SERVER_MESSAGE = validator((SCHEMAS / "server-message.json").as_uri())
CLIENT_MESSAGE = validator((SCHEMAS / "client-message.json").as_uri())


def errors(validator_, instance) -> list:
    """Every violation as 'path: message' (empty when the instance is valid)."""
    return [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
            for e in sorted(validator_.iter_errors(instance), key=lambda e: list(map(str, e.absolute_path)))]


def _pointer(*parts) -> str:
    return "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def response_validator(template: str, status: int, content_type: str) -> Draft202012Validator:
    """The validator of the documented body of `GET template` answering `status` with `content_type` (its media
    type, parameters dropped). Fails when the document does not describe that answer."""
    operation = DOCUMENT["paths"][template]["get"]
    responses = operation["responses"]
    assert str(status) in responses, f"GET {template} answered {status}, which docs/openapi.json does not list"
    response = responses[str(status)]
    if "$ref" in response:
        name = response["$ref"].rsplit("/", 1)[1]
        response = DOCUMENT["components"]["responses"][name]
        base = _pointer("components", "responses", name)
    else:
        base = _pointer("paths", template, "get", "responses", str(status))
    media = content_type.split(";")[0].strip()
    assert media in response.get("content", {}), \
        f"GET {template} {status} answered {media}; docs/openapi.json lists {sorted(response.get('content', {}))}"
    return validator(f"{OPENAPI.as_uri()}#/{base}/{_pointer('content', media, 'schema')}")

"""What the product's bus contract says (GET /api/asyncapi.json, rendered in docs/bus-contract.md),
as this worker reads it: the topics, the group, the schema version, the frame sizes, and the render
request's fields this worker relies on, checked as the contract's JSON Schema says.
"""
import json
import re

REQUESTS_TOPIC = "render.requests"
STATUS_TOPIC = "render.status"
CONSUMER_GROUP = "render-workers"
DLQ_SUFFIX = ".dlq"
SCHEMA_VERSION = 1  # the version of render.requests this worker reads, and of render.status it writes
FRAME_SIZES = {"9:16": (1080, 1920), "16:9": (1920, 1080), "1:1": (1080, 1080)}
MEDIA_KINDS = ("clip", "image")
MEDIA_FITS = ("crop", "letterbox")
REQUIRED_TEXT = ("videoId", "userId", "topic", "language", "voiceId", "style", "requestedAt")
TRACE_HEADERS = ("correlationId", "causationId")


class Unreadable(Exception):
    """A message no retry can help: it goes to the dead-letter topic, with this as its reason."""


def read_request(value, headers):
    """The request, checked as the contract's JSON Schema says, or Unreadable with the reason."""
    declared = headers.get("schemaVersion", "1")
    if not re.fullmatch(r"[1-9][0-9]*", declared):
        raise Unreadable(f"schemaVersion header {declared!r} is not a positive integer")
    if int(declared) > SCHEMA_VERSION:
        raise Unreadable(f"schema version {declared} is newer than the {SCHEMA_VERSION} this worker reads")
    try:
        request = json.loads((value or b"").decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise Unreadable(f"not JSON: {error}") from None
    if not isinstance(request, dict):
        raise Unreadable("not a JSON object")
    problems = [f"{name}: required text" for name in REQUIRED_TEXT if not _text(request.get(name))]
    if request.get("aspectRatio") not in FRAME_SIZES:
        problems.append(f"aspectRatio: one of {', '.join(FRAME_SIZES)}")
    if not _positive_int(request.get("duration")):
        problems.append("duration: a positive integer")
    if "version" in request and not _positive_int(request["version"]):
        problems.append("version: a positive integer")
    problems += _script_problems(request.get("script"))
    problems += _import_problems(request.get("import"))
    problems += _scene_media_problems(request.get("sceneMedia"))
    if problems:
        raise Unreadable("not a render request: " + "; ".join(problems))
    return request


def trace_of(headers):
    """The request's correlation and causation ids, copied onto every status of its render."""
    return {name: headers[name] for name in TRACE_HEADERS if headers.get(name)}


def _text(value, allow_empty=False):
    return isinstance(value, str) and (allow_empty or bool(value))


def _positive_int(value):
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _script_problems(script):
    if script is None:
        return []
    if not isinstance(script, dict):
        return ["script: an object"]
    problems = []
    if not _text(script.get("title"), allow_empty=True) or len(script["title"]) > 100:
        problems.append("script.title: text of at most 100 characters")
    if not _text(script.get("description"), allow_empty=True):
        problems.append("script.description: text")
    lines = script.get("narrationScript")
    if not isinstance(lines, list) or not lines or not all(isinstance(line, str) for line in lines):
        problems.append("script.narrationScript: a list of at least one text")
    return problems


def _import_problems(source):
    if source is None:
        return []
    if not isinstance(source, dict):
        return ["import: an object"]
    problems = [f"import.{name}: required text" for name in ("mediaId", "blobKey") if not _text(source.get(name))]
    if not _text(source.get("title"), allow_empty=True) or len(source["title"]) > 100:
        problems.append("import.title: text of at most 100 characters")
    return problems


def _scene_media_problems(items):
    if items is None:
        return []
    if not isinstance(items, list):
        return ["sceneMedia: a list"]
    problems = []
    for index, item in enumerate(items):
        if item is None:
            continue
        where = f"sceneMedia[{index}]"
        if not isinstance(item, dict):
            problems.append(f"{where}: an object or null")
            continue
        problems += [f"{where}.{name}: required text" for name in ("mediaId", "blobKey") if not _text(item.get(name))]
        if item.get("kind") not in MEDIA_KINDS:
            problems.append(f"{where}.kind: one of {', '.join(MEDIA_KINDS)}")
        if item.get("fit") not in MEDIA_FITS:
            problems.append(f"{where}.fit: one of {', '.join(MEDIA_FITS)}")
    return problems

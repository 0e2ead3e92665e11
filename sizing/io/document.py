"""Reading an input document (YAML or JSON) once: size limits, strict YAML (no duplicate keys, bounded
aliases), JSON with duplicate keys named by line, text checks; every error is one line naming the file."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from sizing.errors import SizingInputError
from sizing.errors import shown as errors_shown

#: A submittal, log or upload larger than this is refused before it is parsed [bytes] (a 2,000-fixture
#: submittal is about 150 kB).
MAX_FILE_BYTES = 1_000_000
#: Values that YAML aliases may add to a document: a real file repeats a few sections by alias; an
#: "alias bomb" (aliases of aliases) would expand to billions.
MAX_ALIAS_VALUES = 10_000
#: The longest text anywhere in a document [characters] (notes, evidence); named fields have lower bounds.
MAX_TEXT = 20_000
_MERGE = "tag:yaml.org,2002:merge"
_STR = "tag:yaml.org,2002:str"
#: Keys whose values identify a record (sizing.io.fields.IDENTIFIER_FIELDS): kept as the text written.
IDENTIFIER_KEYS = frozenset({"fse_id", "permit", "plan_check", "manifest", "engineer_license", "submittal_id",
                             "apn"})
_NUMERIC_TAGS = frozenset({"tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
                           "tag:yaml.org,2002:timestamp"})


class _DuplicateKey(Exception):
    def __init__(self, key: Any, first: int | None = None, second: int | None = None):
        super().__init__(key)
        self.key, self.first, self.second = key, first, second


#: YAML nodes (list items, keys, values, lists, mappings) a document may hold: a 2,000-fixture submittal with
#: type, count, area and label has about 20,000. The work of loading grows with them (about 10 us each), so
#: they are counted before anything is built.
MAX_NODES = 50_000
#: Lists and mappings nested in one another (a submittal goes about 5 deep).
MAX_DEPTH = 20

#: libyaml's loader when installed (10-20 x faster than the pure-Python one); the same checks either way.
_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Limit(Exception):
    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.message, self.line = message, line


def _check_events(raw: str) -> None:
    """One pass over the YAML events, before any value is built: at most MAX_NODES nodes, MAX_DEPTH levels,
    and MAX_ALIAS_VALUES values added by aliases (an alias adds every value of the node it repeats)."""
    nodes = expanded = alias_values = 0
    sizes: dict[str, int] = {}
    stack: list[tuple[str | None, int]] = []
    loader = _Base(raw)
    try:
        while loader.check_event():
            event = loader.get_event()
            kind = type(event)
            if kind is yaml.ScalarEvent:
                nodes += 1
                expanded += 1
                if event.anchor:
                    sizes[event.anchor] = 1
            elif kind is yaml.SequenceStartEvent or kind is yaml.MappingStartEvent:
                nodes += 1
                expanded += 1
                stack.append((event.anchor, expanded - 1))
                if len(stack) > MAX_DEPTH:
                    raise _Limit(f"nests lists and mappings more than {MAX_DEPTH} deep", _line(event))
            elif kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
                anchor, start = stack.pop()
                if anchor:
                    sizes[anchor] = expanded - start
            elif kind is yaml.AliasEvent:
                nodes += 1
                added = sizes.get(event.anchor, 1)
                expanded += added
                alias_values += added
                if alias_values > MAX_ALIAS_VALUES:
                    raise yaml.composer.ComposerError(
                        None, None, f"aliases (*name) expand to more than {MAX_ALIAS_VALUES:,} values; "
                        "write the values out", event.start_mark)
            if nodes > MAX_NODES:
                raise _Limit(f"holds more than {MAX_NODES:,} values (list items, keys and values)", _line(event))
    finally:
        loader.dispose()


def _line(event: Any) -> int | None:
    mark = getattr(event, "start_mark", None)
    return None if mark is None else mark.line + 1


class _Loader(_Base):
    """A safe YAML loader that refuses a key given twice, and a second merge key (``<<``), in one mapping, and
    reads a date that does not exist (2024-02-30) as text, so the field's own parser names it. Sizes are
    checked before loading (:func:`_check_events`)."""

    def flatten_mapping(self, node: Any) -> Any:
        # the mapping as written, before its merge keys are resolved (construct_mapping calls this first)
        seen: dict[tuple[str, str], int] = {}
        merge: int | None = None
        for key_node, _ in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                continue
            line = key_node.start_mark.line + 1
            if key_node.tag == _MERGE:
                if merge is not None:
                    raise _DuplicateKey("<<", merge, line)
                merge = line
                continue
            key = (key_node.tag, key_node.value)
            if key in seen:
                raise _DuplicateKey(key_node.value, seen[key], line)
            seen[key] = line
        return super().flatten_mapping(node)

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        # an identifier's plain scalar is text as written: 0417 is not the octal 271, 12:30 not the base-60 750
        for key_node, value_node in node.value:
            if (isinstance(key_node, yaml.ScalarNode) and key_node.value in IDENTIFIER_KEYS
                    and isinstance(value_node, yaml.ScalarNode) and value_node.style is None
                    and value_node.tag in _NUMERIC_TAGS):
                value_node.tag = _STR
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_timestamp(self, node: Any) -> Any:
        try:
            return super().construct_yaml_timestamp(node)
        except (ValueError, OverflowError):
            return self.construct_scalar(node)

    def get_single_node(self) -> Any:
        # libyaml marks a plain scalar with the style '', PyYAML's own composer with None: one convention (None)
        # for what reads node.style
        node = super().get_single_node()
        todo = [node] if node is not None else []
        seen: set[int] = set()
        while todo:
            item = todo.pop()
            if id(item) in seen:
                continue
            seen.add(id(item))
            if isinstance(item, yaml.ScalarNode):
                if item.style == "":
                    item.style = None
            elif isinstance(item, yaml.SequenceNode):
                todo.extend(item.value)
            elif isinstance(item, yaml.MappingNode):
                for key, value in item.value:
                    todo.append(key)
                    todo.append(value)
        return node


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _Loader.construct_yaml_timestamp)


def _json_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


_JSON_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[{}\[\]:\n]')


def _json_duplicate_lines(raw: str, key: str) -> tuple[int | None, int | None]:
    """The lines of the first key that appears twice in one JSON object (for the message only)."""
    stack: list[dict[str, int] | None] = []
    line, last = 1, None
    for match in _JSON_TOKEN.finditer(raw):
        token = match.group()
        if token == "\n":
            line += 1
            continue
        if token.startswith('"'):
            try:
                last = (json.loads(token), line)
            except ValueError:
                last = None
            continue
        if token == ":" and last is not None and stack and stack[-1] is not None:
            name, at = last
            if name == key and name in stack[-1]:
                return stack[-1][name], at
            stack[-1].setdefault(name, at)
        elif token == "{":
            stack.append({})
        elif token == "[":
            stack.append(None)
        elif token in "}]" and stack:
            stack.pop()
        last = None
    return None, None


def _check_tree(data: Any, name: str, field: str) -> None:
    """Every text in a document: at most MAX_TEXT characters, and real characters (no lone surrogates,
    which JSON escapes such as \\ud800 can produce and which no file can hold)."""
    todo: list[tuple[str, Any, int]] = [("", data, 0)]
    nodes = 0
    while todo:
        path, value, depth = todo.pop()
        nodes += 1
        if nodes > MAX_NODES:  # JSON (YAML was counted before loading)
            raise _Limit(f"holds more than {MAX_NODES:,} values (list items, keys and values)")
        if isinstance(value, (Mapping, list)) and depth >= MAX_DEPTH:
            raise _Limit(f"nests lists and mappings more than {MAX_DEPTH} deep")
        if isinstance(value, Mapping):
            for k, v in value.items():
                sub = f"{path}.{k}" if path else str(k)
                _check_text(k, sub[:200], name, field)
                nodes += 1
                todo.append((sub[:200], v, depth + 1))
        elif isinstance(value, list):
            todo.extend((f"{path}[{i}]", v, depth + 1) for i, v in enumerate(value))
        else:
            _check_text(value, path, name, field)


def _check_text(value: Any, path: str, name: str, field: str) -> None:
    if not isinstance(value, str):
        return
    where = path or "the document"
    if len(value) > MAX_TEXT:
        raise SizingInputError(where, value, f"text of at most {MAX_TEXT:,} characters")
    if _SURROGATE.search(value):
        raise SizingInputError(where, None, "", message=(
            f"{where}: holds an unpaired surrogate escape (such as \\ud800), which is not a character; "
            "fix the text"))


_SURROGATE = re.compile("[\ud800-\udfff]")


def shown_path(path: str | Path) -> str:
    """A file name for a message, cut to 80 characters."""
    text = str(path)
    return text if len(text) <= 80 else text[:77] + "..."


def read_bytes(path: str | Path, field: str = "FILE", limit: int = MAX_FILE_BYTES) -> bytes:
    """A file's bytes, at most ``limit``; every failure is one SizingInputError line."""
    path = Path(path)
    name = shown_path(path)
    try:
        with path.open("rb") as fh:
            data = fh.read(limit + 1)
    except FileNotFoundError:
        raise SizingInputError(field, name, "", message=f"{field}: no such file: {name}") from None
    except OSError as exc:
        why = exc.strerror or exc.__class__.__name__
        raise SizingInputError(field, name, "", message=f"{field}: cannot read {name}: {why}") from None
    if len(data) > limit:
        raise SizingInputError(field, name, "", message=(
            f"{field}: {name} is larger than {limit // 1_000_000:,} MB, the limit for a submittal file"))
    return data


def load_document(path: str | Path, field: str = "FILE") -> dict[str, Any]:
    """Read a YAML or JSON submittal into a mapping; every failure is one SizingInputError line."""
    data = read_bytes(path, field)
    try:
        raw = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        name = shown_path(path)
        raise SizingInputError(field, name, "", message=f"{field}: cannot read {name}: not UTF-8 text") from None
    return parse_document(raw, str(path), field)


def parse_document(raw: str, name: str = "input", field: str = "FILE") -> dict[str, Any]:
    """Parse YAML or JSON text (JSON is YAML) into a mapping.

    Refused, each with one line: duplicate keys (naming the key and both lines), YAML aliases that expand
    beyond MAX_ALIAS_VALUES, text longer than MAX_TEXT, unpaired surrogates, nesting too deep.
    """
    raw = raw.removeprefix("\ufeff")
    shown_name = shown_path(name)
    if len(raw) > MAX_FILE_BYTES:
        raise SizingInputError(field, shown_name, "", message=(
            f"{field}: {shown_name} is larger than {MAX_FILE_BYTES // 1_000_000:,} MB, the limit for a submittal file"))
    try:
        if name.endswith(".json"):
            data = json.loads(raw, object_pairs_hook=_json_pairs)
        else:
            _check_events(raw)
            data = yaml.load(raw, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except _Limit as limit:
        where = f" (at line {limit.line})" if limit.line else ""
        raise SizingInputError(field, shown_name, "", message=(
            f"{field}: {shown_name} {limit.message}{where}; a submittal or log is far smaller")) from None
    except _DuplicateKey as dup:
        first, second = (dup.first, dup.second) if dup.first else _json_duplicate_lines(raw, dup.key)
        lines = f" (lines {first} and {second})" if first and second else ""
        raise SizingInputError(field, shown_name, "", message=(
            f"{field}: {shown_name}: key {errors_shown(dup.key)} is given twice in the same section{lines}; "
            "give it once (the second would silently replace the first)")) from None
    except json.JSONDecodeError as exc:
        raise SizingInputError(field, shown_name, "", message=f"{field}: {shown_name} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or "syntax error"
        raise SizingInputError(field, shown_name, "", message=f"{field}: {shown_name} is not valid YAML: {problem}{where}") from None
    except RecursionError:
        raise SizingInputError(field, shown_name, "", message=f"{field}: {shown_name} is nested too deeply") from None
    except (ValueError, OverflowError) as exc:  # e.g. an integer of more than 4,300 digits
        detail = errors_shown(" ".join(str(exc).split()))
        raise SizingInputError(field, shown_name, "", message=f"{field}: {shown_name} holds a value that cannot be read: {detail}") from None
    if data is None:  # an empty file, or only comments
        raise SizingInputError(field, shown_name, "", message=f"{field}: {shown_name}: the file is empty")
    if not isinstance(data, dict):
        raise SizingInputError(field, shown_name, "", message=f"{field}: {shown_name} must hold a mapping of fields (edition, fixtures, ...), got {type(data).__name__}")
    try:
        _check_tree(data, shown_name, field)
    except _Limit as limit:
        raise SizingInputError(field, shown_name, "", message=(
            f"{field}: {shown_name} {limit.message}; a submittal or log is far smaller")) from None
    return data

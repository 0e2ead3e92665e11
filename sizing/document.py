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
#: Keys whose values identify a record (sizing.parse.IDENTIFIER_FIELDS): kept as the text written.
IDENTIFIER_KEYS = frozenset({"fse_id", "permit", "plan_check", "manifest", "engineer_license", "submittal_id"})
_NUMERIC_TAGS = frozenset({"tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
                           "tag:yaml.org,2002:timestamp"})


class _DuplicateKey(Exception):
    def __init__(self, key: Any, first: int | None = None, second: int | None = None):
        super().__init__(key)
        self.key, self.first, self.second = key, first, second


class _Loader(yaml.SafeLoader):
    """yaml.SafeLoader that refuses duplicate keys and alias expansion beyond MAX_ALIAS_VALUES, and reads a
    date that does not exist (2024-02-30) as text, so the field's own parser names it."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self._alias_values = 0
        self._sizes: dict[int, int] = {}

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            node = self.anchors.get(event.anchor)
            if node is not None:
                self._alias_values += _node_size(node, self._sizes)
                if self._alias_values > MAX_ALIAS_VALUES:
                    raise yaml.composer.ComposerError(
                        None, None, f"aliases (*name) expand to more than {MAX_ALIAS_VALUES:,} values; "
                        "write the values out", event.start_mark)
        return super().compose_node(parent, index)

    def compose_mapping_node(self, anchor: Any) -> Any:
        node = super().compose_mapping_node(anchor)
        seen: dict[tuple[str, str], int] = {}
        for key_node, _ in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.tag != _MERGE:
                key = (key_node.tag, key_node.value)
                line = key_node.start_mark.line + 1
                if key in seen:
                    raise _DuplicateKey(key_node.value, seen[key], line)
                seen[key] = line
        return node

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


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _Loader.construct_yaml_timestamp)


def _node_size(node: Any, sizes: dict[int, int]) -> int:
    """Values in a composed YAML node (each node counted once per reference; memoised)."""
    key = id(node)
    if key in sizes:
        return sizes[key]
    sizes[key] = 1  # a node that refers to itself counts once
    if isinstance(node, yaml.SequenceNode):
        size = 1 + sum(_node_size(child, sizes) for child in node.value)
    elif isinstance(node, yaml.MappingNode):
        size = 1 + sum(_node_size(k, sizes) + _node_size(v, sizes) for k, v in node.value)
    else:
        size = 1
    sizes[key] = size
    return size


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
    todo: list[tuple[str, Any]] = [("", data)]
    while todo:
        path, value = todo.pop()
        if isinstance(value, Mapping):
            for k, v in value.items():
                sub = f"{path}.{k}" if path else str(k)
                _check_text(k, sub[:200], name, field)
                todo.append((sub[:200], v))
        elif isinstance(value, list):
            todo.extend((f"{path}[{i}]", v) for i, v in enumerate(value))
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
    """A file name for a message, cut to 120 characters."""
    text = str(path)
    return text if len(text) <= 120 else text[:117] + "..."


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
            data = yaml.load(raw, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
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
    _check_tree(data, shown_name, field)
    return data

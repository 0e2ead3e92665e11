"""Field parsers shared by every input section: each error names the field path and what was expected."""

from __future__ import annotations

import datetime as dt
import difflib
import json
import math
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from sizing.errors import SizingInputError

_TRUE = {"true", "yes", "y", "1", "on"}
_FALSE = {"false", "no", "n", "0", "off"}


def whole(field: str, value: Any, minimum: int = 0, default: int | None = None) -> int:
    """A whole number >= minimum (2 and 2.0 pass; 2.5, True and -1 do not).

    >>> whole("fixtures[2].count", 3)
    3
    """
    if value is None and default is not None:
        return default
    expected = f"a whole number >= {minimum}"
    if isinstance(value, bool):
        raise SizingInputError(field, value, expected)
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise SizingInputError(field, value, expected) from None
    if not isinstance(value, (int, float)) or not math.isfinite(value) or float(value) != int(value):
        raise SizingInputError(field, value, expected)
    if value < minimum:
        raise SizingInputError(field, int(value) if float(value).is_integer() else value, expected)
    return int(value)


def number(field: str, value: Any, minimum: float | None = None, maximum: float | None = None,
           strict_minimum: bool = False, expected: str | None = None) -> float:
    """A plain (unitless) number within bounds."""
    want = expected or "a number"
    if minimum is not None:
        want += f" {'>' if strict_minimum else '>='} {minimum:g}"
    if maximum is not None:
        want += f" and <= {maximum:g}"
    if isinstance(value, bool) or value is None:
        raise SizingInputError(field, value, want)
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise SizingInputError(field, value, want) from None
    if not isinstance(value, (int, float)) or not math.isfinite(value):
        raise SizingInputError(field, value, want)
    if minimum is not None and (value < minimum or (strict_minimum and value <= minimum)):
        raise SizingInputError(field, value, want)
    if maximum is not None and value > maximum:
        raise SizingInputError(field, value, want)
    return float(value)


def boolean(field: str, value: Any, default: bool | None = None) -> bool:
    """true/false (also yes/no, 1/0 as text, for CSV and forms)."""
    if value is None and default is not None:
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise SizingInputError(field, value, "true or false")


def choice(field: str, value: Any, options: Iterable[str], default: str | None = None) -> str:
    """One of a fixed set of words; suggests the closest on a miss."""
    options = list(options)
    if value is None and default is not None:
        return default
    if isinstance(value, str):
        key = normalise_key(value)
        if key in options:
            return key
        expected = "one of " + ", ".join(options)
        close = difflib.get_close_matches(key, options, n=1, cutoff=0.6)
        if close:
            expected += f" (did you mean {close[0]!r}?)"
        raise SizingInputError(field, value, expected)
    raise SizingInputError(field, value, "one of " + ", ".join(options))


def date(field: str, value: Any, default: dt.date | None = None) -> dt.date:
    """A calendar date, 'YYYY-MM-DD'; dates that do not exist (2026-02-30) are errors."""
    if value is None and default is not None:
        return default
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise SizingInputError(field, value, "a date that exists, as YYYY-MM-DD")


def text(field: str, value: Any, default: str | None = None, max_length: int = 2000) -> str:
    if value is None and default is not None:
        return default
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or len(value) > max_length:
        raise SizingInputError(field, value, f"text of at most {max_length} characters")
    return value.strip()


def mapping(field: str, value: Any, allowed: Iterable[str] | None = None,
            default: Mapping | None = None) -> Mapping[str, Any]:
    """A mapping whose keys are all known: a mistyped key is an error, never silently ignored."""
    if value is None and default is not None:
        return default
    if not isinstance(value, Mapping):
        raise SizingInputError(field, _kind(value), "a mapping of field: value")
    if allowed is not None:
        allowed = list(allowed)
        for key in value:
            if key not in allowed:
                close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                path = f"{field}.{key}" if field else str(key)
                raise SizingInputError(path, None, "", message=(
                    f"{path}: unknown field{hint}; expected one of {', '.join(allowed)}"))
    return value


def sequence(field: str, value: Any, default: list | None = None) -> list:
    if value is None and default is not None:
        return default
    if not isinstance(value, list):
        raise SizingInputError(field, _kind(value), "a list")
    return value


def normalise_key(value: str) -> str:
    """'Three-compartment Sink' -> 'three_compartment_sink'."""
    return "_".join(value.strip().lower().replace("-", " ").replace("/", " ").split())


def _kind(value: Any) -> str:
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return value


def load_document(path: str | Path, field: str = "FILE") -> dict[str, Any]:
    """Read a YAML or JSON submittal into a mapping; every failure is one SizingInputError line."""
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SizingInputError(field, str(path), "", message=f"{field}: no such file: {path}") from None
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as exc:
        raise SizingInputError(field, str(path), "", message=f"{field}: cannot read {path}: {exc.__class__.__name__}") from None
    return parse_document(raw, str(path), field)


def parse_document(raw: str, name: str = "input", field: str = "FILE") -> dict[str, Any]:
    """Parse YAML or JSON text (JSON is YAML) into a mapping."""
    try:
        if name.endswith(".json"):
            data = json.loads(raw)
        else:
            data = yaml.safe_load(raw)
    except json.JSONDecodeError as exc:
        raise SizingInputError(field, name, "", message=f"{field}: {name} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or "syntax error"
        raise SizingInputError(field, name, "", message=f"{field}: {name} is not valid YAML: {problem}{where}") from None
    if data is None:  # an empty file, or only comments
        raise SizingInputError(field, name, "", message=f"{field}: {name}: the file is empty")
    if not isinstance(data, dict):
        raise SizingInputError(field, name, "", message=f"{field}: {name} must hold a mapping of fields (edition, fixtures, ...), got {type(data).__name__}")
    return data

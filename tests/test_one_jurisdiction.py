"""One Jurisdiction: resolved once where it is chosen (a command's ``--jurisdiction``, the app's selector, the id a
stored record carries), then passed down as the object, under one name, and never looked up again below."""

from __future__ import annotations

import ast
import datetime as dt
import inspect
from pathlib import Path

import pytest

from sizing.jurisdiction.profile import Jurisdiction

SIZING = Path(__file__).resolve().parent.parent / "sizing"
#: Where the jurisdiction is only ever given, never resolved: no import of the registry's look-ups.
BELOW_THE_BOUNDARY = [*(SIZING / "rules").rglob("*.py"), *(SIZING / "io" / "sections").rglob("*.py"),
                      *(SIZING / "cpc").rglob("*.py"), SIZING / "io" / "submittal.py",
                      *(p for p in (SIZING / "report").rglob("*.py") if p.name != "jurisdictions_doc.py")]
LOOK_UPS = {"get", "load_file"}
#: The names a jurisdiction has gone by; none may be a parameter typed ``Any``.
NAMES = {"place", "profile", "jurisdiction"}


def _look_ups(tree: ast.AST) -> list[str]:
    """The registry's look-ups a module imports, or reaches through the imported module (``jurisdiction.get``)."""
    found, aliases = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "sizing.jurisdiction.profile":
            found += [f"line {node.lineno}: imports {a.name}" for a in node.names if a.name in LOOK_UPS]
        elif isinstance(node, ast.ImportFrom) and node.module == "sizing.jurisdiction":
            aliases |= {a.asname or a.name for a in node.names if a.name == "profile"}
        elif isinstance(node, ast.Import):
            aliases |= {a.asname or a.name for a in node.names if a.name == "sizing.jurisdiction.profile"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in LOOK_UPS and ast.unparse(node.value) in aliases:
            found.append(f"line {node.lineno}: calls {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("path", BELOW_THE_BOUNDARY, ids=lambda p: str(p.relative_to(SIZING)))
def test_nothing_below_the_boundary_looks_a_jurisdiction_up(path):
    assert _look_ups(ast.parse(path.read_text(encoding="utf-8"))) == []


def test_the_guard_sees_a_look_up():
    assert _look_ups(ast.parse("from sizing.jurisdiction.profile import Jurisdiction, get")) == ["line 1: imports get"]
    assert _look_ups(ast.parse("def f():\n    from sizing.jurisdiction.profile import load_file as lf\n")) == [
        "line 2: imports load_file"]
    assert _look_ups(ast.parse("from sizing.jurisdiction import profile as j\nj.get('tracy')\n")) == [
        "line 2: calls j.get"]


def _loose_parameters(tree: ast.AST) -> list[str]:
    """Parameters named as a jurisdiction whose annotation is (or includes) ``Any``."""
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        a = node.args
        for arg in [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg]:
            if arg is None or arg.arg not in NAMES or arg.annotation is None:
                continue
            text = arg.annotation.value if isinstance(arg.annotation, ast.Constant) else ast.unparse(arg.annotation)
            if "Any" in str(text).replace("|", " ").replace("[", " ").replace("]", " ").split():
                out.append(f"{node.name}({arg.arg}: {text}) line {node.lineno}")
    return out


def test_no_jurisdiction_parameter_is_typed_any():
    loose = {str(p.relative_to(SIZING)): found for p in sorted(SIZING.rglob("*.py"))
             if (found := _loose_parameters(ast.parse(p.read_text(encoding="utf-8"))))}
    assert loose == {}


def test_the_guard_sees_a_loose_parameter():
    assert _loose_parameters(ast.parse("def f(x, profile: Any, *, place: 'Any | None' = None): ...")) == [
        "f(profile: Any) line 1", "f(place: Any | None) line 1"]
    assert _loose_parameters(ast.parse("def f(jurisdiction: Jurisdiction, jurisdiction_id: Any): ...")) == []


def test_the_calendar_reads_the_holidays_of_the_object_it_is_given():
    """A Jurisdiction no folder holds, under the id of a shipped one: its own list decides, not the file's. Its
    only closure day is its own (Christmas Eve); Thanksgiving Day, a holiday of the shipped profile, is a working
    day here."""
    from sizing.jurisdiction.calendar import add_working_days, holiday_name, is_working_day

    own = Jurisdiction(id="tracy", raw={"holidays": {"country": "US", "subdivision": "CA", "observed": [],
                                                     "local": [{"name": "Christmas Eve", "month": 12, "day": 24}]}})
    assert holiday_name(dt.date(2025, 12, 24), own) == "Christmas Eve"
    assert is_working_day(dt.date(2025, 11, 27), own)                      # Thursday, Thanksgiving Day 2025
    # Tue 2025-12-23 + 2 working days: (Wed 24 closed) Thu 25, Fri 26 -> 2025-12-26 (Christmas Day is open here)
    assert add_working_days(dt.date(2025, 12, 23), 2, own) == dt.date(2025, 12, 26)


@pytest.mark.parametrize("function", ["sizing.rules.review:review", "sizing.rules.waiver:decide",
                                      "sizing.rules.waiver:parse_waiver"])
def test_a_decision_takes_the_jurisdiction_of_its_submittal_only(function):
    import importlib

    module, name = function.split(":")
    assert list(inspect.signature(getattr(importlib.import_module(module), name)).parameters) == ["sub", "today"]


def test_the_submittal_carries_the_object_it_was_read_under():
    from sizing.io import submittal
    from sizing.jurisdiction.profile import get

    cpc = get("cpc")
    sub = submittal.from_dict({"fixtures": [{"type": "floor_drain"}]}, jurisdiction=cpc)
    assert sub.jurisdiction is cpc
    assert isinstance(submittal.from_dict({"fixtures": [{"type": "floor_drain"}]}).jurisdiction, Jurisdiction)

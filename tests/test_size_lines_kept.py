"""sizing.size keeps each fixture line it counted (sizing.size.counted_line): a submittal sized with the kept lines
gives the result, steps and warnings of the lines counted one by one, as the first time, and after one line
changed."""

from __future__ import annotations

import copy
import json

import pytest

from sizing import size as sizing_size
from sizing.lines import Run, fixture_line, line_warnings
from sizing.parse import load_document
from sizing.submittal import fixture_types, from_dict
from tests.conftest import EXAMPLES


def forty_lines() -> list[dict]:
    """The rerun benchmark's 40 lines (benchmarks/app_rerun.py): every fixture type in turn, sinks with their
    dimensions, a floor sink's trap, appliances' flows."""
    kinds = list(fixture_types())
    out = []
    for i in range(40):
        kind = kinds[i % len(kinds)]
        item = {"type": kind, "count": 1 + i % 3, "area": fixture_types()[kind].area}
        if kind.endswith("sink") and kind != "hand_sink":
            item.update({"length": "24 in", "width": "610 mm", "depth": "12 in"})
        if kind == "floor_sink":
            item["trap_size"] = "2 in"
        if kind in ("dishwasher", "ice_machine"):
            item["flow"] = "2 gpm"
        out.append(item)
    return out


FORTY = forty_lines()


def counted_one_by_one(f, tables, receptor_listed, sub):
    run = Run(tables.edition)
    line = fixture_line(f, run, receptor_listed)
    first = tuple(run.warnings)
    line_warnings(f, line, sub.jurisdiction, receptor_listed, run)
    return sizing_size.CountedLine(line, tuple(run.tables), tuple(run.steps), first,
                                   tuple(run.warnings[len(first):]), frozenset(run.warned))


def both(doc: dict, monkeypatch) -> tuple:
    sub = from_dict(doc)
    kept = [sizing_size.size(sub) for _ in range(2)]  # counted, then taken from the kept lines
    with monkeypatch.context() as m:
        m.setattr(sizing_size, "counted_line", counted_one_by_one)
        fresh = sizing_size.size(sub)
    return kept, fresh


def same(a, b) -> bool:
    return (json.dumps(a.to_dict(), default=str) == json.dumps(b.to_dict(), default=str)
            and [getattr(w, "code", None) for w in a.warnings] == [getattr(w, "code", None) for w in b.warnings])


def examples() -> list:
    docs = []
    for path in sorted(EXAMPLES.glob("*.yaml")):
        doc = load_document(path)
        if isinstance(doc, dict) and doc.get("fixtures"):
            docs.append(pytest.param(doc, id=path.name))
    return docs


@pytest.mark.parametrize("doc", [*examples(), pytest.param({"fixtures": FORTY}, id="forty-lines")])
def test_kept_lines_give_the_lines_counted_one_by_one(doc, monkeypatch):
    kept, fresh = both(doc, monkeypatch)
    assert all(same(k, fresh) for k in kept)


def test_after_one_line_changed(monkeypatch):
    doc = {"fixtures": copy.deepcopy(FORTY)}
    sizing_size.size(from_dict(doc))
    for count in (7, 0, 2):
        doc["fixtures"][3]["count"] = count
        kept, fresh = both(doc, monkeypatch)
        assert all(same(k, fresh) for k in kept)

"""``docs/jurisdictions.md``: the shipped jurisdictions side by side, rule by rule, each value with its citation and
confirmation level, generated from the profiles (``sizing jurisdictions doc``, or ``python -m
sizing.report.jurisdictions_doc`` to rewrite the file), so the comparison cannot drift from what the tool applies.

Generic over the profiles: the rows are the review rules of the registry that any profile lists, each followed by
the parameters it reads; then the connection defaults, every other parameter a profile carries, the waivers and
the working-day calendar. A profile or a rule added later appears with no change here.
The file's last part, from the heading :data:`READING`, is written by hand and kept when the file is rewritten.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from sizing.jurisdiction.profile import READ_FROM_TEXT, Jurisdiction, get
from sizing.quantities import UNIT_QUANTITY, number

#: Where the generated file is committed (relative to the repository root).
DOC = Path(__file__).resolve().parents[2] / "docs" / "jurisdictions.md"
#: A cell with nothing in it: the profile does not carry the value, or does not apply the rule.
ABSENT = "—"
#: The heading of the hand-written part of the file (everything from it on is kept as written).
READING = "## Each profile read against its text"
#: A list with more items than this is summarised ("table of N rows"), not spelt out.
MAX_ITEMS = 6

INTRO = """# Jurisdictions compared

Generated from `tables/jurisdictions/*.yaml` by `sizing jurisdictions doc` (`python -m sizing.report.jurisdictions_doc`
rewrites this file; a test fails when it differs from the profiles). Do not edit it by hand, down to the section
"Each profile read against its text", which is written by hand (a reading of each code text, rule by rule) and is
kept as it is when the file is rewritten.

Each cell gives the value, its citation and its confirmation level: **confirmed** (the code text as the jurisdiction
supplied it), **secondary** (a published copy of the code text, or a secondary source quoting the code: the
profile's notes say which), **derived** (the tool's reading, or a value computed from the text), **unconfirmed** (not
read from the code text: shown, never taken from another city) and **local policy** (not ordinance text). "—": the
profile does not apply the rule or carry the value. **Each profile should be confirmed by its jurisdiction before
official use.**
"""


def profiles() -> list[Jurisdiction]:
    """The profiles shipped with the package (never a folder named by the environment), by id."""
    from sizing.io.tables import tables_dir

    own = tables_dir() / "jurisdictions"
    return [get(p.stem, where=own) for p in sorted(own.glob("*.yaml"))]


def render(js: list[Jurisdiction] | None = None) -> str:
    """The whole document, as committed in ``docs/jurisdictions.md``."""
    js = profiles() if js is None else js
    parts = [INTRO, "## The profiles", "", *_table(["id", "jurisdiction", "code chapter", "source", "confirmation"],
                                                   [[f"`{j.id}`", j.name, j.chapter or ABSENT,
                                                     str(j.raw.get("source") or ABSENT), j.confirmation()]
                                                    for j in js]),
             "", "## Rule by rule", "", *_table(["rule · value", *[f"`{j.id}`" for j in js]], _rows(js)), ""]
    return "\n".join(parts)


def _rows(js: list[Jurisdiction]) -> list[list[str]]:
    from sizing.rules.review_rules import registry

    rows: list[list[str]] = []
    shown: set[str] = set()
    for spec in registry.rules():
        if not any(spec.id in j.review_rules for j in js):
            continue
        rows.append([f"**{spec.id}**", *("applied" if spec.id in j.review_rules else ABSENT for j in js)])
        for key in (*spec.parameters, *spec.optional):
            if key in shown or not any(key in j.parameters for j in js):
                continue
            shown.add(key)
            rows.append([f"{spec.id} · `{key}`", *(_cell(j, j.parameters.get(key)) for j in js)])
    keys = list(dict.fromkeys(k for j in js for k in (j.raw.get("sizing") or {})))
    rows += [[f"connection default · `{k}`", *(_cell(j, (j.raw.get("sizing") or {}).get(k)) for j in js)]
             for k in keys]
    rest = [k for k in dict.fromkeys(k for j in js for k in j.parameters) if k not in shown]
    rows += [[f"other · `{k}`", *(_cell(j, j.parameters.get(k)) for j in js)] for k in rest]
    rows.append(["device terms (what the text calls a grease trap)", *(_terms(j) for j in js)])
    rows.append(["maintenance by device type", *(_device_tasks(j) for j in js)])
    rows.append(["waivers", *(_waivers(j) for j in js)])
    rows.append(["working-day calendar", *(_calendar(j) for j in js)])
    return rows


def _cell(j: Jurisdiction, entry: Mapping[str, Any] | None) -> str:
    """One value: ``value unit · citation · *level*``."""
    if entry is None:
        return ABSENT
    unit = f" {entry['unit']}" if entry.get("unit") and not isinstance(entry["value"], (dict, list)) else ""
    mark = _mark(j.level(entry))
    cite = str(entry["citation"]).replace("{edition}", "[edition]")
    return f"{_value(entry['value'], entry.get('unit'))}{unit} · {cite} · {mark}"


def _value(value: Any, unit: str | None = None) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {_value(v)}" for k, v in value.items())
    if isinstance(value, list):
        return f"table of {len(value)} rows" if len(value) > MAX_ITEMS else ", ".join(_value(v) for v in value)
    return number(value, UNIT_QUANTITY.get(unit or ""))


def _device_tasks(j: Jurisdiction) -> str:
    """The profile's fixed intervals by device type (``device_maintenance``), each with its clause and level."""
    tasks = j.raw.get("device_maintenance") or []
    return "; ".join(f"{t['device']}: {t['task']} every {t['every']} · {t.get('citation', ABSENT)} · "
                     f"{_mark(j.level(t))}" for t in tasks) or ABSENT


def _terms(j: Jurisdiction) -> str:
    """What the profile's text calls a grease trap and a grease interceptor (``device_terms``), with its clause."""
    t = j.device_terms
    if not t:
        return ABSENT
    names = "; ".join(f"{key.replace('_', ' ')}: {', '.join(t.get(key) or ()) or 'none'}"
                      for key in ("grease_trap", "grease_interceptor"))
    return f"{names} · {t['citation']} · {_mark(j.level(t))}"


def _mark(level: str) -> str:
    return f"**{level}**" if level not in READ_FROM_TEXT else f"*{level}*"


def _waivers(j: Jurisdiction) -> str:
    kinds = j.waiver_kinds
    return "; ".join(f"{k} ({spec.get('citation', ABSENT)})" for k, spec in kinds.items()) if kinds else "none"


def _calendar(j: Jurisdiction) -> str:
    h = j.holidays
    observed = h.get("observed")
    days = f"{len(observed)} observed holidays" if observed else "the holidays package's list"
    local = f", {len(h['local'])} local days" if h.get("local") else ""
    where = "-".join(str(h[k]) for k in ("country", "subdivision") if h.get(k))
    return f"{days}{local} ({where}) · *{j.level(h)}*"


def _table(head: list[str], rows: Iterable[list[str]]) -> list[str]:
    def line(cells: list[str]) -> str:
        return "| " + " | ".join(" ".join(c.replace("|", "\\|").split()) for c in cells) + " |"

    return [line(head), "|" + "---|" * len(head), *(line(r) for r in rows)]


def generated_part(text: str) -> str:
    """The part of the file's ``text`` the generator writes: all before the hand-written :data:`READING`."""
    at = text.find(f"\n\n{READING}\n")
    return text if at < 0 else text[:at + 1]


def main(argv: list[str] | None = None) -> int:
    """Rewrite ``docs/jurisdictions.md``, keeping its hand-written reading (or print the generated part with ``-``)."""
    args = sys.argv[1:] if argv is None else argv
    text = render()
    if args == ["-"]:
        sys.stdout.write(text)
    else:
        old = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
        DOC.write_text(text + old[len(generated_part(old)):], encoding="utf-8")
        print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

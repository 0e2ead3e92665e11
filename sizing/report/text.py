"""Plain-text and markdown renderings of a SizingResult."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from sizing.quantities import number, show
from sizing.result import SizingResult

#: A fixture row in a message, as the parser names it: ``fixtures[0]`` or ``fixtures[0].length``.
ROW = re.compile(r"fixtures\[(\d+)\](?:\.(\w+))?")


def row_name(index: int, label: str | None = None) -> str:
    """A fixture row as the user counts it: 'fixture 1 (Three-compartment sink)' for ``fixtures[0]``."""
    return f"fixture {index + 1}" + (f" ({label})" if label else "")


def name_rows(message: str, labels: Sequence[str | None] = ()) -> str:
    """``fixtures[0].length: ...`` -> ``fixture 1 (Food preparation sink), length: ...`` (JSON stays 0-based).

    >>> name_rows("fixtures[2].count: expected a whole number >= 0, got -1", ["Floor drain"] * 3)
    'fixture 3 (Floor drain), count: expected a whole number >= 0, got -1'
    """
    def named(match: re.Match) -> str:
        i = int(match.group(1))
        text = row_name(i, labels[i] if i < len(labels) else None)
        return text + (f", {match.group(2).replace('_', ' ')}" if match.group(2) else "")

    return ROW.sub(named, message)


def named_rows(messages: Iterable[str], r: SizingResult) -> list[str]:
    """Messages of a result with its fixture rows named as the user sees them."""
    labels = _labels(r)
    return [name_rows(m, labels) for m in messages]


def summary_rows(r: SizingResult, units: str = "us") -> list[tuple[str, str, str]]:
    """(quantity, value, basis) rows shared by every rendering."""
    g, h = r.gravity, r.hydromechanical
    rows = [("DFU total", show(r.dfu_total, "DFU"), f"from {g['dfu_basis'] or 'nothing'}"),
            ("Gravity interceptor, required volume", show(g["required_volume_gal"], "gal", units),
             g["message"] or g["citation"] + (f" + footnote 3 ({show(g['footnote3_volume_gal'], 'gal', units)})"
                                               if g["footnote3_volume_gal"] else ""))]
    if h["drainage_load_gal"] is not None:
        rows += [("HGI drainage load", show(h["drainage_load_gal"], "gal", units), h["citation"]),
                 ("HGI rating, 1-minute drainage", show(h["rated_one_minute_gpm"], "gpm", units),
                  f"flow {show(h['one_minute_flow_gpm'], 'gpm', units)}; grease capacity "
                  f"{show(h['grease_capacity_lb'], 'lb', units)}"),
                 ("HGI rating, 2-minute drainage", show(h["rated_two_minute_gpm"], "gpm", units),
                  f"flow {show(h['two_minute_flow_gpm'], 'gpm', units)}; grease capacity "
                  f"{show(h['grease_capacity_two_minute_lb'], 'lb', units)}")]
    if h["by_pipe_one_minute_gpm"] is not None:
        rows += [("HGI by inlet pipe (Table 1014.2.1)",
                  f"{show(h['by_pipe_one_minute_gpm'], 'gpm', units)} / {show(h['by_pipe_two_minute_gpm'], 'gpm', units)}",
                  f"1-minute / 2-minute drainage, {show(h['inlet_pipe_in'], 'in', units)} pipe")]
    if r.meals is not None:
        rows.append(("Meals formula (cross-check)", show(r.meals["volume_gal"], "gal", units), r.meals["citation"]))
    return _with_local(rows, r, units)


#: The summary row each local size goes under, by interceptor type, and the name of its required size.
_LOCAL_ROWS = {"gravity": ("Gravity interceptor, required volume", "Gravity interceptor"),
               "hydromechanical": ("HGI rating, 1-minute drainage", "HGI rating")}


def _with_local(rows: list[tuple[str, str, str]], r: SizingResult, units: str) -> list[tuple[str, str, str]]:
    """The jurisdiction's own sizes (a local minimum, a local table) after the CPC row they apply with, each with
    its citation and provenance, then the size that governs (the larger): the size ``sizing review`` checks."""
    out = list(rows)
    for kind, found in r.local.items():
        after, name = _LOCAL_ROWS[kind]
        at = next((i for i, row in enumerate(out) if row[0] == after), None)
        if at is None:
            continue
        unit = found["unit"]
        out[at] = (f"{out[at][0]} (CPC)",) + out[at][1:]
        extra = [(f"{name}, {'local minimum' if 'local minimum' in t['basis'] else 'local table'}",
                  show(t["size"], unit, units), f"{t['citation']} [{t['provenance']}]") for t in found["local"]]
        extra += [(f"{name}, local size not applied", "—", f"{note} [{found['provenance']}]")
                  for note in found["not_applied"]]
        governing = "—" if found["governing"] is None else show(found["governing"], unit, units)
        extra.append((f"{name}, required (the larger governs)", governing,
                      found["citation"] + ("; the local size is not applied in full: confirm with the jurisdiction"
                                           if found["not_applied"] else "")))
        out[at + 1:at + 1] = extra
    return out


def provenance_lines(r: SizingResult) -> list[str]:
    lines = []
    for p in r.provenance:
        levels = ", ".join(p["row_levels"])
        carried = f"; carried from CPC {p['carried_from']}" if p["carried_from"] else ""
        lines.append(f"{p['title']} ({p['table']}, edition {p['edition']}): {levels}{carried}")
    return lines


def sizing_text(r: SizingResult, units: str = "us") -> str:
    out = [f"Grease interceptor sizing — CPC {r.edition}" + (f" — {r.project['name']}" if r.project.get("name") else ""), ""]
    width = max(len(q) for q, _, _ in summary_rows(r, units))
    for q, v, basis in summary_rows(r, units):
        out.append(f"  {q:<{width}}  {v:>12}   {basis}")
    out += ["", "Steps:"]
    for i, s in enumerate(r.steps, 1):
        value = _step_value(s, units)
        out.append(f"  {i:>2}. {name_rows(s.title, _labels(r))}: {value}")
        out.append(f"      [{s.citation}; {s.provenance}]" + (f" {s.note}" if s.note else ""))
    if r.warnings:
        out += ["", "Warnings:"] + [f"  - {w}" for w in named_rows(r.warnings, r)]
    out += ["", "Provenance of the code values used:"] + [f"  - {line}" for line in provenance_lines(r)]
    return "\n".join(out) + "\n"


#: The site's fields of the submittal's ``project`` the calculation report's header names, as labelled.
SITE_FIELDS = (("address", "Site address"), ("apn", "APN"), ("permit", "Permit"))


def sizing_markdown(r: SizingResult, units: str = "us") -> str:
    title = f"# Grease interceptor sizing — CPC {r.edition}"
    if r.project.get("name"):
        title += f" — {_md(r.project['name'])}"
    site = [f"{label}: {_md(r.project[key])}" for key, label in SITE_FIELDS if r.project.get(key)]
    out = [title, "", *([" · ".join(site), ""] if site else []), "| Quantity | Value | Basis |", "|---|---:|---|"]
    out += [f"| {_md(q)} | {_md(v)} | {_md(b)} |" for q, v, b in summary_rows(r, units)]
    out += ["", "## Fixtures", "", "| # | Fixture | Count | Area | Connected | DFU | Basis |", "|---:|---|---:|---|---|---:|---|"]
    for f in r.fixtures:
        out.append(f"| {f.index + 1} | {_md(f.name)} | {f.count} | {f.area} | {'yes' if f.connected else 'no'} | "
                   f"{number(f.dfu, 'dfu')} | {_md(f.basis)} |")
    out += ["", "## Calculation steps", "", "| # | Step | Value | Clause | Provenance |", "|---:|---|---:|---|---|"]
    for i, s in enumerate(r.steps, 1):
        value = _step_value(s, units)
        note = f" — {s.note}" if s.note else ""
        out.append(f"| {i} | {_md(name_rows(s.title + note, _labels(r)))} | {_md(value)} | {_md(s.citation)} | {s.provenance} |")
    if r.warnings:
        out += ["", "## Warnings", ""] + [f"- {_md(w)}" for w in named_rows(r.warnings, r)]
    out += ["", "## Provenance of code values", ""] + [f"- {_md(line)}" for line in provenance_lines(r)]
    return "\n".join(out) + "\n"


def _step_value(s, units: str) -> str:
    """A step's value as shown: a number with its unit, text as it is (the edition: 'CPC 2025'), else a dash."""
    if isinstance(s.value, (int, float)) and not isinstance(s.value, bool):
        return show(s.value, s.unit, units)
    if s.key == "edition" and s.value:
        return f"CPC {s.value}"
    return str(s.value) if s.value not in (None, "") else "—"


def _labels(r: SizingResult) -> list[str | None]:
    labels: list[str | None] = [None] * (max((f.index for f in r.fixtures), default=-1) + 1)
    for f in r.fixtures:
        labels[f.index] = f.name
    return labels


def _md(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")

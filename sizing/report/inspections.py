"""Inspections, notices and the program summary as text, CSV rows and PDF (a notice's letter is
:mod:`sizing.report.notice_letter`). Formats what the register's inspections, notices and summary return; never
recomputes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from sizing.plan_names import field_words
from sizing.quantities import show
from sizing.rules.inspection import item_words, outcome_words

#: The rows of ``register summary --format csv``: (section, measure, value).
SUMMARY_COLUMNS = ("section", "measure", "value")


def inspected_text(r: Any, words: Mapping[str, str] | None = None) -> str:
    """What ``register inspect`` stored: the inspection, its failures, the notices opened, kept and closed.
    ``words`` (checklist item -> its text): every item told by its words, never by its key (the app's message, a
    filled packet's report)."""
    d = r.result
    out = [f"stored inspection {r.inspection_id} of {r.fse_id} ({d['date']}, {d['purpose'].replace('_', ' ')}): "
           + outcome_words(d, words)]
    rd = d.get("readings") or {}
    if rd.get("percent_full") is not None:
        out.append(f"  readings: FOG {_in(rd['fog_in'])} + solids {_in(rd['solids_in'])} = {show(rd['percent_full'], '%')} "
                   f"of {_in(rd['liquid_depth_in'])}" + (f" (limit {show(rd['limit_percent'], '%')})"
                                                         if rd.get("limit_percent") is not None else ""))
    for f in d["failures"]:
        out.append(f"  FAIL: {f['text']} ({f['citation']})" + (f"; note: {f['note']}" if f["note"] else ""))
    for n in r.opened:
        out.append(f"  opened notice {n['notice']}: {n['title']} ({_item(n['item'], words)}), due {n['due_on']}: "
                   f"{n['period']}" + (f"; {n['due_note']}" if n.get("due_note") else ""))
    for n in r.still_open:
        out.append(f"  still open: notice {n['notice']} ({_item(n['item'], words)}), due {n['due_on']}")
    for c in r.closed:
        out.append(f"  closed notice {c['notice']} on {c['closed_on']} ({c['how'].replace('_', ' ')})")
    if r.service_due:
        out.append(f"  next {r.service_what} due by {r.service_due} (every reading and pump-out on record)")
    out += [f"  note: {n}" for n in r.notes]
    return "\n".join(out)


def _item(item: str, words: Mapping[str, str] | None) -> str:
    """A notice's item as a message names it: with ``words`` its text, else its key in words
    (:func:`sizing.rules.inspection.item_words`); a finding's item, ``cctv_order: FOG in the lateral``, by what was
    found.

    >>> _item("bmp.drain_screens", None), _item("bmp.drain_screens", {"bmp.drain_screens": "Drain screens"})
    ('drain screens', 'Drain screens')
    >>> _item("cctv_order: FOG in the lateral", {})
    'FOG in the lateral'
    """
    if words is not None and item in words:
        return words[item]
    return item.split(": ", 1)[1] if ": " in item else item_words(item)


def _in(value: float) -> str:
    """A depth as the inspection report prints it: to the length precision of sizing.quantities (0.01 in).

    >>> _in(2.992126), _in(48.0)
    ('2.99 in', '48 in')
    """
    return show(value, "in")


def notices_text(items: Sequence[Mapping[str, Any]]) -> str:
    """One line per notice: due date, state, FSE, number, title, item, clause."""
    return "\n".join(
        f"{n['due_on']}  {n['status'].upper():<8} {n['fse_id']:<12} notice {n['notice']} (tier {n['tier']}): "
        f"{n['title']} — {n['item_text']} ({n['citation']}); issued {n['issued_on']}, {n['period']}"
        + (f"; due date {n['due_note']}" if n.get("due_note") else "")
        + (f"; closed {n['closed_on']} ({n['how'].replace('_', ' ')})" if n["closed_on"] else "")
        for n in items) or "no notices"


def _iso(value: Any) -> Any:
    return value.isoformat() if isinstance(value, dt.date) else value


def summary_rows(s: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The summary as (section, measure, value) rows, for CSV."""
    out = [{"section": "period", "measure": k, "value": _iso(s[k])} for k in ("from", "to")]
    out.append({"section": "fses", "measure": "total", "value": s["fses"]})
    out += [{"section": "fses by status", "measure": k, "value": v} for k, v in s["fses_by_status"].items()]
    for section in ("inspections", "notices", "pump_outs"):
        for k, v in s[section].items():
            if isinstance(v, Mapping):
                out += [{"section": f"{section} {k.replace('_', ' ')}", "measure": kk, "value": vv}
                        for kk, vv in v.items()]
            else:
                out.append({"section": section.replace("_", "-"), "measure": k,
                            "value": "; ".join(v) if isinstance(v, list) else v})
    out += [{"section": "overflow-linked FSEs", "measure": f["fse_id"], "value": f["name"]} for f in s["overflow_linked"]]
    return out


def summary_shown_rows(s: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The summary's rows as a person reads them (the PDF, the app): each section and measure in words, not its key
    (the CSV keeps the keys)."""
    return [{**r, "section": field_words(r["section"]), "measure": field_words(r["measure"])} for r in summary_rows(s)]


def summary_text(s: Mapping[str, Any]) -> str:
    i, n, p = s["inspections"], s["notices"], s["pump_outs"]
    out = [f"FOG program summary {_iso(s['from'])} to {_iso(s['to'])}", f"FSEs: {s['fses']}"]
    out += [f"  {k}: {v}" for k, v in s["fses_by_status"].items()]
    out.append(f"Inspections: {i['done']} ({i['passed']} passed, {i['failed']} failed, {i.get('incomplete', 0)} "
               f"incomplete) at {i['fses_inspected']} FSEs"
               + "".join(f"; {k.replace('_', ' ')} {v}" for k, v in i["by_purpose"].items()))
    out.append(f"Notices: {n['issued']} issued, {n['closed']} closed; open at the end {n['open_at_end']} "
               f"({n['overdue_at_end']} overdue)")
    pct = "—" if p["percent_on_schedule"] is None else show(p['percent_on_schedule'], '%')
    out.append(f"Pump-outs: {p['recorded']} recorded; {p['on_schedule']} of {p['fses_with_schedule']} FSEs on "
               f"schedule ({pct}); overdue: {', '.join(p['overdue_fses']) or 'none'}")
    out.append("Linked to a blockage or overflow: " + (", ".join(
        f"{f['fse_id']}" + (f" ({f['name']})" if f["name"] else "") for f in s["overflow_linked"]) or "none"))
    return "\n".join(out)


def summary_pdf(s: Mapping[str, Any], letterhead: str) -> bytes:
    from sizing.report.pdf import ReportPDF

    pdf = ReportPDF("FOG program summary", f"{letterhead} · {_iso(s['from'])} to {_iso(s['to'])}",
                    footer_note="FOG program summary", created=s["to"])
    for line in summary_text(s).splitlines()[1:]:
        pdf.paragraph(line)
    pdf.table([c.capitalize() for c in SUMMARY_COLUMNS],
              [[str(r[c]) if r[c] is not None else "" for c in SUMMARY_COLUMNS] for r in summary_shown_rows(s)])
    return pdf.to_bytes()

"""The printable inspection packet an inspector takes where there is no signal: the FSE, whom to ask for on site,
its open notices and last readings, then every line of the packet's CSV (:mod:`sizing.io.sections.inspection_packet`)
with room to write the answer: the inspection's fields, each checklist item with yes / no / n/a to circle, the
finding, the photos taken and a note. The answers are entered afterwards in the CSV, line for line, and uploaded.
Formats what it is given; never reads a register.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from sizing.io.sections.inspection_packet import PHOTO, Line
from sizing.jurisdiction.profile import Jurisdiction
from sizing.quantities import show

#: What a checklist line offers to circle.
CIRCLE = "yes     no     n/a"


def _facts(facts: Mapping[str, Any]) -> list[tuple[str, Any]]:
    fse, who = facts["fse"], facts.get("on_site") or {}
    readings = facts.get("readings") or ()
    return [("FSE", fse["fse_id"]), ("Name", fse.get("name") or "not recorded"), ("Address", fse.get("address")),
            ("On site", " · ".join(x for x in (who.get("name"), who.get("phone")) if x) or None),
            *[("Interceptor", f"{u['unit_id']} serves {', '.join(u['serves'])}: a reading here counts for each")
              for u in facts.get("shared") or ()],
            ("Last readings", "; ".join(f"{r['on_date']}: FOG {show(r['fog_in'], 'in')} + solids "
                                        f"{show(r['solids_in'], 'in')}" for r in readings) or "none on record")]


def packet_pdf(lines: Sequence[Line], facts: Mapping[str, Any], jurisdiction: Jurisdiction,
               day: dt.date | None = None) -> bytes:
    """The packet of ``facts`` (the FSE, ``on_site``, ``shared`` interceptors, ``notices`` open, last
    ``readings``) with ``lines`` (the packet's CSV lines) to fill in by hand."""
    from sizing.report.pdf import ReportPDF

    fse = facts["fse"]
    made = day or dt.date.today()
    pdf = ReportPDF(f"Inspection packet: {fse.get('name') or fse['fse_id']}",
                    f"{fse['fse_id']} · made {made.isoformat()} · {jurisdiction.name}",
                    footer_note=f"inspection packet — {fse['fse_id']}", created=made,
                    letterhead=jurisdiction.letterhead, contact=jurisdiction.contact_lines)
    pdf.key_values(_facts(facts), key_width=34)
    pdf.heading("Open notices")
    notices = facts.get("notices") or ()
    pdf.bullets([f"Notice {n['notice']}: {n['title']}: {n['item_text']}; due {n['due_on']} ({n['status']}; "
                 f"{n['citation']})" for n in notices] or ["none"])
    sections: dict[str, list[Line]] = {}
    for line in lines:
        sections.setdefault(line.section, []).append(line)
    for section, rows in sections.items():
        pdf.heading("Photos taken" if section == PHOTO else section)
        if rows[0].checklist:
            pdf.table(["Item", "Answer (circle)", "Note", "Clause"],
                      [[x.item, CIRCLE, "", x.clause] for x in rows], widths=(46, 14, 22, 18))
        elif section == PHOTO:
            pdf.table(["File name", "Caption"], [["", ""] for _ in rows], widths=(40, 60))
        else:
            pdf.table(["Item", "Answer", "What to write"], [[x.item, x.answer, x.hint] for x in rows],
                      widths=(22, 38, 40))
    pdf.paragraph("Enter the answers afterwards in the packet's CSV, line for line (the answer and note columns), "
                  "and upload it on the Inspection page, or run sizing register inspect-packet FILE.csv: it is "
                  "checked line by line and stored as an inspection entered on the page.", size=8, muted=True)
    pdf.signature_block([("Inspector", None), ("FSE representative", None)])
    return pdf.to_bytes()

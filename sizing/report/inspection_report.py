"""The inspection report an inspector leaves with the FSE: who was inspected, when and why, the readings, each
checklist item with its answer, note and clause (and those not inspected), the findings, the notices the inspection
opened with the day to comply by, the photos, the inspector's signature and a block for the FSE representative's
name and acknowledgement. Formats what the register's inspection report reader returns; never reads a register.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from PIL import Image

from sizing.jurisdiction.profile import Jurisdiction
from sizing.quantities import show
from sizing.report import signing
from sizing.rules.inspection import checklist_items

ANSWER_WORDS = {"yes": "yes", "no": "NO", "n/a": "n/a"}
#: The widest a photo is printed [mm], and the largest side it is scaled to before it is embedded [px].
PHOTO_WIDTH, PHOTO_PIXELS = 80, 1200


def _readings(d: Mapping[str, Any]) -> list[tuple[str, str]]:
    rd = d.get("readings") or {}
    if rd.get("percent_full") is None:
        return [("Readings", "none taken")] if not rd else []
    out = [("Readings", f"FOG {show(rd['fog_in'], 'in')} + solids {show(rd['solids_in'], 'in')} = "
                        f"{show(rd['percent_full'], '%')} of {show(rd['liquid_depth_in'], 'in')} liquid depth")]
    if rd.get("limit_percent") is not None:
        out.append(("Limit", f"{show(rd['limit_percent'], '%')}: " + ("exceeded" if rd.get("exceeds_limit") else
                                                                      "not exceeded")))
    return out


def _outcome(d: Mapping[str, Any]) -> str:
    """The inspection's outcome in words: passed, failed or incomplete, with how many items failed and how many
    were not inspected (by count: the items are listed below by their words)."""
    failed, missing = len(d.get("failures") or ()), len(d.get("unanswered") or ())
    return "; ".join([str(d.get("outcome") or "recorded"), *([f"{failed} item(s) failed"] if failed else []),
                      *([f"{missing} checklist item(s) not inspected"] if missing else [])])


def _checklist_rows(d: Mapping[str, Any], jurisdiction: Jurisdiction) -> list[list[str]]:
    rows = [[a["text"], ANSWER_WORDS.get(a["answer"], a["answer"]), a.get("note") or "", a["citation"]]
            for a in d.get("answers") or ()]
    items = checklist_items(jurisdiction)
    rows += [[items[k]["text"] if k in items else k, "not inspected", "", items[k]["citation"] if k in items else ""]
             for k in d.get("unanswered") or ()]
    return rows


def _photo(data: bytes) -> io.BytesIO:
    """A photo as the PDF embeds it: scaled down to :data:`PHOTO_PIXELS`, as JPEG (WebP and PNG alike)."""
    with Image.open(io.BytesIO(data)) as im:
        im = im.convert("RGB")
        im.thumbnail((PHOTO_PIXELS, PHOTO_PIXELS))
        out = io.BytesIO()
        im.save(out, "JPEG", quality=85)
    out.seek(0)
    return out


def inspection_report_pdf(r: Mapping[str, Any], jurisdiction: Jurisdiction) -> bytes:
    """The report of one stored inspection (``r``: the register's inspection with its FSE, the notices it opened,
    its photos and its inspector's signature), under the profile it was inspected under."""
    from sizing.report.pdf import ReportPDF

    d, fse = r["result"] or {}, r["fse"]
    day = r["inspected_on"]
    pdf = ReportPDF(f"Inspection report: {fse.get('name') or fse['fse_id']}", f"{day.isoformat()} · "
                    f"{str(d.get('purpose', '')).replace('_', ' ')} inspection",
                    footer_note=f"inspection {r['id']} — {fse['fse_id']}", created=day,
                    letterhead=jurisdiction.letterhead, contact=jurisdiction.contact_lines)
    pdf.key_values([("FSE", " · ".join(x for x in (fse["fse_id"], fse.get("name"), fse.get("address")) if x)),
                    ("Date", day.isoformat()), ("Outcome", _outcome(d)),
                    ("Interceptor condition", str(d.get("interceptor_condition") or "not recorded").replace("_", " ")),
                    *_readings(d)], key_width=46)
    rows = _checklist_rows(d, jurisdiction)
    if rows:
        pdf.heading("Checklists")
        pdf.table(["Item", "Answer", "Note", "Clause"], rows, widths=(46, 10, 22, 22))
    if d.get("findings"):
        pdf.heading("Findings")
        pdf.bullets([f"{f.get('text') or ''}" + (f" ({f['clause']})" if f.get("clause") else "")
                     for f in d["findings"]])
    if r["opened"]:
        pdf.heading("Notices opened")
        pdf.bullets([f"Notice {n['id']}: {n['title']}: {n['item_text']} ({n['citation']}); comply by "
                     f"{n['due_on'].isoformat()}. The notice's letter follows by mail." for n in r["opened"]])
    if d.get("note"):
        pdf.paragraph(f"Note: {d['note']}")
    _photos(pdf, r["photos"])
    pdf.keep_together(lambda p: _signatures(p, r))
    return pdf.to_bytes()


def _photos(pdf: Any, photos: list[tuple[Mapping[str, Any], bytes]]) -> None:
    if not photos:
        return
    pdf.heading("Photos")
    for meta, data in photos:
        if pdf.get_y() > pdf.h - pdf.b_margin - 70:
            pdf.add_page()
        pdf.image(_photo(data), w=PHOTO_WIDTH)
        pdf.paragraph(" · ".join(x for x in (meta.get("caption"), meta.get("name")) if x) or "photo", size=8,
                      muted=True)


def _signatures(pdf: Any, r: Mapping[str, Any]) -> None:
    pdf.heading("Signatures", level=2)
    pdf.ln(6)
    pdf.paragraph("\n".join(signing.lines(r["inspector"], default="Inspector, for the Director")))
    pdf.ln(8)
    pdf.paragraph(f"{signing.LINE}   {signing.LINE}   {signing.LINE}\nFSE representative: name, signature and date. "
                  "I received a copy of this report.")

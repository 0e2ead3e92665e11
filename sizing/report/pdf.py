"""PDF reports built from result objects (fpdf2): the engineer's sizing calculation and the plan review.

:class:`ReportPDF` holds the reusable primitives — :meth:`~ReportPDF.heading`, :meth:`~ReportPDF.paragraph`,
:meth:`~ReportPDF.key_values`, :meth:`~ReportPDF.table` (wrapping cells, repeated headings on a new page,
optional per-cell fill) and :meth:`~ReportPDF.bullets` — so that other documents (a waiver letter, the app's
download) are laid out the same way. Text is set in DejaVu Sans, shipped with matplotlib, so that '—', '≥'
and '°' print. Presentation only: every number comes from the result object.

>>> data = ReportPDF("Demo").heading("A heading").bullets(["one", "two ≥ one"]).to_bytes()
>>> data[:5]
b'%PDF-'
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from fpdf import FPDF
from fpdf.fonts import FontFace

from sizing.io.fonts import font_files
from sizing.io.tables import PROVENANCE_LEVELS
from sizing.provenance import LEVELS
from sizing.quantities import number, show
from sizing.report import text as sizing_text
from sizing.report.findings import NA, SYMBOL
from sizing.result import SizingResult

FONT = "DejaVu"
HEADING_FILL = (232, 232, 232)
MUTED = (90, 90, 90)


def _font_files() -> dict[str, Path]:

    return font_files()


def source_date() -> dt.datetime | None:
    """SOURCE_DATE_EPOCH (reproducible builds) as a UTC datetime, when set to a whole number of seconds."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not value.isdigit() or len(value) > 12:
        return None
    return dt.datetime.fromtimestamp(int(value), tz=dt.UTC)


def creation_date(day: dt.date | None) -> dt.datetime:
    """The PDF creation date: SOURCE_DATE_EPOCH when set, else the document's own date at 00:00 UTC."""
    fixed = source_date()
    if fixed is not None:
        return fixed
    day = day or dt.date.today()
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC)


class ReportPDF(FPDF):
    """US Letter portrait report page with a running title, page numbers and layout primitives.

    Every primitive returns ``self`` so calls chain.
    """

    def __init__(self, title: str, subtitle: str | None = None, footer_note: str | None = None,
                 created: dt.date | None = None, letterhead: str | None = None, contact: Sequence[str] = ()):
        super().__init__(orientation="portrait", unit="mm", format="Letter")
        self.set_creation_date(creation_date(created))  # the same input gives the same bytes
        for style, path in _font_files().items():
            self.add_font(FONT, style, str(path))
        self.set_creator("sizing")
        self.set_margins(15, 15, 15)
        self.set_auto_page_break(auto=True, margin=16)
        self.alias_nb_pages()
        #: the first page of the document being drawn and its page count when known (a batch of letters numbers
        #: each letter's pages on its own); a document's first page has no running header
        self._starting = False
        self.document_start = 1
        self.document_pages: int | None = None
        self.start_document(title, subtitle, footer_note, letterhead, contact)
        self.set_title(title)

    def start_document(self, title: str, subtitle: str | None, footer_note: str | None,
                       letterhead: str | None = None, contact: Sequence[str] = ()) -> ReportPDF:
        """Begin a document on a new page: its letterhead (with the sender's contact lines under it), title and
        subtitle (the first one by the constructor; each further one, a letter of a batch, by calling this)."""
        self._starting = True
        self.add_page()  # the page before is finished with its own document's footer
        self._starting = False
        self.report_title, self.report_subtitle, self.footer_note = title, subtitle, footer_note
        self.document_start, self.document_pages = self.page_no(), None
        if letterhead:
            self.set_font(FONT, "B", 10)
            self.set_text_color(*MUTED)
            self.multi_cell(0, 5, letterhead, new_x="LMARGIN", new_y="NEXT")
            if contact:
                self.set_font(FONT, "", 7.5)
                self.multi_cell(0, 3.4, " · ".join(contact), new_x="LMARGIN", new_y="NEXT")
            self.set_draw_color(160)
            self.line(self.l_margin, self.get_y() + 1, self.w - self.r_margin, self.get_y() + 1)
            self.set_draw_color(0)
            self.set_text_color(0)
            self.ln(4)
        self.set_font(FONT, "B", 15)
        self.multi_cell(0, 7, title, new_x="LMARGIN", new_y="NEXT")
        if subtitle:
            self.set_font(FONT, "", 10)
            self.set_text_color(*MUTED)
            self.multi_cell(0, 5, subtitle, new_x="LMARGIN", new_y="NEXT")
            self.set_text_color(0)
        self.ln(2)
        return self

    # running header and footer -------------------------------------------------------------------------
    def header(self) -> None:
        if self._starting or self.page_no() == self.document_start:
            return
        self.set_font(FONT, "", 7.5)
        self.set_text_color(*MUTED)
        self.cell(0, 4, self.report_title, new_x="LMARGIN", new_y="NEXT")
        self.set_text_color(0)
        self.ln(2)

    def footer(self) -> None:
        self.set_y(-11)
        self.set_font(FONT, "", 7.5)
        self.set_text_color(*MUTED)
        left = self.footer_note or ""
        self.cell(self.epw * 0.75, 4, left[:140])
        page, of = self.page_no() - self.document_start + 1, self.document_pages
        self.cell(self.epw * 0.25, 4, f"page {page} of {{nb}}" if of is None else f"page {page} of {of}", align="R")
        self.set_text_color(0)

    # primitives ------------------------------------------------------------------------------------------
    def heading(self, text: str, level: int = 1) -> ReportPDF:
        """A section (level 1) or sub-section (level 2) heading; starts a page when little room is left."""
        size = {1: 12.5, 2: 10.5}.get(level, 9.5)
        if self.get_y() > self.h - self.b_margin - 30:
            self.add_page()
        self.ln(3 if level == 1 else 1.5)
        self.set_font(FONT, "B", size)
        self.multi_cell(0, size * 0.5, text, new_x="LMARGIN", new_y="NEXT")
        if level == 1:
            self.set_draw_color(160)
            self.line(self.l_margin, self.get_y() + 0.5, self.w - self.r_margin, self.get_y() + 0.5)
            self.set_draw_color(0)
        self.ln(2)
        return self

    def paragraph(self, text: str, size: float = 9, style: str = "", muted: bool = False) -> ReportPDF:
        self.set_font(FONT, style, size)
        if muted:
            self.set_text_color(*MUTED)
        self.multi_cell(0, size * 0.48, text, new_x="LMARGIN", new_y="NEXT", align="L")
        self.set_text_color(0)
        self.ln(1)
        return self

    def key_values(self, pairs: Iterable[tuple[str, Any]], key_width: float = 42, size: float = 9) -> ReportPDF:
        """Label / value lines; a long value wraps under itself. Pairs whose value is None are left out."""
        line = size * 0.48
        for key, value in pairs:
            if value is None or value == "":
                continue
            y = self.get_y()
            if y > self.h - self.b_margin - line * 2:
                self.add_page()
                y = self.get_y()
            self.set_font(FONT, "B", size)
            self.multi_cell(key_width, line, str(key), new_x="RIGHT", new_y="TOP", align="L")
            after_key = self.get_y()
            self.set_xy(self.l_margin + key_width, y)
            self.set_font(FONT, "", size)
            self.multi_cell(0, line, str(value), new_x="LMARGIN", new_y="NEXT", align="L")
            self.set_y(max(self.get_y(), after_key) + 0.6)
        self.ln(1)
        return self

    def table(self, headings: Sequence[str], rows: Iterable[Sequence[Any]], widths: Sequence[float] | None = None,
              align: Sequence[str] | None = None, fills: Iterable[Sequence[Any]] | None = None,
              size: float = 8) -> ReportPDF:
        """A table whose cells wrap; headings repeat on each new page.

        ``widths`` are relative column widths; ``align`` per column ('L', 'R', 'C'); ``fills`` gives, per row,
        one RGB tuple (or None) per cell.
        """
        self.set_font(FONT, "", size)
        rows = [["" if c is None else str(c) for c in r] for r in rows]
        fill_rows = list(fills) if fills is not None else [[None] * len(headings)] * len(rows)
        align = list(align) if align else ["L"] * len(headings)
        with super().table(col_widths=tuple(widths) if widths else None, text_align=tuple(align),
                           headings_style=FontFace(emphasis="BOLD", fill_color=HEADING_FILL),
                           line_height=size * 0.5, padding=(0.8, 1.2), v_align="TOP", repeat_headings=1,
                           width=self.epw) as t:
            head = t.row()
            for h in headings:
                head.cell(h)
            for cells, fill in zip(rows, fill_rows, strict=False):
                row = t.row()
                for value, colour in zip(cells, fill, strict=False):
                    bold = bool(colour) and value in (*SYMBOL.values(), NA)
                    row.cell(value, style=FontFace(fill_color=colour, emphasis="BOLD" if bold else None)
                             if colour else None)
        self.ln(2)
        return self

    def bullets(self, items: Iterable[str], numbered: bool = False, size: float = 9) -> ReportPDF:
        """A bulleted (or numbered) list; wrapped lines hang under the text."""
        line = size * 0.48
        indent = 7
        for i, item in enumerate(items, 1):
            mark = f"{i}." if numbered else "•"
            if self.get_y() > self.h - self.b_margin - line * 2:
                self.add_page()
            y = self.get_y()
            self.set_font(FONT, "", size)
            self.set_x(self.l_margin)
            self.cell(indent, line, mark, align="R" if numbered else "C")
            self.set_xy(self.l_margin + indent + 1, y)
            self.multi_cell(self.epw - indent - 1, line, str(item), new_x="LMARGIN", new_y="NEXT", align="L")
            self.ln(0.8)
        self.ln(1)
        return self

    def signature_block(self, pairs: Iterable[tuple[str, str | None]]) -> ReportPDF:
        """Signature lines, one per (role, name): a rule to sign on, then the role and the name when known."""
        self.ln(6)
        if self.get_y() > self.h - self.b_margin - 22 * max(1, len(list(pairs))):
            self.add_page()
        for role, name in pairs:
            self.ln(8)
            y = self.get_y()
            self.set_draw_color(0)
            self.line(self.l_margin, y, self.l_margin + 85, y)
            self.line(self.l_margin + 100, y, self.l_margin + 145, y)
            self.set_font(FONT, "", 8.5)
            self.set_xy(self.l_margin, y + 1)  # a long role and name wrap under the signing line, never into "Date"
            self.multi_cell(85, 4, f"{role}" + (f": {name}" if name else ""), new_x="LMARGIN", new_y="NEXT")
            below = self.get_y()
            self.set_xy(self.l_margin + 100, y + 1)
            self.cell(45, 4, "Date")
            self.set_xy(self.l_margin, below)
        self.ln(2)
        return self

    def keep_together(self, draw: Any) -> ReportPDF:
        """Draw ``draw(pdf)`` (the last section and the signature, say) on one page: measured first (fpdf2's offset
        rendering, undone), then, when it would run over the page and fits on a page of its own, started on a new
        page, so that a signature never stands alone on the last page."""
        start_page = self.page
        with self.offset_rendering() as trial:
            draw(trial)
        height_fits = True
        if trial.page_break_triggered:
            with self.offset_rendering() as whole:  # from the top of a page: does it fit on one?
                whole.pdf.set_y(whole.pdf.t_margin)
                draw(whole)
            height_fits = not whole.page_break_triggered
        if trial.page_break_triggered and height_fits and self.page == start_page:
            self.add_page()
        draw(self)
        return self

    def to_bytes(self) -> bytes:
        return bytes(self.output())


# --- The sizing calculation ----------------------------------------------------------------------------

def _value(step_value: Any, unit: str, units: str) -> str:
    return show(step_value, unit, units) if isinstance(step_value, (int, float)) and not isinstance(
        step_value, bool) else "—"


def sizing_sections(pdf: ReportPDF, r: SizingResult, units: str = "us", level: int = 1) -> ReportPDF:
    """The calculation: summary, fixtures, every step with its clause and provenance, warnings, provenance."""
    pdf.heading("Result", level)
    pdf.table(["Quantity", "Value", "Basis"], sizing_text.summary_rows(r, units), widths=(30, 14, 56),
              align=("L", "R", "L"))
    if r.fixtures:
        pdf.heading("Fixtures", level)
        pdf.table(["#", "Fixture", "Count", "Area", "Connected", "DFU", "Basis"],
                  [(f.index + 1, f.name, f.count, f.area.replace("_", " "), "yes" if f.connected else "no",
                    number(f.dfu, 'dfu'), f"{f.basis} [{f.provenance}]") for f in r.fixtures],
                  widths=(4, 20, 7.5, 10, 11, 6, 41.5), align=("R", "L", "R", "L", "L", "R", "L"))
    labels = sizing_text._labels(r)
    pdf.heading("Calculation steps", level)
    pdf.table(["#", "Step", "Value", "Clause", "Provenance"],
              [(i, sizing_text.name_rows(s.title + (f" — {s.note}" if s.note else ""), labels),
                _value(s.value, s.unit, units), s.citation, s.provenance) for i, s in enumerate(r.steps, 1)],
              widths=(4, 48, 12, 24, 12), align=("R", "L", "R", "L", "L"), size=7.5)
    if r.warnings:
        pdf.heading("Warnings", level)
        pdf.bullets(sizing_text.named_rows(r.warnings, r), size=8.5)
    return pdf


def provenance_notes(r: SizingResult) -> list[str]:
    """The code values that are not confirmed for this edition: secondary, derived or unconfirmed levels,
    values the submitter gave, and tables carried from an earlier edition."""
    notes = []
    for p in r.provenance:
        weak = [lvl for lvl in p["row_levels"] if lvl != "confirmed"]
        parts = []
        if weak:
            parts.append(f"{', '.join(weak)} values")
        if p["carried_from"]:
            parts.append(f"carried from CPC {p['carried_from']}")
        if parts:
            notes.append(f"{p['title']} ({p['table']}, edition {p['edition']}): {'; '.join(parts)}. Source: {p['source']}")
    submitted = list(dict.fromkeys(s.title for s in r.steps if s.provenance == "submitted"))  # as the steps say
    if submitted:
        notes.append("Values given by the submitter (not from a code table): " + "; ".join(submitted))
    return notes


def provenance_section(pdf: ReportPDF, r: SizingResult, extra: Sequence[str] = ()) -> None:
    pdf.heading("Provenance note")
    levels = "; ".join(f"{level} = {LEVELS[level].rstrip('.')}" for level in PROVENANCE_LEVELS)
    pdf.paragraph(f"Levels: {levels}. The values below are not confirmed against the printed edition:", size=8.5,
                  muted=True)
    notes = provenance_notes(r) + list(extra)
    pdf.bullets(notes or ["All code values used are confirmed for this edition."], size=8.5)


def project_pairs(project: dict[str, str], keys: Sequence[str] | None = None) -> list[tuple[str, Any]]:
    """(label, value) lines of the submittal's ``project`` fields (a field not given is left out)."""
    labels = {"name": "Project", "address": "Site address", "apn": "APN", "applicant": "Applicant",
              "engineer": "Engineer of record", "engineer_license": "Licence number", "permit": "Permit", "plan_check": "Plan check",
              "fse_id": "FSE id", "date": "Submittal date", "reviewer": "Reviewer"}
    return [(labels[key], project.get(key)) for key in (keys or labels)]


def sizing_pdf(result: SizingResult, units: str = "us", today: dt.date | None = None,
               letterhead: str | None = None) -> bytes:
    """The engineer's calculation report: every step with its clause and provenance."""
    name = result.project.get("name")
    today = today or (source_date() or dt.datetime.now()).date()
    pdf = ReportPDF(f"Grease interceptor sizing — CPC {result.edition}", name,
                    footer_note=f"sizing calculation, CPC {result.edition}" + (f" — {name}" if name else ""),
                    created=today, letterhead=letterhead)
    pdf.key_values(project_pairs(result.project, ("address", "apn", "permit", "applicant", "engineer",
                                                  "engineer_license", "plan_check", "fse_id", "date")) + [
        ("Code edition", f"California Plumbing Code {result.edition}"),
        ("Construction", result.construction.replace("_", " ")),
        ("Units", "US customary" if units == "us" else "SI (converted from the US code units)"),
        ("Report date", today.isoformat())])
    sizing_sections(pdf, result, units)
    provenance_section(pdf, result)
    engineer = result.project.get("engineer")
    licence = result.project.get("engineer_license")
    pdf.signature_block([("Engineer of record", ", ".join(x for x in (engineer, licence and f"licence {licence}")
                                                           if x) or None)])
    return pdf.to_bytes()


# --- The plan review -------------------------------------------------------------------------------------

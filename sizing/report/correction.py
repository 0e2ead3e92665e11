"""The correction letter a plan checker sends: addressee, project and permit, the corrections numbered with the
plan sheets they concern and the reviewer's notes, the deadlines, signature and date; as markdown, PDF and Word.

The letter formats a :class:`~sizing.rules.review.Review` and the reviewer's notes; it never re-decides. What
the plan checker edits (addressee, address, signer, title, date, an opening paragraph) is a :class:`LetterFields`,
filled from the submittal's ``project`` by default (``applicant``, else the FSE's ``owner``, else the project
``name``; ``applicant_address``, else the site ``address``; ``reviewer``, ``reviewer_title``), as the
determination letter addresses the FSE.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from sizing.io import fields as parse
from sizing.io.sections.review_notes import ReviewerNote
from sizing.jurisdiction import rule_catalogue
from sizing.report import signing
from sizing.report.findings import NA, rule_label, status_shown
from sizing.report.review import review_cycle, verdict_shown
from sizing.rules.review import Review

#: A part of the plan named with its sheet: ``fixture 5 (Dishwasher, sheet P-2)``, ``manhole 1 (sheet P-3)``.
SHEET = re.compile(r"\bsheet ([^,;)\]]+)")
#: The formats a letter is written in, by the extension of its file.
FORMATS = {".md": "markdown", ".pdf": "pdf", ".docx": "docx"}


@dataclass(frozen=True)
class LetterFields:
    """What the plan checker may edit before sending (each None: from the submittal, or left blank to sign)."""

    addressee: str | None = None
    address: str | None = None
    signer: str | None = None
    title: str | None = None
    date: dt.date | None = None
    opening: str | None = None

    @classmethod
    def from_project(cls, project: Mapping[str, str], **given) -> LetterFields:
        """The submittal's ``project`` fields, replaced by those ``given`` (as typed: checked as every text,
        the addressee, signer and title as one-line fields, :func:`sizing.io.fields.text`)."""
        base = cls(addressee=project.get("applicant") or project.get("owner") or project.get("name"),
                   address=project.get("applicant_address") or project.get("address"),
                   signer=project.get("reviewer"), title=project.get("reviewer_title"))
        typed = {k: v if isinstance(v, dt.date) else parse.text(f"letter.{k}", v, single_line=k in ONE_LINE_FIELDS)
                 for k, v in given.items() if v not in (None, "")}
        return dataclasses.replace(base, **typed)


#: The letter's fields that are one line (the address and the opening paragraph may have several).
ONE_LINE_FIELDS = ("addressee", "signer", "title")


@dataclass(frozen=True)
class Correction:
    number: int
    text: str
    citation: str
    rule: str
    sheets: tuple[str, ...] = ()
    note: str | None = None


@dataclass(frozen=True)
class CorrectionLetter:
    letterhead: str
    jurisdiction: str
    date: dt.date
    addressee: str | None
    address_lines: tuple[str, ...]
    subject: str
    reference: tuple[tuple[str, str], ...]
    opening: str
    corrections: tuple[Correction, ...]
    notes: tuple[tuple[str, str], ...]
    deadlines: tuple[str, ...]
    closing: str
    signer: str | None
    title: str
    compliant: bool
    extra: dict = field(default_factory=dict)
    #: the City's contact block, under the letterhead
    contact: tuple[str, ...] = ()


def sheets_of(r: Review, rule: str, text: str) -> tuple[str, ...]:
    """The plan sheets a finding concerns: those named with its parts, else the interceptor's sheet for a rule
    about the interceptor."""
    found = list(dict.fromkeys(s.strip() for s in SHEET.findall(text)))
    if not found and rule in rule_catalogue.concerning("interceptor") and r.interceptor is not None and r.interceptor.sheet:
        found = [r.interceptor.sheet]
    return tuple(found)


def under(r: Review) -> str:
    """The jurisdiction a letter says the plans were reviewed under, with its chapter ("City of Placerville,
    California (PCC title 7 ch. 5)"); the chapter is left out where it is the CPC, which the sentence names."""
    return f"{r.jurisdiction} ({r.chapter})" if r.chapter and r.chapter != "CPC" else r.jurisdiction


def build(r: Review, notes: Mapping[str, ReviewerNote] | None = None,
          fields: LetterFields | None = None) -> CorrectionLetter:
    """The letter of review ``r`` with the reviewer's ``notes`` and the plan checker's ``fields``."""
    notes = notes or {}
    fields = fields or LetterFields.from_project(r.project)
    p = r.project
    corrections = []
    for f in r.findings:
        if (f.status == "fail" or f.incomplete) and f.correction and status_shown(f, notes) != NA:
            note = notes.get(f.rule)
            corrections.append(Correction(len(corrections) + 1, f.correction, f.citation, f.rule,
                                          sheets_of(r, f.rule, f"{f.message} {f.correction}"),
                                          note.note if note else None))
    in_letter = {c.rule for c in corrections}
    other_notes = tuple((rule_label(f.rule, f.title, f.message), notes[f.rule].note) for f in r.findings
                        if f.rule in notes and notes[f.rule].note and f.rule not in in_letter)
    project = p.get("name") or "the project"
    where = f"{project}, {p['address']}" if p.get("address") else project
    reference = tuple((k, v) for k, v in (("Permit", p.get("permit")), ("Plan check", p.get("plan_check")),
                                          ("Review cycle", review_cycle(p.get("review_cycle"))),
                                          ("FSE", p.get("fse_id"))) if v)
    compliant = verdict_shown(r, notes) == "compliant"
    if fields.opening:
        opening = fields.opening
    elif compliant:
        opening = (f"The plans for the grease interceptor of {where} were reviewed on {r.review_date.isoformat()} "
                   f"under {under(r)} and the California Plumbing Code {r.edition}. They comply; no "
                   "correction is required.")
    else:
        opening = (f"The plans for the grease interceptor of {where} were reviewed on {r.review_date.isoformat()} "
                   f"under {under(r)} and the California Plumbing Code {r.edition}. Please correct the plans "
                   "as listed below and resubmit them, with a response to each numbered item.")
    deadlines = tuple(f"{rule_label(d.rule)}: {d.date.isoformat()} ({d.working_days} {d.day_kind} after "
                      f"{d.start.isoformat()}, {d.start_basis}{'; ' + d.extended if d.extended else ''}) "
                      f"[{d.citation}]" for d in r.deadlines)
    address = tuple(line.strip() for line in re.split(r"[\n,]", fields.address or "") if line.strip())
    return CorrectionLetter(
        letterhead=r.letterhead or r.jurisdiction, jurisdiction=r.jurisdiction,
        date=fields.date or r.review_date, addressee=fields.addressee, address_lines=address,
        subject=f"Grease interceptor plan review{' corrections' if corrections else ''} — {where}",
        reference=reference, opening=opening, corrections=tuple(corrections), notes=other_notes,
        deadlines=deadlines,
        closing="Questions about these items may be directed to the undersigned.",
        signer=fields.signer, title=fields.title or "Plan checker", compliant=compliant, contact=tuple(r.contact))


def _item_lines(c: Correction) -> list[str]:
    """The second lines of a numbered correction: its sheets and code reference, and the reviewer's note."""
    out = [("Sheet " + ", ".join(c.sheets) + ". " if c.sheets else "") + f"Reference: {c.citation}."]
    if c.note:
        out.append(f"Reviewer's note: {c.note}")
    return out


def letter_markdown(letter: CorrectionLetter) -> str:
    out = [f"**{_md(letter.letterhead)}**" + ("  " if letter.contact else ""),
           *([" · ".join(_md(x) for x in letter.contact)] if letter.contact else []), "", letter.date.isoformat(), ""]
    if letter.addressee:
        out.append(_md(letter.addressee) + ("  " if letter.address_lines else ""))
    out += [_md(line) + "  " for line in letter.address_lines]
    out += ["", f"**Re: {_md(letter.subject)}**  "]
    out += [f"{k}: {_md(v)}  " for k, v in letter.reference]
    out += ["", f"Dear {_md(letter.addressee or 'Applicant')}:", "", _md(letter.opening), ""]
    if letter.corrections:
        out += ["## Corrections", ""]
        for c in letter.corrections:
            out.append(f"{c.number}. {_md(c.text)}  ")
            out += [f"   {_md(line)}  " for line in _item_lines(c)]
        out.append("")
    if letter.notes:
        out += ["## Reviewer's notes", ""] + [f"- {_md(rule)}: {_md(note)}" for rule, note in letter.notes] + [""]
    if letter.deadlines:
        out += ["## Deadlines", ""] + [f"- {_md(d)}" for d in letter.deadlines] + [""]
    block = signature(letter)
    out += [_md(letter.closing), "", "Sincerely,", "", ""]
    out += [(line if line in (signing.LINE, signing.DATE_LINE) else _md(line)) + ("  " if 0 < i < len(block) - 1 else "")
            for i, line in enumerate(block)]
    return "\n".join(out).rstrip() + "\n"


def signature(letter: CorrectionLetter) -> list[str]:
    """The letter's signature block (:func:`sizing.report.signing.signed`), one layout for every format."""
    return signing.signed(letter.signer, f"{letter.title}, {letter.jurisdiction}")


def letter_pdf(letter: CorrectionLetter) -> bytes:
    from sizing.report.pdf import ReportPDF

    pdf = ReportPDF(letter.subject if len(letter.subject) < 90 else "Grease interceptor plan review",
                    None, footer_note=f"correction letter {letter.date.isoformat()}", created=letter.date,
                    letterhead=letter.letterhead, contact=letter.contact)
    pdf.paragraph(letter.date.isoformat())
    if letter.addressee or letter.address_lines:
        pdf.paragraph("\n".join(x for x in (letter.addressee, *letter.address_lines) if x))
    pdf.key_values([("Re", letter.subject), *letter.reference])
    pdf.paragraph(f"Dear {letter.addressee or 'Applicant'}:")
    pdf.paragraph(letter.opening)
    if letter.corrections:
        pdf.heading("Corrections")
        pdf.bullets([f"{c.text}\n" + "\n".join(_item_lines(c)) for c in letter.corrections], numbered=True)
    if letter.notes:
        pdf.heading("Reviewer's notes")
        pdf.bullets([f"{rule}: {note}" for rule, note in letter.notes])
    if letter.deadlines:
        pdf.heading("Deadlines")
        pdf.bullets(list(letter.deadlines))
    if pdf.get_y() > pdf.h - pdf.b_margin - 55:  # the closing, "Sincerely" and the signature stay together
        pdf.add_page()
    pdf.paragraph(letter.closing)
    pdf.paragraph("Sincerely,")
    pdf.ln(6)
    pdf.paragraph("\n".join(signature(letter)))
    return pdf.to_bytes()


def letter_docx(letter: CorrectionLetter) -> bytes:
    """The letter as a Word document (python-docx), to edit further before sending."""
    import docx
    from docx.shared import Pt

    doc = docx.Document()
    doc.core_properties.title = letter.subject
    doc.core_properties.created = dt.datetime.combine(letter.date, dt.time(), tzinfo=dt.UTC)
    doc.core_properties.modified = doc.core_properties.created
    doc.core_properties.last_modified_by = ""
    doc.core_properties.author = letter.signer or letter.jurisdiction
    style = doc.styles["Normal"]
    style.font.name = "Calibri"
    style.font.size = Pt(11)
    doc.add_paragraph().add_run(letter.letterhead).bold = True
    if letter.contact:
        doc.add_paragraph(" · ".join(letter.contact)).runs[0].font.size = Pt(9)
    doc.add_paragraph(letter.date.isoformat())
    if letter.addressee or letter.address_lines:
        doc.add_paragraph("\n".join(x for x in (letter.addressee, *letter.address_lines) if x))
    re_line = doc.add_paragraph()
    re_line.add_run(f"Re: {letter.subject}").bold = True
    for k, v in letter.reference:
        re_line.add_run(f"\n{k}: {v}")
    doc.add_paragraph(f"Dear {letter.addressee or 'Applicant'}:")
    doc.add_paragraph(letter.opening)
    if letter.corrections:
        doc.add_heading("Corrections", level=2)
        for c in letter.corrections:
            item = doc.add_paragraph(style="List Number")
            item.add_run(c.text)
            for line in _item_lines(c):
                item.add_run("\n" + line).italic = line.startswith("Reviewer's note")
    if letter.notes:
        doc.add_heading("Reviewer's notes", level=2)
        for rule, note in letter.notes:
            doc.add_paragraph(f"{rule}: {note}", style="List Bullet")
    if letter.deadlines:
        doc.add_heading("Deadlines", level=2)
        for d in letter.deadlines:
            doc.add_paragraph(d, style="List Bullet")
    doc.add_paragraph(letter.closing)
    doc.add_paragraph("Sincerely,")
    doc.add_paragraph("\n\n" + "\n".join(signature(letter)))
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


def render(letter: CorrectionLetter, fmt: str) -> bytes:
    """The letter in ``fmt`` (markdown, pdf, docx) as bytes."""
    if fmt == "markdown":
        return letter_markdown(letter).encode()
    if fmt == "pdf":
        return letter_pdf(letter)
    if fmt == "docx":
        return letter_docx(letter)
    raise ValueError(f"unknown letter format {fmt!r}")


#: What markdown reads as markup anywhere in a line (emphasis, code, links and images), escaped with a backslash
#: as CommonMark and Python-Markdown both read it; what it reads as markup at the start of a line (a heading, a
#: list item, a numbered item, a quote), likewise; and what is written as an HTML entity (raw HTML, an entity,
#: a table's bar, strikethrough, a bare link's "://"), which every renderer shows as the character.
_MARKUP = re.compile(r"([\\`*_\[\]!])")
_LINE_START = re.compile(r"^(\s*)([#+\-=]|\d+[.)])")
_HTML = re.compile("[&<>|~]|:(?=//)")


def _md(text: object) -> str:
    r"""Text as markdown shows it as typed: one line, every markup character escaped (``**x**``,
    ``[a](http://evil)`` and ``<script>`` show as written, never bold, a link or HTML).

    >>> print(_md("**x** [a](http://evil) <b> www.x.org"))
    \*\*x\*\* \[a\](http&#58;//evil) &lt;b&gt; www&#46;x.org
    >>> print(_md("1. PC-2026-0142"))
    1\. PC-2026-0142
    """
    line = _MARKUP.sub(r"\\\1", str(text).replace("\n", " "))
    line = _LINE_START.sub(lambda m: m.group(1) + m.group(2)[:-1] + "\\" + m.group(2)[-1], line)
    line = re.sub(r"(?i)(?<=\bwww)\.", "&#46;", _HTML.sub(lambda m: f"&#{ord(m.group())};", line))
    return line.replace("&#38;", "&amp;").replace("&#60;", "&lt;").replace("&#62;", "&gt;")

"""The notice letter a City mails to an FSE, and the staff's copy of it: one model, laid out the same in PDF and
.docx, one letter or a batch of them in one PDF.

A letter is blocks: the letterhead and the City's contact block (the profile's ``contact``), the date, whom it is to
(:mod:`sizing.report.addresses`), the FSE, then for each notice its clause, period, comply-by date and paragraphs,
and the signature block (:mod:`sizing.report.signing`). Two copies are made from one model:

- the copy **sent** states each period as the Director's ("The Director requires it corrected within 30 days"),
  citing the clause that gives the Director the power when the profile names one (its period's ``authority``),
  and carries no provenance caveat: a letter must not hand the FSE an argument against it;
- the **staff** copy says what the sent copy does not: that a period is the program's default and why (the
  profile's note), that no clause is named for it, and what the City's contact block lacks. It is headed
  "STAFF COPY - NOT FOR MAILING".

A mailing address that is incomplete is printed loudly on both (:func:`sizing.report.addresses.lacks`): that letter
cannot be mailed as it stands. Formats what the register's notices return; never reads the register.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sizing.jurisdiction.profile import Jurisdiction
from sizing.report import addresses, signing

SENT, STAFF = "sent", "staff"
COPIES = (SENT, STAFF)
STAFF_BANNER = "STAFF COPY - NOT FOR MAILING"

#: What a contact block's missing field is called in the staff's note.
CONTACT_WORDS = {"street": "street", "city": "city", "zip": "ZIP code", "phone": "telephone",
                 "email": "e-mail address", "hours": "office hours"}


@dataclass(frozen=True)
class Section:
    """One notice in the letter: a heading (when the letter holds several), its facts and its paragraphs."""

    heading: str | None
    pairs: tuple[tuple[str, str], ...]
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class Letter:
    copy: str
    title: str
    subtitle: str
    letterhead: str
    contact: tuple[str, ...]
    date: dt.date
    head: tuple[tuple[str, str], ...]
    sections: tuple[Section, ...]
    signature: tuple[str, ...]
    staff_notes: tuple[str, ...]
    footer: str
    fse_id: str


def contact_note(jurisdiction: Jurisdiction) -> str | None:
    """The staff's note on the City's contact block: none in the profile, or the fields it lacks; None when whole."""
    contact = jurisdiction.contact
    if not contact:
        return (f"The profile of {jurisdiction.name} has no City contact block (contact): the letter gives the FSE "
                "no address or telephone to answer to.")
    missing = [w for k, w in CONTACT_WORDS.items() if not contact.get(k)]
    if not missing:
        return None
    return (f"The City's contact block lacks the {', '.join(missing)} (profile {jurisdiction.id}, contact; read from "
            f"{contact['source']}): the letter prints the rest.")


def _iso(value: Any) -> Any:
    return value.isoformat() if isinstance(value, dt.date) else value


def period_authority(jurisdiction: Jurisdiction, n: Mapping[str, Any]) -> str | None:
    """The clause the profile names as giving the Director the power to set this notice's period, or None."""
    kinds = (jurisdiction.inspections or {}).get("notices") or {}
    tiers = (kinds.get(n.get("type")) or {}).get("tiers") or []
    tier = tiers[min(int(n["tier"]), len(tiers)) - 1] if tiers else {}
    return (tier.get("period") or {}).get("authority")


def paragraphs(n: Mapping[str, Any], copy: str, authority: str | None) -> list[str]:
    """A notice's body: what was found under which clause, what to do and by when (the sent copy: as the
    Director's period; the staff's: with its basis)."""
    found = f"inspection of {_iso(n['issued_on'])}" if n.get("inspection_id") else f"record of {_iso(n['issued_on'])}"
    by = f"that is by {_iso(n['due_on'])}" + (f" ({n['due_note']})" if n.get("due_note") else "")
    out = [f"At the {found}, this requirement of {n['citation']} was found not met: {n['item_text']}."]
    if copy == SENT and n.get("period_provenance") != "confirmed":
        out.append(f"The Director requires it corrected within {n['period_plain']}, {by}."
                   + (f" The Director sets this period under {authority}." if authority else "")
                   + " A follow-up inspection, or a record that shows compliance, closes this notice.")
    else:
        out.append(f"You are required to correct it within {n['period']}, {by}. A follow-up inspection, or a record "
                   "that shows compliance, closes this notice.")
        if n.get("period_provenance") != "confirmed" and n.get("period_note"):
            out.append(f"About the period: {n['period_note']}")
    if n["tier"] > 1:
        out.append(f"This is notice tier {n['tier']}: an earlier notice on the same item was not complied with by "
                   "its due date.")
    if n["status"] == "closed":
        out.append(f"Closed on {_iso(n['closed_on'])} ({n['how'].replace('_', ' ')}): {n['evidence'] or ''}".rstrip(": "))
    return out


def _section(n: Mapping[str, Any], copy: str, authority: str | None, several: bool) -> Section:
    period = n["period"] if copy == STAFF or n.get("period_provenance") == "confirmed" else \
        f"{n['period_plain']}, set by the Director" + (f" ({authority})" if authority else "")
    pairs = (("Notice", f"{n['notice']} (tier {n['tier']})"), ("Clause", n["citation"]),
             ("Compliance period", period), ("Comply by", _iso(n["due_on"])), ("Status", n["status"]))
    return Section(f"Notice {n['notice']}: {n['title']}" if several else None, pairs,
                   tuple(paragraphs(n, copy, authority)))


def _staff_notes(items: Sequence[Mapping[str, Any]], jurisdiction: Jurisdiction) -> list[str]:
    out = []
    for n in items:
        if n.get("period_provenance") == "confirmed":
            continue
        authority = period_authority(jurisdiction, n)
        out.append(f"Notice {n['notice']}: {n.get('period_note') or 'the period is the program default.'} The letter "
                   "sent states it as the Director's period"
                   + (f", set under {authority}." if authority else
                      ", citing no clause: the profile names none that gives the Director this period (its "
                      "period's authority)."))
    note = contact_note(jurisdiction)
    return out + ([note] if note else [])


def notice_letter(items: Sequence[Mapping[str, Any]], jurisdiction: Jurisdiction,
                  signer: Mapping[str, Any] | None = None, copy: str = SENT, dated: dt.date | None = None) -> Letter:
    """The letter of one FSE's notices (as the register gives them, each with its FSE and addressees) under ``jurisdiction`` (the one they
    were issued under), signed by ``signer`` (a signature: name, title, role) or on a blank line for the Director;
    ``copy``: ``sent`` or ``staff`` (see the module); ``dated``: the letter's date (default the first notice's
    issue date; a batch mailed later is dated the day it is mailed)."""
    if copy not in COPIES:
        raise ValueError(f"copy: expected one of {', '.join(COPIES)}, got {copy!r}")
    first = items[0]
    fse = first["fse"]
    title = first["title"] if len(items) == 1 else f"Notices of {_iso(first['issued_on'])}"
    to = first.get("to") or addresses.from_project({"owner": fse.get("owner") or fse.get("name"),
                                                    "address": fse.get("address")})
    day = dated or first["issued_on"]
    head = (("Date", _iso(day)), *addresses.pairs(to),
            ("FSE", " · ".join(x for x in (fse["fse_id"], fse.get("name"), fse.get("address")) if x)))
    numbers = ", ".join(str(n["notice"]) for n in items)
    return Letter(
        copy=copy, title=title, letterhead=jurisdiction.letterhead, contact=jurisdiction.contact_lines,
        subtitle="; ".join(dict.fromkeys(n["citation"] for n in items)), date=day, head=head,
        sections=tuple(_section(n, copy, period_authority(jurisdiction, n), len(items) > 1) for n in items),
        signature=tuple(signing.lines(signer)),
        staff_notes=tuple(_staff_notes(items, jurisdiction)) if copy == STAFF else (),
        footer=f"notice{'s' if len(items) > 1 else ''} {numbers} — {fse['fse_id']}"
        + (" — staff copy" if copy == STAFF else ""), fse_id=fse["fse_id"])


# --- PDF ---------------------------------------------------------------------------------------------------

def _draw(pdf: Any, letter: Letter) -> None:
    """The letter's blocks after its title (the same order as the .docx)."""
    if letter.copy == STAFF:
        pdf.paragraph(STAFF_BANNER, size=10, style="B")
    pdf.key_values(letter.head, key_width=42)
    for s in letter.sections:
        if s.heading:
            pdf.heading(s.heading, level=2)
        pdf.key_values(s.pairs, key_width=42)
        for para in s.paragraphs:
            pdf.paragraph(para)
    if letter.staff_notes:
        pdf.heading("For staff (not on the letter sent)", level=2)
        pdf.bullets(letter.staff_notes)
    pdf.ln(8)
    pdf.paragraph("\n".join(letter.signature))


def letter_pdf(letter: Letter) -> bytes:
    return batch_pdf([letter])[0]


def batch_pdf(letters: Sequence[Letter]) -> tuple[bytes, list[int]]:
    """One PDF of the letters, each from a new page with its own letterhead, page-numbered within its letter
    ("page 1 of 2"), the batch's position in the footer when there are several; and each letter's page count."""
    from sizing.report.pdf import ReportPDF

    if not letters:
        raise ValueError("no letters")
    counts = [_pages(x) for x in letters] if len(letters) > 1 else [None]
    pdf = None
    for k, (letter, count) in enumerate(zip(letters, counts, strict=True), 1):
        footer = letter.footer + (f" — letter {k} of {len(letters)}" if len(letters) > 1 else "")
        if pdf is None:
            pdf = ReportPDF(letter.title, letter.subtitle, footer_note=footer, created=letter.date,
                            letterhead=letter.letterhead, contact=letter.contact)
        else:
            pdf.start_document(letter.title, letter.subtitle, footer, letter.letterhead, letter.contact)
        pdf.document_pages = count
        _draw(pdf, letter)
    return pdf.to_bytes(), [pdf.page] if counts == [None] else counts


def _pages(letter: Letter) -> int:
    from sizing.report.pdf import ReportPDF

    pdf = ReportPDF(letter.title, letter.subtitle, footer_note=letter.footer, created=letter.date,
                    letterhead=letter.letterhead, contact=letter.contact)
    _draw(pdf, letter)
    return pdf.page


# --- .docx -------------------------------------------------------------------------------------------------

def letter_docx(letter: Letter) -> bytes:
    """The letter as a Word document (python-docx), the same blocks in the same order as its PDF."""
    import docx
    from docx.shared import Pt

    doc = docx.Document()
    props = doc.core_properties
    props.title, props.author, props.last_modified_by = letter.title, letter.letterhead, ""
    props.created = props.modified = dt.datetime.combine(letter.date, dt.time(), tzinfo=dt.UTC)
    doc.styles["Normal"].font.name = "Calibri"
    doc.styles["Normal"].font.size = Pt(11)
    doc.add_paragraph().add_run(letter.letterhead).bold = True
    if letter.copy == STAFF:
        doc.add_paragraph().add_run(STAFF_BANNER).bold = True
    if letter.contact:
        doc.add_paragraph("\n".join(letter.contact)).runs[0].font.size = Pt(9)
    doc.add_heading(letter.title, level=1)
    doc.add_paragraph(letter.subtitle)
    _pairs(doc, letter.head)
    for s in letter.sections:
        if s.heading:
            doc.add_heading(s.heading, level=2)
        _pairs(doc, s.pairs)
        for para in s.paragraphs:
            doc.add_paragraph(para)
    if letter.staff_notes:
        doc.add_heading("For staff (not on the letter sent)", level=2)
        for note in letter.staff_notes:
            doc.add_paragraph(note, style="List Bullet")
    doc.add_paragraph("\n\n" + "\n".join(letter.signature))
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


def _pairs(doc: Any, pairs: Sequence[tuple[str, str]]) -> None:
    for key, value in pairs:
        if value is None or value == "":
            continue
        p = doc.add_paragraph()
        p.add_run(f"{key}: ").bold = True
        p.add_run(str(value))


def render(letter: Letter, fmt: str) -> bytes:
    """The letter as ``pdf`` or ``docx`` bytes."""
    if fmt == "pdf":
        return letter_pdf(letter)
    if fmt == "docx":
        return letter_docx(letter)
    raise ValueError(f"unknown letter format {fmt!r}")

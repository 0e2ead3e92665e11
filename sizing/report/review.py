"""Plain-text and markdown renderings of a plan Review (formats the result; never re-decides)."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from sizing.errors import SizingInputError
from sizing.io.sections.review_notes import ReviewerNote
from sizing.plan_names import field_words
from sizing.quantities import show
from sizing.report import text as sizing_text
from sizing.report.findings import NA, SYMBOL, markdown_table, pdf_table, status_shown, text_lines
from sizing.rules.review import Review, verdict_of


def reviewer_notes(notes: Mapping[Any, ReviewerNote], r: Review) -> dict[str, ReviewerNote]:
    """The submittal's parsed ``review_notes`` (``Submittal.review_notes``) that say something, by finding rule id;
    each rule id must be a finding of ``r``."""
    rules = [f.rule for f in r.findings]
    out = {}
    for rule, note in notes.items():
        field = f"review_notes.{rule}"
        if rule not in rules:
            close = difflib.get_close_matches(str(rule), rules, n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise SizingInputError(field, None, "", message=(
                f"{field}: no finding with this rule in the review{hint}; expected one of {', '.join(rules)}"))
        if note.says_something:
            out[rule] = note
    return out


def counts_shown(r: Review, notes: Mapping[str, ReviewerNote] | None = None) -> dict[str, int]:
    """Findings by status as shown: a finding marked N/A counts as n/a only (never as a pass)."""
    out = {s: 0 for s in SYMBOL} | {"n/a": 0}
    for f in r.findings:
        out["n/a" if status_shown(f, notes) == NA else f.status] += 1
    return out


def verdict_shown(r: Review, notes: Mapping[str, ReviewerNote] | None = None) -> str:
    """The review's verdict over the findings the reviewer did not mark not applicable: ``not compliant``,
    ``incomplete`` (a check rests on a partial input) or ``compliant``."""
    return verdict_of([f for f in r.findings if status_shown(f, notes) != NA])


def compliant_shown(r: Review, notes: Mapping[str, ReviewerNote] | None = None) -> bool:
    """No failing or incomplete finding, other than those the reviewer marked not applicable."""
    return verdict_shown(r, notes) == "compliant"


def headline(r: Review, notes: Mapping[str, ReviewerNote] | None = None) -> str:
    c = counts_shown(r, notes)
    verdict = verdict_shown(r, notes).upper()
    line = f"{verdict}: {c['fail']} fail, {c['warn']} warn, {c['pass']} pass, {c['info']} info"
    partial = [field_words(f.rule, capital=False) for f in r.findings if f.incomplete and status_shown(f, notes) != NA]
    if partial:
        line += f"; not checked in full for want of data: {', '.join(partial)}"
    if c["n/a"]:
        waived = [field_words(f.rule, capital=False) for f in r.findings
                  if f.status == "fail" and status_shown(f, notes) == NA]
        line += f", {c['n/a']} N/A (reviewer)" + (
            f"; the reviewer marked failing checks N/A: {', '.join(waived)}" if waived else "")
    return line


def deadline_lines(r: Review) -> list[str]:
    out = []
    for d in r.deadlines:
        skipped = ", ".join(f"{day.isoformat()} {name}" for day, name in d.holidays_skipped)
        out.append(f"{d.rule}: {d.working_days} {d.day_kind} after {d.start.isoformat()} ({d.start_basis}) = "
                   f"{d.date.isoformat()} [{d.citation}]" + (f"; holidays skipped: {skipped}" if skipped else "")
                   + (f"; {d.extended}" if d.extended else ""))
    return out


def waiver_lines(r: Review) -> list[str]:
    """The waiver the submittal carries and its conditions (empty without one)."""
    w = r.waiver
    if w is None:
        return []
    dates = ", ".join(x for x in (
        f"granted on {w['granted_on'].isoformat()}" if w.get("granted_on") else None,
        (f"expired on {w['expiration'].isoformat()}" if w["expired"] else
         f"in force through {w['expiration'].isoformat()}") if w.get("expiration") else "no expiration date") if x)
    out = [f"{w['title']} ({w['citation']}): {w['status']}; {dates}"]
    out += [f"Condition: {c}" for c in w["conditions"]] or ["Conditions: none stated"]
    return out


def corrections_shown(r: Review, notes: Mapping[str, ReviewerNote] | None = None) -> list[str]:
    """The corrections of the failing and incomplete findings the reviewer did not mark not applicable."""
    return [f"{f.correction} [{f.citation}]" for f in r.findings
            if (f.status == "fail" or f.incomplete) and f.correction and status_shown(f, notes) != NA]


def review_cycle(value: str | None) -> str | None:
    """'2' -> '2nd submittal'; any other text is shown as given."""
    if not value:
        return None
    text = str(value).strip()
    if text.isdigit():
        n = int(text)
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix} submittal"
    return text


def header_pairs(r: Review) -> list[tuple[str, str | None]]:
    """The permit header a city files the review under (each shown only when given)."""
    p = r.project
    reviewer = p.get("reviewer")
    return [("Permit", p.get("permit")), ("Plan check", p.get("plan_check")),
            ("Review cycle", review_cycle(p.get("review_cycle"))),
            ("Reviewed by", f"{reviewer}, {r.review_date.isoformat()}" if reviewer else None)]


def profile_value_notes(r: Review) -> list[str]:
    """One line for each finding that rests on a derived or unconfirmed value of the jurisdiction profile."""
    return [f"Finding '{f.rule}' rests on a {f.provenance} value of the jurisdiction profile"
            + (f": {f.provenance_note}" if f.provenance_note else "")
            for f in r.findings if f.provenance in ("derived", "unconfirmed") or f.provenance_note]


def review_text(r: Review, notes: Mapping[str, ReviewerNote] | None = None) -> str:
    title = f"Plan review — {r.jurisdiction} — CPC {r.edition}"
    out = [title] + ([f"Ordinance: {r.ordinance}"] if r.ordinance else []) + [f"Project: {r.project.get('name', '—')}"]
    out += [f"{k}: {v}" for k, v in header_pairs(r) if v]
    out += [f"Construction: {r.construction.replace('_', ' ')}; review date {r.review_date.isoformat()}", "",
            headline(r, notes), "", "Findings:"]
    out += text_lines(r.findings, notes)
    if r.waiver is not None:
        out += ["", "Waiver:"] + [f"  - {line}" for line in waiver_lines(r)]
    if r.deadlines:
        out += ["", "Deadlines:"] + [f"  - {line}" for line in deadline_lines(r)] + [f"  ({r.working_days_rule})"]
    corrections = corrections_shown(r, notes)
    if corrections:
        out += ["", "Corrections:"] + [f"  {i}. {c}" for i, c in enumerate(corrections, 1)]
    out += ["", "Sizing (CPC):"]
    for q, v, basis in sizing_text.summary_rows(r.sizing):
        out.append(f"  {q}: {v} ({basis})")
    if r.sizing.warnings:
        out += ["", "Sizing warnings:"] + [f"  - {w}" for w in sizing_text.named_rows(r.sizing.warnings, r.sizing)]
    out += ["", "Provenance of the code values used:"]
    out += [f"  - {line}" for line in sizing_text.provenance_lines(r.sizing) + profile_value_notes(r)]
    return "\n".join(out) + "\n"


def review_markdown(r: Review, notes: Mapping[str, ReviewerNote] | None = None) -> str:
    out = [f"# Plan review — {_md(r.project.get('name', 'project'))}", "",
           f"- Jurisdiction: {_md(r.jurisdiction)}"] + ([f"- Ordinance: {_md(r.ordinance)}"] if r.ordinance else [])
    out += [f"- {k}: {_md(v)}" for k, v in header_pairs(r) if v]
    out += [f"- Code edition: CPC {r.edition}",
            f"- Construction: {r.construction.replace('_', ' ')}", f"- Review date: {r.review_date.isoformat()}",
            f"- Result: **{headline(r, notes)}**", "", "## Findings", ""]
    out += markdown_table(r.findings, notes)
    if r.waiver is not None:
        out += ["", "## Waiver", ""] + [f"- {_md(line)}" for line in waiver_lines(r)]
    if r.deadlines:
        out += ["", "## Deadlines", ""] + [f"- {_md(line)}" for line in deadline_lines(r)]
        out += ["", _md(r.working_days_rule)]
    corrections = corrections_shown(r, notes)
    if corrections:
        out += ["", "## Corrections", ""] + [f"{i}. {_md(c)}" for i, c in enumerate(corrections, 1)]
    out += ["", sizing_text.sizing_markdown(r.sizing).replace("# Grease interceptor sizing", "## Sizing", 1)
            .replace("\n## ", "\n### ")]
    weak = profile_value_notes(r)
    if weak:
        out += ["", "### Profile values not confirmed", ""] + [f"- {_md(line)}" for line in weak]
    return "\n".join(out).rstrip() + "\n"


def _md(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


# --- The PDF review report (fpdf2 imported only when one is made) ---------------------------------------------

def _design_line(icp) -> str | None:
    """The proposed interceptor in one line: type, volume or rating, compartments, manholes, product."""

    if icp is None:
        return None
    parts = [icp.type or "type not shown"]
    if icp.volume_gal is not None:
        parts.append(show(icp.volume_gal, "gal"))
    if icp.rated_flow_gpm is not None:
        parts.append(show(icp.rated_flow_gpm, "gpm"))
    if icp.compartments is not None:
        parts.append(f"{icp.compartments} compartment{'s' if icp.compartments != 1 else ''}")
    if icp.manholes is not None:
        parts.append(f"{len(icp.manholes)} manholes")
    return ", ".join(parts) + (f" ({icp.product})" if icp.product else "")


def _deadlines_pdf(pdf, r: Review) -> None:
    """The deadlines section: each deadline's rule, clause, start, date and the days left as of the review."""
    pdf.heading("Deadlines")
    for d in r.deadlines:
        skipped = "; ".join(f"{day.isoformat()} {name}" for day, name in d.holidays_skipped) or "none"
        left = d.working_days_left
        pdf.key_values([
            ("Rule", d.rule), ("Citation", d.citation),
            ("Counted from", f"{d.start.isoformat()} ({d.start_basis})"),
            ("Deadline", f"{d.date.isoformat()} — {d.working_days} {d.day_kind}"),
            ("As of review", None if left is None else (
                f"{left} {d.day_kind} left" if left >= 0 else f"passed {-left} {d.day_kind} ago")),
            ("Holidays skipped", skipped)] + ([("Last day", d.extended)] if d.extended else []))
    pdf.paragraph(r.working_days_rule, size=8, muted=True)


def review_pdf(review: Review, notes: dict | None = None) -> bytes:
    """The plan review report: the permit header, findings with clauses (and the reviewer's notes, N/A with its
    reason), corrections, deadlines, the sizing calculation, the provenance note and a signature block."""
    from sizing.report.pdf import ReportPDF, project_pairs, provenance_section, sizing_sections

    r = review
    name = r.project.get("name")
    pdf = ReportPDF(f"Grease interceptor plan review — {r.jurisdiction}", None,
                    footer_note=f"plan review {r.review_date.isoformat()}" + (f" — {name}" if name else ""),
                    created=r.review_date, letterhead=r.letterhead or None)
    design = _design_line(r.interceptor)
    pdf.key_values(header_pairs(r) + project_pairs(r.project, ("name", "address", "applicant", "engineer",
                                                              "engineer_license", "fse_id", "date")) + [
        ("Jurisdiction", r.jurisdiction),
        *([("Ordinance", r.ordinance)] if r.ordinance else []),
        ("Code edition", f"California Plumbing Code {r.edition}"),
        ("Construction", r.construction.replace("_", " ")),
        ("Proposed interceptor", design or "not shown on the plans"),
        ("Review date", r.review_date.isoformat()),
        ("Result", headline(r, notes))])

    pdf.heading("Findings")
    pdf_table(pdf, r.findings, notes)

    if r.waiver is not None:
        pdf.heading("Waiver")
        pdf.bullets(waiver_lines(r), size=9)

    pdf.heading("Corrections")
    corrections = corrections_shown(r, notes)
    if corrections:
        pdf.paragraph("Correct the plans as follows and resubmit:", size=9)
        pdf.bullets(corrections, numbered=True)
    else:
        pdf.paragraph("None: no finding fails.", size=9)

    if r.deadlines:
        _deadlines_pdf(pdf, r)

    pdf.heading(f"Sizing calculation — CPC {r.edition}")
    sizing_sections(pdf, r.sizing, "us", level=2)
    extra = profile_value_notes(r)
    pdf.keep_together(lambda doc: (provenance_section(doc, r.sizing, extra),
                                   doc.signature_block([("Plan checker", r.project.get("reviewer"))])))
    return pdf.to_bytes()

"""The Director's determination letter draft for a waiver / variance (and a revocation), in markdown and PDF.

Formats a :class:`~sizing.rules.waiver.WaiverDecision` only: every finding, score and date comes from it.
The PDF uses the shared primitives of :mod:`sizing.report.pdf` (DejaVu Sans, so '—' and '≤' print).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sizing.plan_names import field_words
from sizing.quantities import UNIT_QUANTITY, number, show
from sizing.report import addresses
from sizing.report import findings as render
from sizing.rules.waiver import WaiverDecision

#: The columns of the letter's findings table (the Director's findings have no reviewer's note).
COLUMNS = ("Status", "Rule", "Finding", "Shown", "Required", "Citation")

DRAFT_NOTE = ("DRAFT for the Director's determination. The findings below are the Director's; the evidence "
              "scores only show what the application's data say against local screening thresholds.")


def decision_line(d: WaiverDecision) -> str:
    """The one-line decision the letter leads with: the Director's recorded decision, else the draft's."""
    if d.final:
        when = d.decided_on.isoformat() if d.decided_on else d.date.isoformat()
        if d.status == "granted":
            until = f"; it expires on {d.expiration.isoformat()}" if d.expiration else ""
            return (f"DECISION: GRANTED on {when} — the {d.kind} under {d.citation} is granted subject to the "
                    f"conditions below{until}.")
        if d.status == "denied":
            return f"DECISION: DENIED on {when} — the {d.kind} under {d.citation} is denied."
        return f"DECISION: REVOKED on {when} — the {d.kind} under {d.citation} is revoked ({d.revocation_citation})."
    if d.grantable:
        return f"DECISION: GRANTABLE — every precondition for the {d.kind} under {d.citation} is met."
    n = len(d.missing)
    return (f"DECISION: NOT GRANTABLE — {n} precondition{'s' if n != 1 else ''} for the {d.kind} under {d.citation} "
            f"{'are' if n != 1 else 'is'} not met.")


def number_text(value: Any, unit: str = "") -> str:
    """A count or measure as a person writes it, to its unit's precision (sizing.quantities): 12.0 -> '12',
    1500.0 -> '1,500', 2.5 -> '2.5', 40.25 with '%' -> '40.3', None -> '—'."""
    if value is None:
        return "—"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    return number(value, UNIT_QUANTITY.get(unit))


def score_text(score: dict[str, Any] | None) -> str:
    """An evidence score in short: '7/7 (supports)', 'no data', or '—' for a finding without one."""
    if not score:
        return "—"
    if score["reading"] == "no data":
        return "no data"
    return f"{score['passed']}/{score['checked']} ({score['reading']})"


def title(d: WaiverDecision) -> str:
    return f"{'Determination' if d.final else 'Draft determination'}: {d.title}"


def signature(d: WaiverDecision) -> str:
    """The signature lines: the Director who recorded the decision and its date, or a blank for the draft."""
    if d.final:
        when = (d.decided_on or d.date).isoformat()
        return f"{d.decided_by or '______________________'}\nDirector (or designee), {when}"
    return "______________________\nDirector (or designee)"


def _addressee(d: WaiverDecision) -> list[str]:
    p = d.project
    return [x for x in (p.get("applicant"), p.get("name"), p.get("address")) if x]


def revocation_addressees(d: WaiverDecision, to: Sequence[Mapping[str, Any]] | None = None) -> list[Mapping[str, Any]]:
    """Whom the notice of proposed revocation is mailed to: the FSE's owner and the property's owner (``to``, as
    the register knows them, else as the application's ``project`` names them), each with what its address lacks."""
    return list(to) if to is not None else addresses.from_project(d.project, property_owner=True)


def _scored(d: WaiverDecision) -> list[tuple[Any, dict[str, Any]]]:
    """The findings with an evidence score that has checks, and the score."""
    return [(f, f.detail["score"]) for f in d.findings
            if (f.detail or {}).get("score") and f.detail["score"]["checks"]]


def _contact_md(d: WaiverDecision) -> list[str]:
    """The City's contact block as the markdown letters print it (a line, then a blank), or nothing."""
    return [" · ".join(d.contact), ""] if d.contact else []


def _contact_pdf(pdf: Any, d: WaiverDecision) -> None:
    if d.contact:
        pdf.paragraph(" · ".join(d.contact), size=7.5, muted=True)


def waiver_markdown(d: WaiverDecision) -> str:
    """The determination letter draft in markdown."""
    kind = d.kind
    out = [f"# {title(d)}", "",
           f"{d.letterhead} · {d.citation}", "", *_contact_md(d),
           f"Date: {d.date.isoformat()}", ""]
    to = _addressee(d)
    if to:
        out += ["To: " + " · ".join(to), ""]
    out += [f"**{decision_line(d)}**", ""] + ([] if d.final else [f"_{DRAFT_NOTE}_", ""])
    out += [f"Construction: {d.construction.replace('_', ' ')}"
            + (f", admitted under {d.admitted_under} ({d.admitted_as})" if d.admitted_under else "")
            + f". CPC {d.sizing['edition']} sizing of the application: "
            f"{show(d.sizing['dfu_total'], 'DFU')}, required gravity volume "
            f"{'—' if d.sizing['required_volume_gal'] is None else format(d.sizing['required_volume_gal'], ',g') + ' gal'} "
            f"({d.sizing['citation']}).", ""]
    if d.technology:
        out += [f"Alternative pretreatment proposed: {d.technology}", ""]
    out += ["## Findings", ""] + render.markdown_table(d.findings, columns=COLUMNS)
    for f, score in _scored(d):
        out += ["", f"### Evidence behind: {field_words(f.rule)} ({score['thresholds']})", "",
                "| Check | Application value | Threshold (local policy) | Result | Source |", "|---|---|---|---|---|"]
        for c in score["checks"]:
            result = {True: "supports", False: "does not support", None: "no data"}[c["ok"]]
            shown = f"{number_text(c['value'], c['unit'])} {c['unit']}".strip()
            limit = f"{number_text(c['limit'], c['unit'])} {c['unit']}".strip()
            out.append(f"| {c['name']} | {shown} | {limit} | {result} | {c['source'] or '—'} |")
    if d.missing:
        out += ["", "## Not met", ""] + [f"- {m}" for m in d.missing]
    if d.status not in ("denied", "revoked"):
        out += ["", "## Conditions" + (" (if granted)" if not d.grantable and not d.final else ""), ""]
        out += [f"{i}. {c['text']} ({c['citation']})" for i, c in enumerate(d.conditions, 1)]
        out += ["", f"Expiration: {d.expiration.isoformat() if d.expiration else 'to be set by the Director'}"]
    if d.warnings and not d.final:
        out += ["", "## Notes for the Director", ""] + [f"- {w}" for w in d.warnings]
    if d.policy_note:
        out += ["", f"_{d.policy_note}_"]
    out += ["", f"The {kind} may be revoked under {d.revocation_citation} if its terms or conditions are not satisfied "
            "or the conditions it was based on change.", ""] + [line + "  " for line in signature(d).splitlines()] + [""]
    return "\n".join(out)


def waiver_pdf(d: WaiverDecision) -> bytes:
    """The determination letter draft as a PDF."""
    from sizing.report.pdf import ReportPDF

    name = d.project.get("name")
    pdf = ReportPDF(title(d), f"{d.letterhead} · {d.citation}",
                    footer_note=f"{'' if d.final else 'draft '}{d.kind} determination {d.date.isoformat()}" + (f" — {name}" if name else ""),
                    created=d.date)
    _contact_pdf(pdf, d)
    pdf.key_values([("Date", d.date.isoformat()), ("To", " · ".join(_addressee(d)) or None),
                    ("Construction", d.construction.replace("_", " ")
                     + (f"; admitted under {d.admitted_under} ({d.admitted_as})" if d.admitted_under else "")),
                    ("CPC sizing", f"{show(d.sizing['dfu_total'], 'DFU')}; required gravity volume "
                                   + ("—" if d.sizing["required_volume_gal"] is None
                                      else f"{show(d.sizing['required_volume_gal'], 'gal')}")
                                   + f" ({d.sizing['citation']})"),
                    ("Alternative pretreatment", d.technology)])
    pdf.paragraph(decision_line(d), size=11, style="B")
    if not d.final:
        pdf.paragraph(DRAFT_NOTE, size=8, muted=True)
    pdf.heading("Findings")
    render.pdf_table(pdf, d.findings)
    for f, score in _scored(d):
        pdf.heading(f"Evidence behind: {field_words(f.rule)}", 2)
        pdf.table(["Check", "Application value", "Threshold", "Result", "Source"],
                  [[c["name"], f"{number_text(c['value'], c['unit'])} {c['unit']}".strip(),
                    f"{number_text(c['limit'], c['unit'])} {c['unit']}".strip(),
                    {True: "supports", False: "does not support", None: "no data"}[c["ok"]], c["source"] or "—"]
                   for c in score["checks"]], widths=[20, 20, 18, 14, 28])
        pdf.paragraph(f"Thresholds: {score['thresholds']}.", size=7.5, muted=True)
    if d.missing:
        pdf.heading("Not met")
        pdf.bullets(d.missing)
    if d.status not in ("denied", "revoked"):
        pdf.heading("Conditions" + (" (if granted)" if not d.grantable and not d.final else ""))
        pdf.bullets([f"{c['text']} ({c['citation']})" for c in d.conditions], numbered=True)
        pdf.paragraph(f"Expiration: {d.expiration.isoformat() if d.expiration else 'to be set by the Director'}")
    if d.warnings and not d.final:
        pdf.heading("Notes for the Director")
        pdf.bullets(d.warnings)
    if d.policy_note:
        pdf.paragraph(d.policy_note, size=8, muted=True)
    pdf.paragraph(f"The {d.kind} may be revoked under {d.revocation_citation} if its terms or conditions are not "
                  "satisfied or the conditions it was based on change.")
    pdf.ln(8)
    pdf.paragraph(signature(d))
    return pdf.to_bytes()


# --- The notice of proposed revocation: a letter of its own ------------------------------------------------

def notice_title(d: WaiverDecision) -> str:
    return f"Notice of proposed revocation: {d.title}"


def _notice_body(d: WaiverDecision) -> list[tuple[str, str]]:
    r = d.revocation
    return [("Notice mailed", r["notice_mailed"]), ("Proposed effective date", r["proposed_effective"]),
            ("Grounds", "; ".join(f"{g['ground'] or repr(g['given'])}: {g['text']}" for g in r["grounds"])
             or "none given")]


def _notice_paragraphs(d: WaiverDecision) -> list[str]:
    r = d.revocation
    out = [f"The Director proposes to revoke the {d.kind} granted under {d.citation}, under "
           f"{d.revocation_citation}, effective {r['proposed_effective']}, on the grounds stated below."]
    if r.get("explanation"):
        out.append(f"Facts and circumstances: {r['explanation']}")
    out.append(f"You may respond in writing before the effective date; a written response will be reviewed and "
               f"considered before the revocation takes effect ({r['citations']['response']}). This notice is given "
               f"at least {r['notice_days_required']} days before the effective date ({r['citations']['notice']}).")
    if not r["may_proceed"]:
        out.append("Not ready to send: " + "; ".join(r["issues"]))
    return out


def revocation_notice_markdown(d: WaiverDecision, to: Sequence[Mapping[str, Any]] | None = None) -> str:
    """The notice of proposed revocation, its own letter (None of the grant's findings), to the FSE's owner and
    the property's owner (:func:`revocation_addressees`)."""
    if not d.revocation:
        raise ValueError("no revocation is proposed")
    out = [f"# {notice_title(d)}", "", f"{d.letterhead} · {d.revocation_citation}", "", *_contact_md(d),
           f"Date: {d.revocation['notice_mailed']}", ""]
    out += addresses.markdown(revocation_addressees(d, to))
    out += [f"- {k}: {v}" for k, v in _notice_body(d)] + [""]
    out += [p for para in _notice_paragraphs(d) for p in (para, "")]
    out += ["______________________  ", "Director (or designee)", ""]
    return "\n".join(out)


def revocation_notice_pdf(d: WaiverDecision, to: Sequence[Mapping[str, Any]] | None = None) -> bytes:
    from sizing.report.pdf import ReportPDF

    if not d.revocation:
        raise ValueError("no revocation is proposed")
    name = d.project.get("name")
    pdf = ReportPDF(notice_title(d), f"{d.letterhead} · {d.revocation_citation}",
                    footer_note=f"notice of proposed revocation {d.revocation['notice_mailed']}"
                    + (f" — {name}" if name else ""), created=d.date)
    _contact_pdf(pdf, d)
    pdf.key_values([("Date", d.revocation["notice_mailed"]), *addresses.pairs(revocation_addressees(d, to)),
                    *_notice_body(d)], key_width=48)
    for para in _notice_paragraphs(d):
        pdf.paragraph(para)
    pdf.ln(8)
    pdf.paragraph("______________________\nDirector (or designee)")
    return pdf.to_bytes()


def waiver_text(d: WaiverDecision) -> str:
    """A terminal summary of a decision (``sizing waiver --format text``): the decision, the findings (through
    :mod:`sizing.report.findings`), what is missing, the conditions, a revocation and the warnings."""
    name = f" — {d.project['name']}" if d.project.get("name") else ""
    out = [f"{d.title}{name} ({d.date.isoformat()})", decision_line(d),
           f"Construction: {d.construction.replace('_', ' ')}; " + (
               f"admitted under {d.admitted_under}: {d.admitted_as}" if d.admitted_under else
               f"not admitted under {d.citation}"), "", "Findings:"]
    out += render.text_lines(d.findings)
    if d.missing:
        out += ["", "Not met:"] + [f"  - {m}" for m in d.missing]
    out += ["", "Conditions:"] + [f"  {i}. {c['text']} ({c['citation']})" for i, c in enumerate(d.conditions, 1)]
    if d.revocation:
        r = d.revocation
        out += ["", f"Revocation: notice {'valid' if r['notice_valid'] else 'NOT valid'} "
                    f"({r['days_of_notice']} of {r['notice_days_required']} days); earliest effective "
                    f"{r['earliest_effective']}; grounds {'valid' if r['grounds_valid'] else 'NOT valid'}; "
                    f"response {r['response']}; may proceed: {'yes' if r['may_proceed'] else 'no'}"]
        out += [f"  - {i}" for i in r["issues"]]
    if d.warnings:
        out += ["", "Warnings:"] + [f"  - {w}" for w in d.warnings]
    return "\n".join(out) + "\n"

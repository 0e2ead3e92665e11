"""The Director's determination letter draft for a waiver / variance (and a revocation), in markdown and PDF.

Formats a :class:`~sizing.ordinance.waiver.WaiverDecision` only: every finding, score and date comes from it.
The PDF uses the shared primitives of :mod:`sizing.report.pdf` (DejaVu Sans, so '—' and '≤' print).
"""

from __future__ import annotations

from typing import Any

from sizing.ordinance.waiver import WaiverDecision
from sizing.report import findings as render

#: The columns of the letter's findings table (the Director's findings have no reviewer's note).
COLUMNS = ("Status", "Rule", "Finding", "Shown", "Required", "Citation")

DRAFT_NOTE = ("DRAFT for the Director's determination. The findings below are the Director's; the evidence "
              "scores only show what the application's data say against local screening thresholds.")


def decision_line(d: WaiverDecision) -> str:
    """The one-line decision the letter leads with."""
    if d.grantable:
        return f"DECISION: GRANTABLE — every precondition for the {d.kind} under {d.citation} is met."
    n = len(d.missing)
    return (f"DECISION: NOT GRANTABLE — {n} precondition{'s' if n != 1 else ''} for the {d.kind} under {d.citation} "
            f"{'are' if n != 1 else 'is'} not met.")


def number_text(value: Any) -> str:
    """A count or measure as a person writes it: 12.0 -> '12', 1500.0 -> '1,500', 2.5 -> '2.5', None -> '—'."""
    if value is None:
        return "—"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,g}"


def score_text(score: dict[str, Any] | None) -> str:
    """An evidence score in short: '7/7 (supports)', 'no data', or '—' for a finding without one."""
    if not score:
        return "—"
    if score["reading"] == "no data":
        return "no data"
    return f"{score['passed']}/{score['checked']} ({score['reading']})"


def _addressee(d: WaiverDecision) -> list[str]:
    p = d.project
    return [x for x in (p.get("applicant"), p.get("name"), p.get("address")) if x]


def _revocation_lines(r: dict[str, Any]) -> list[tuple[str, str]]:
    grounds = "; ".join(f"{g['ground'] or repr(g['given'])}: {g['text']}" for g in r["grounds"]) or "none given"
    return [
        ("Notice mailed", r["notice_mailed"]),
        ("Proposed effective date", r["proposed_effective"]),
        ("Notice period", f"{r['days_of_notice']} days (at least {r['notice_days_required']} required: "
                          f"{'valid' if r['notice_valid'] else 'NOT valid'}; {r['citations']['notice']})"),
        ("Earliest effective date", r["earliest_effective"]),
        ("Grounds", grounds),
        ("Owner's written response", f"{r['response']} ({r['citations']['response']})"),
        ("Revocation may proceed", "yes" if r["may_proceed"] else "no — " + "; ".join(r["issues"])),
    ]


def _scored(d: WaiverDecision) -> list[tuple[Any, dict[str, Any]]]:
    """The findings with an evidence score that has checks, and the score."""
    return [(f, f.detail["score"]) for f in d.findings
            if (f.detail or {}).get("score") and f.detail["score"]["checks"]]


def waiver_markdown(d: WaiverDecision) -> str:
    """The determination letter draft in markdown."""
    kind = d.kind
    out = [f"# Draft determination: {d.title}", "",
           f"{d.letterhead} · {d.citation}", "",
           f"Date: {d.date.isoformat()}", ""]
    to = _addressee(d)
    if to:
        out += ["To: " + " · ".join(to), ""]
    out += [f"**{decision_line(d)}**", "", f"_{DRAFT_NOTE}_", ""]
    out += [f"Construction: {d.construction.replace('_', ' ')}"
            + (f", admitted under {d.admitted_under} ({d.admitted_as})" if d.admitted_under else "")
            + f". CPC {d.sizing['edition']} sizing of the application: "
            f"{d.sizing['dfu_total']:g} DFU, required gravity volume "
            f"{'—' if d.sizing['required_volume_gal'] is None else format(d.sizing['required_volume_gal'], ',g') + ' gal'} "
            f"({d.sizing['citation']}).", ""]
    if d.technology:
        out += [f"Alternative pretreatment proposed: {d.technology}", ""]
    out += ["## Findings", ""] + render.markdown_table(d.findings, columns=COLUMNS)
    for f, score in _scored(d):
        out += ["", f"### Evidence behind {f.rule} ({score['thresholds']})", "",
                "| Check | Application value | Threshold (local policy) | Result | Source |", "|---|---|---|---|---|"]
        for c in score["checks"]:
            result = {True: "supports", False: "does not support", None: "no data"}[c["ok"]]
            shown = f"{number_text(c['value'])} {c['unit']}".strip()
            limit = f"{number_text(c['limit'])} {c['unit']}".strip()
            out.append(f"| {c['name']} | {shown} | {limit} | {result} | {c['source'] or '—'} |")
    if d.missing:
        out += ["", "## Not met", ""] + [f"- {m}" for m in d.missing]
    out += ["", "## Conditions" + (" (if granted)" if not d.grantable else ""), ""]
    out += [f"{i}. {c['text']} ({c['citation']})" for i, c in enumerate(d.conditions, 1)]
    out += ["", f"Expiration: {d.expiration.isoformat() if d.expiration else 'to be set by the Director'}"]
    if d.revocation:
        out += ["", f"## Revocation ({d.revocation_citation})", ""]
        out += [f"- {k}: {v}" for k, v in _revocation_lines(d.revocation)]
        if d.revocation.get("explanation"):
            out += [f"- Facts and circumstances: {d.revocation['explanation']}"]
    if d.warnings:
        out += ["", "## Notes for the Director", ""] + [f"- {w}" for w in d.warnings]
    if d.policy_note:
        out += ["", f"_{d.policy_note}_"]
    out += ["", f"The {kind} may be revoked under {d.revocation_citation} if its terms or conditions are not satisfied "
            "or the conditions it was based on change.", "", "______________________", "Director (or designee)", ""]
    return "\n".join(out)


def waiver_pdf(d: WaiverDecision) -> bytes:
    """The determination letter draft as a PDF."""
    from sizing.report.pdf import ReportPDF

    name = d.project.get("name")
    pdf = ReportPDF(f"Draft determination: {d.title}", f"{d.letterhead} · {d.citation}",
                    footer_note=f"draft {d.kind} determination {d.date.isoformat()}" + (f" — {name}" if name else ""),
                    created=d.date)
    pdf.key_values([("Date", d.date.isoformat()), ("To", " · ".join(_addressee(d)) or None),
                    ("Construction", d.construction.replace("_", " ")
                     + (f"; admitted under {d.admitted_under} ({d.admitted_as})" if d.admitted_under else "")),
                    ("CPC sizing", f"{d.sizing['dfu_total']:g} DFU; required gravity volume "
                                   + ("—" if d.sizing["required_volume_gal"] is None
                                      else f"{d.sizing['required_volume_gal']:,g} gal")
                                   + f" ({d.sizing['citation']})"),
                    ("Alternative pretreatment", d.technology)])
    pdf.paragraph(decision_line(d), size=11, style="B")
    pdf.paragraph(DRAFT_NOTE, size=8, muted=True)
    pdf.heading("Findings")
    render.pdf_table(pdf, d.findings)
    for f, score in _scored(d):
        pdf.heading(f"Evidence behind {f.rule}", 2)
        pdf.table(["Check", "Application value", "Threshold", "Result", "Source"],
                  [[c["name"], f"{number_text(c['value'])} {c['unit']}".strip(),
                    f"{number_text(c['limit'])} {c['unit']}".strip(),
                    {True: "supports", False: "does not support", None: "no data"}[c["ok"]], c["source"] or "—"]
                   for c in score["checks"]], widths=[20, 20, 18, 14, 28])
        pdf.paragraph(f"Thresholds: {score['thresholds']}.", size=7.5, muted=True)
    if d.missing:
        pdf.heading("Not met")
        pdf.bullets(d.missing)
    pdf.heading("Conditions" + (" (if granted)" if not d.grantable else ""))
    pdf.bullets([f"{c['text']} ({c['citation']})" for c in d.conditions], numbered=True)
    pdf.paragraph(f"Expiration: {d.expiration.isoformat() if d.expiration else 'to be set by the Director'}")
    if d.revocation:
        pdf.heading(f"Revocation ({d.revocation_citation})")
        pairs = _revocation_lines(d.revocation)
        if d.revocation.get("explanation"):
            pairs.append(("Facts and circumstances", d.revocation["explanation"]))
        pdf.key_values(pairs, key_width=48)
    if d.warnings:
        pdf.heading("Notes for the Director")
        pdf.bullets(d.warnings)
    if d.policy_note:
        pdf.paragraph(d.policy_note, size=8, muted=True)
    pdf.paragraph(f"The {d.kind} may be revoked under {d.revocation_citation} if its terms or conditions are not "
                  "satisfied or the conditions it was based on change.")
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

"""The maintenance report of a MaintenancePlan: the text and markdown summary of ``sizing maintenance``, and the
PDF (readings, the accumulation chart, the recommendation and the findings, each with its citation) for an
inspector to print or send. Findings are rendered by :mod:`sizing.report.findings`.

Formats the plan only: every percentage, date and interval comes from
:func:`sizing.rules.maintenance.plan`.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Mapping
from typing import Any

from sizing.quantities import show
from sizing.report import findings as render_findings
from sizing.report.figures import maintenance_figure
from sizing.report.findings import STATUS_FILL
from sizing.rules.device_maintenance import DEVICE_NAMES
from sizing.rules.maintenance import MaintenancePlan


def status_line(plan: MaintenancePlan) -> str:
    """IN ORDER, SERVICE NOW or RECORDS INCOMPLETE, as the command line prints it."""
    if plan.in_order:
        return "IN ORDER"
    return "SERVICE NOW" if plan.service_now or plan.overdue else "RECORDS INCOMPLETE"


def _date(day: dt.date | str | None) -> str | None:
    if day is None:
        return None
    return day if isinstance(day, str) else day.isoformat()


def _inches(value: float) -> str:
    return show(value, 'in')


def recommendation_pairs(plan: MaintenancePlan) -> list[tuple[str, Any]]:
    """(label, value) lines of the recommendation; a value of None is left out of the report."""
    c = plan.citations
    latest = plan.latest
    reading = None
    if latest is not None and plan.percent_full is not None:
        verdict = "OVER the limit" if plan.exceeds_limit else "within the limit"
        reading = (f"{latest['date']}: FOG {_inches(latest['fog_in'])} + solids {_inches(latest['solids_in'])} = "
                   f"{_inches(latest['total_in'])} of {show(plan.liquid_depth_in, 'in')} = {show(plan.percent_full, '%')} "
                   f"({verdict}; {c.get('accumulation_limit', '')})")
    a = plan.accumulation
    rate = None if a.get("rate_in_per_day") is None else (
        f"{show(a['rate_in_per_30_days'], 'in')} per 30 days ({a['method']})")
    return [
        ("Status", status_line(plan)),
        ("Liquid depth", f"{show(plan.liquid_depth_in, 'in')}; {show(plan.limit_percent, '%')} limit = "
                         f"{show(plan.limit_depth_in, 'in')} of FOG + solids"),
        ("Latest reading", reading or "no FOG + solids reading on record"),
        ("Last full pump-out", _date(plan.last_service) or "none on record"),
        ("Accumulation", rate),
        (f"Projected to reach {show(plan.limit_percent, '%')}", _date(plan.projected_limit_date)),
        ("Recommended interval", None if plan.recommended_interval_days is None
         else f"{plan.recommended_interval_days} days — {plan.basis}"),
        ("Approved interval", None if plan.approved_interval_days is None
         else f"{plan.approved_interval_days:g} days"),
        ("Due by", None if plan.due_date is None else f"{plan.due_date.isoformat()} ({plan.due_basis})"
         + (" — OVERDUE" if plan.overdue else "")),
        ("Next service", f"{_date(plan.next_service_date) or '—'} ({plan.next_service_basis})"),
    ]


def chart_png(plan: MaintenancePlan) -> bytes:
    """The accumulation chart of :func:`sizing.report.figures.maintenance_figure` as PNG bytes."""

    buffer = io.BytesIO()
    maintenance_figure(plan).savefig(buffer, format="png", dpi=150)
    return buffer.getvalue()


def maintenance_pdf(plan: MaintenancePlan, letterhead: str | None = None) -> bytes:
    """The maintenance report: recommendation, chart, readings, pump-outs, findings and citations."""
    from sizing.report.pdf import ReportPDF, project_pairs

    name = plan.project.get("name")
    pdf = ReportPDF("Grease interceptor maintenance report", name, letterhead=letterhead or plan.letterhead or None,
                    footer_note=f"maintenance as of {plan.as_of.isoformat()}" + (f" — {name}" if name else ""),
                    created=plan.as_of)
    pdf.key_values(project_pairs(dict(plan.project), ("address", "applicant", "permit", "fse_id"))
                   + [("As of", plan.as_of.isoformat())])
    pdf.heading("Recommendation")
    pdf.key_values(recommendation_pairs(plan), key_width=48)
    pdf.heading("Accumulation chart")
    pdf.image(io.BytesIO(chart_png(plan)), w=pdf.epw)
    pdf.ln(2)
    pdf.heading("Readings")
    if plan.readings:
        pdf.table(["Date", "FOG", "Solids", "Total", "% of liquid depth", "Over the limit"],
                  [(r["date"], _inches(r["fog_in"]), _inches(r["solids_in"]), _inches(r["total_in"]),
                    f"{show(r['percent_full'], '%')}", "yes" if r["exceeds_limit"] else "no") for r in plan.readings],
                  widths=(16, 12, 12, 12, 16, 14), align=("L", "R", "R", "R", "R", "L"),
                  fills=[(None,) * 5 + (STATUS_FILL["fail"] if r["exceeds_limit"] else None,)
                         for r in plan.readings])
    else:
        pdf.paragraph("No FOG + solids reading on record.")
    pdf.paragraph("Full pump-outs: " + (", ".join(d.isoformat() for d in plan.services) or "none on record"),
                  size=9)
    pdf.heading("Findings")
    render_findings.pdf_table(pdf, plan.findings)
    if plan.warnings:
        pdf.heading("Warnings")
        pdf.bullets(plan.warnings, size=8.5)
    pdf.heading("Citations")
    pdf.key_values([(key.replace("_", " "), text) for key, text in plan.citations.items()], key_width=48,
                   size=8.5)
    pdf.signature_block([("Inspector", plan.project.get("reviewer"))])  # its date line is beside it
    return pdf.to_bytes()


def device_pdf(result: Any, project: Mapping[str, Any] | None = None) -> bytes:
    """The report of a log checked against the intervals fixed by device type alone (a jurisdiction with no
    accumulation rule in this tool): the device, each task's last date, next date and clause, and the status."""
    from sizing.report.pdf import ReportPDF, project_pairs

    project = dict(project or {})
    name = project.get("name")
    pdf = ReportPDF("Grease removal device maintenance report", name, letterhead=result.letterhead or None,
                    footer_note=f"maintenance as of {result.as_of.isoformat()}" + (f" — {name}" if name else ""),
                    created=result.as_of)
    pdf.key_values(project_pairs(project, ("address", "applicant", "permit", "fse_id"))
                   + [("As of", result.as_of.isoformat()), ("Jurisdiction", result.jurisdiction),
                      ("Device", DEVICE_NAMES.get(result.device, "not stated in the log")),
                      ("Status", "in order" if result.in_order else "ACTION NEEDED")])
    pdf.paragraph("The maintenance rules applied are the intervals the jurisdiction fixes by device type; no "
                  "accumulation (25 %) rule applies under it in this tool.", size=9, muted=True)
    pdf.heading("Findings")
    render_findings.pdf_table(pdf, result.findings)
    pdf.signature_block([("Inspector", project.get("reviewer"))])
    return pdf.to_bytes()


def maintenance_text(plan: MaintenancePlan, markdown: bool = False) -> str:
    """The text (or markdown) summary of ``sizing maintenance``: status, latest reading, accumulation, the
    recommendation and the due date, then the findings and the warnings."""
    d = plan.to_dict()
    head = "# " if markdown else ""
    sub = "## " if markdown else ""
    bullet = "- " if markdown else "  "
    name = f" — {d['project']['name']}" if d["project"].get("name") else ""
    out = [f"{head}Grease interceptor maintenance{name} (as of {d['as_of']}): {status_line(plan)}", ""]
    if d["percent_full"] is None:
        out.append(f"{bullet}No FOG + solids reading on record.")
    else:
        r = d["latest_reading"]
        verdict = "OVER the limit" if d["exceeds_limit"] else "within the limit"
        out.append(f"{bullet}Latest reading {r['date']}: FOG {show(r['fog_in'], 'in')} + solids {show(r['solids_in'], 'in')} = "
                   f"{show(r['total_in'], 'in')} of {show(d['liquid_depth_in'], 'in')} = {show(d['percent_full'], '%')} "
                   f"({verdict}, {show(d['limit_percent'], '%')}; {d['citations']['accumulation_limit']})")
    a = d["accumulation"]
    if a["rate_in_per_day"] is not None:
        out.append(f"{bullet}Accumulation: {show(a['rate_in_per_30_days'], 'in')} per 30 days ({a['method']})")
    if d["projected_limit_date"]:
        out.append(f"{bullet}Projected to reach {show(d['limit_percent'], '%')}: {d['projected_limit_date']}")
    out.append(f"{bullet}Recommended interval: {d['recommended_interval_days']} days — {d['basis']}")
    if d["approved_interval_days"] is not None:
        out.append(f"{bullet}Approved interval: {d['approved_interval_days']:g} days")
    if d["due_date"]:
        out.append(f"{bullet}Due by: {d['due_date']} ({d['due_basis']})" + (" — OVERDUE" if d["overdue"] else ""))
    out.append(f"{bullet}Next service: {d['next_service_date'] or '—'} ({d['next_service_basis']})")
    out += ["", f"{sub}Findings"]
    if markdown:
        out += [""] + render_findings.markdown_table(plan.findings, columns=render_findings.COLUMNS[:-1])
    else:
        out += render_findings.text_lines(plan.findings)
    if d["warnings"]:
        out += ["", f"{sub}Warnings"] + [f"{bullet}{w}" for w in d["warnings"]]
    return "\n".join(out) + "\n"


def device_text(result: Any, markdown: bool = False) -> str:
    """The text (or markdown) of a device-type check: a heading, then one line per finding."""
    head = "# " if markdown else ""
    state = "in order" if result.in_order else "ACTION NEEDED"
    out = [f"{head}Grease removal device maintenance (as of {result.as_of.isoformat()}): {state}",
           f"{result.letterhead}: intervals fixed by device type; no accumulation rule applies under this "
           "jurisdiction in this tool", ""]
    out += render_findings.markdown_table(result.findings) if markdown else render_findings.text_lines(result.findings)
    return "\n".join(out) + "\n"

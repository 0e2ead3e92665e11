"""Plain-text and markdown renderings of a plan Review (formats the result; never re-decides)."""

from __future__ import annotations

from sizing.ordinance.review import Review
from sizing.report import text as sizing_text

SYMBOL = {"pass": "PASS", "fail": "FAIL", "warn": "WARN", "info": "INFO"}


def value_limit(f) -> tuple[str, str]:
    """A finding's value and limit as short strings with the unit ('23.62 in', '24 in')."""
    return _show(f.value, f.unit), _show(f.limit, f.unit)


def _show(x, unit: str) -> str:
    if x is None:
        return "—"
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, float):
        text = f"{x:,.2f}".rstrip("0").rstrip(".")
        return f"{text} {unit}".strip()
    if isinstance(x, int):
        return f"{x:,} {unit}".strip()
    return str(getattr(x, "isoformat", lambda: x)())


def headline(r: Review) -> str:
    c = r.counts()
    verdict = "COMPLIANT" if r.compliant else "NOT COMPLIANT"
    return f"{verdict}: {c['fail']} fail, {c['warn']} warn, {c['pass']} pass, {c['info']} info"


def deadline_lines(r: Review) -> list[str]:
    out = []
    for d in r.deadlines:
        skipped = ", ".join(f"{day.isoformat()} {name}" for day, name in d.holidays_skipped)
        out.append(f"{d.rule}: {d.working_days} working days after {d.start.isoformat()} ({d.start_basis}) = "
                   f"{d.date.isoformat()} [{d.citation}]" + (f"; holidays skipped: {skipped}" if skipped else ""))
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


def review_text(r: Review) -> str:
    title = f"Plan review — {r.jurisdiction} — CPC {r.edition}"
    out = [title, f"Project: {r.project.get('name', '—')}", f"Construction: {r.construction.replace('_', ' ')}; "
           f"review date {r.review_date.isoformat()}", "", headline(r), "", "Findings:"]
    for f in r.findings:
        v, lim = value_limit(f)
        out.append(f"  [{SYMBOL[f.status]}] {f.rule}: {f.message}")
        out.append(f"         value {v}; limit {lim}; {f.citation}")
    if r.waiver is not None:
        out += ["", "Waiver:"] + [f"  - {line}" for line in waiver_lines(r)]
    if r.deadlines:
        out += ["", "Deadlines:"] + [f"  - {line}" for line in deadline_lines(r)] + [f"  ({r.working_days_rule})"]
    if r.corrections:
        out += ["", "Corrections:"] + [f"  {i}. {c}" for i, c in enumerate(r.corrections, 1)]
    out += ["", "Sizing (CPC):"]
    for q, v, basis in sizing_text.summary_rows(r.sizing):
        out.append(f"  {q}: {v} ({basis})")
    if r.sizing.warnings:
        out += ["", "Sizing warnings:"] + [f"  - {w}" for w in r.sizing.warnings]
    out += ["", "Provenance of the code values used:"]
    out += [f"  - {line}" for line in sizing_text.provenance_lines(r.sizing)]
    return "\n".join(out) + "\n"


def review_markdown(r: Review) -> str:
    out = [f"# Plan review — {_md(r.project.get('name', 'project'))}", "",
           f"- Jurisdiction: {_md(r.jurisdiction)}", f"- Code edition: CPC {r.edition}",
           f"- Construction: {r.construction.replace('_', ' ')}", f"- Review date: {r.review_date.isoformat()}",
           f"- Result: **{headline(r)}**", "", "## Findings", "",
           "| Status | Rule | Finding | Value | Limit | Citation |", "|---|---|---|---|---|---|"]
    for f in r.findings:
        v, lim = value_limit(f)
        out.append(f"| {SYMBOL[f.status]} | {f.rule} | {_md(f.message)} | {_md(v)} | {_md(lim)} | {_md(f.citation)} |")
    if r.waiver is not None:
        out += ["", "## Waiver", ""] + [f"- {_md(line)}" for line in waiver_lines(r)]
    if r.deadlines:
        out += ["", "## Deadlines", ""] + [f"- {_md(line)}" for line in deadline_lines(r)]
        out += ["", _md(r.working_days_rule)]
    if r.corrections:
        out += ["", "## Corrections", ""] + [f"{i}. {_md(c)}" for i, c in enumerate(r.corrections, 1)]
    out += ["", sizing_text.sizing_markdown(r.sizing).replace("# Grease interceptor sizing", "## Sizing", 1)
            .replace("\n## ", "\n### ")]
    return "\n".join(out).rstrip() + "\n"


def _md(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")

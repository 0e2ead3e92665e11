"""Text of ``sizing register``: a stored record, an FSE, its history, a cycle diff, the due list, an import,
and rows as CSV. Formats what the register returns; never queries or recomputes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sizing.io.csv_files import csv_text
from sizing.io.sections.parties import Party
from sizing.plan_names import counted_from_one
from sizing.program.deadlines import cpc_check
from sizing.program.queries import counted, log_detail
from sizing.program.rows import latest
from sizing.quantities import number, quantity_of, show
from sizing.report.addresses import lacks
from sizing.rules.inspection import outcome_words


def added_text(added: Any) -> str:
    """What ``register add`` stored, and whether the evaluated document is in order."""
    verdict = {0: "in order", 1: "NOT in order (see findings)"}[added.exit_code]
    return "\n".join([f"{added.summary()}: {verdict}"] + [f"  {n}" for n in added.notes])


def parties_lines(p: Mapping[str, Any]) -> list[str]:
    """The FSE's contacts, property and shared interceptors, and whom its letters are to (with what is missing)."""
    out = []
    for role, c in (p.get("contacts") or {}).items():
        out.append(f"  {role}: " + "; ".join(x for x in (", ".join(Party(**c).lines()), c.get("email"), c.get("phone"))
                                             if x))
    prop = p.get("property")
    if prop:
        out.append(f"  property {prop['property_id']}: {', '.join(Party(**prop['site']).lines())}; owner "
                   f"{', '.join(Party(**prop['owner']).lines()) or 'not recorded'}")
    for u in p.get("interceptors") or ():
        out.append(f"  interceptor {u['unit_id']} ({u['type'] or 'type not recorded'}"
                   + (f", {show(u['volume_gal'], 'gal')}" if u["volume_gal"] else "") + f") serves {', '.join(u['serves'])}")
    for a in p.get("mailing") or ():
        warning = lacks(a)
        if warning:
            out.append(f"  letters to the {a['role']}: {warning}")
    return out


def show_text(d: Mapping[str, Any]) -> str:
    """Everything recorded on one FSE (``queries.show``), a line each."""
    f = d["fse"]
    out = [f"{f['fse_id']} — {f['name'] or 'name not recorded'}"]
    out += [f"  {k}: {f[k]}" for k in ("address", "owner", "contact") if f[k]]
    state = d.get("compliance")
    if state:  # the one state (sizing.program.compliance), its reasons of that status
        out.append(f"  compliance: {state['status']}")
        out += [f"    {r['text']} ({r['clause']})" for r in state["reasons"] if r["status"] == state["status"]]
    out += parties_lines(d.get("parties") or {})
    for r in d["interceptors"][-1:]:
        out.append(f"  interceptor: {r['type'] or 'type not recorded'}, "
                   + (f"{show(r['volume_gal'], 'gal')}" if r["volume_gal"] is not None else
                      f"{show(r['rated_flow_gpm'], 'gpm')}" if r["rated_flow_gpm"] is not None else "size not recorded")
                   + f" ({r['source']})")
        check = cpc_check(r)["cpc_check"]
        if check:
            out.append(f"  CPC check: {check}")
    for r in d["cycles"]:
        out.append(f"  cycle {r['cycle']} ({r['review_date']}, {r['reviewer']}): "
                   f"{'compliant' if r['compliant'] else 'not compliant'}; {r['jurisdiction']}, CPC {r['edition']}; "
                   f"recorded by {by(r)}")
    for r in d["notifications"]:
        out.append(f"  notified {r['notified_on']}: install by {r['install_deadline']} ({r['citation']})")
    for r in d["waivers"]:
        out.append(f"  waiver {r['type']} ({r['decided_on']}): {r['status']}"
                   + (f", expires {r['expiration']}" if r["expiration"] else "") + f"; recorded by {by(r)}")
    plan = latest(counted(d["maintenance_logs"]), "maintenance_logs")  # the row the due list reads
    if plan is not None:
        out.append(f"  maintenance as of {plan['as_of']}: {log_detail(plan)}")
    counts: dict[str, int] = {}
    for e in d["maintenance_events"]:
        counts[e["kind"]] = counts.get(e["kind"], 0) + 1
    if counts:
        out.append("  events: " + ", ".join(f"{n} {k.replace('_', '-')}" for k, n in counts.items()))
    for r in counted(d.get("inspections", []))[-1:]:
        out.append(f"  last inspection {r['inspected_on']} ({r['purpose'].replace('_', ' ')}): "
                   + outcome_words(r["result"] or {}) + f"; by {by(r)}")
    if d.get("notices"):
        out.append(f"  notices: {len(d['notices'])} issued (register notices --fse {d['fse']['fse_id']})")
    return "\n".join(out)


def history_text(rows: Iterable[Mapping[str, Any]]) -> str:
    """One FSE's timeline, a line per event."""
    return "\n".join(f"{r['date']}  {r['what']:<22} {_struck(r)}  [{by(r)}, {r['recorded_at']}]" for r in rows)


def _struck(r: Mapping[str, Any]) -> str:
    """A timeline entry's detail; a voided record's marked VOID with why, by whom and when (it no longer counts)."""
    v = r.get("void")
    if not v:
        return r["detail"]
    return f"VOID ({v['reason']}; voided by {v['recorded_by']}, {v['recorded_at']}): {r['detail']}"


def by(r: Mapping[str, Any]) -> str:
    """Who recorded a row, and on whose behalf when given: ``"root for J. Alvarez"``."""
    behalf = r.get("on_behalf_of")
    return f"{r['recorded_by']} for {behalf}" if behalf else str(r["recorded_by"])


def diff_text(d: Mapping[str, Any]) -> str:
    """What changed between two review cycles (``register.diff.diff``)."""
    a, b = d["from"], d["to"]
    out = [f"{d['fse_id']}: cycle {a['cycle']} ({a['review_date']}) -> cycle {b['cycle']} ({b['review_date']}); "
           f"compliant {_val(d['compliant']['from'])} -> {_val(d['compliant']['to'])}"]
    out += ["", "Fixtures:"] + ([f"  {f['change']:<8} {f['fixture']}: {_fx(f['from'])} -> {_fx(f['to'])}"
                                 for f in d["fixtures"]] or ["  no change"])
    out += ["", "Design values:"] + ([f"  {counted_from_one(v['value'])}: {_val(v['from'], v['value'])} -> {_val(v['to'], v['value'])}"
                                      for v in d["design"]]
                                     or ["  no change"])
    for key, title in (("resolved", "Resolved"), ("new", "New failures"), ("still_failing", "Still failing")):
        out += ["", f"{title} ({len(d[key])}):"] + [f"  {f['rule']}: {f['now']} [{f['citation']}]" for f in d[key]]
    if d["other_status_changes"]:
        out += ["", "Other status changes:"] + [f"  {c['rule']}: {c['from']} -> {c['to']}"
                                                for c in d["other_status_changes"]]
    return "\n".join(out)


def _fx(f: Mapping[str, Any] | None) -> str:
    return "none" if f is None else f"{f['count']} x, {f['connected']}, {show(f['dfu'], 'DFU')}"


def _val(v: Any, key: str = "") -> str:
    """A design value of a diff, to the precision of its quantity (``required_volume_gal``: a volume)."""

    return number(v, quantity_of(key))


def due_text(items: Sequence[Mapping[str, Any]]) -> str:
    """The due list, a line per item by date; ``nothing due`` when empty."""
    return "\n".join(f"{i['date']}  {i['status'].upper():<8} {i['fse_id']:<12} {i['what']}: {i['detail']}"
                     for i in items) or "nothing due"


def imported_text(r: Any) -> str:
    """What ``register import-inventory`` imported, and the submittals left out."""
    line = (f"imported {r.fses_added + r.fses_known} FSEs ({r.fses_added} new), {r.interceptors_added} interceptor "
            "records" + (f", {r.contacts_written} contact records" if r.contacts_written else ""))
    if r.rejected:
        lines = list(r.reject_lines)
        at = ""
        if lines:
            at = f" (line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines[:10]))}"
            at += f" and {len(lines) - 10:,} more)" if len(lines) > 10 else ")"
        ids = [shown_id(i) for i in r.not_sized[:10]] + ([f"{len(r.not_sized) - 10:,} more"] if len(r.not_sized) > 10 else [])
        line += f"; {r.rejected} rows rejected{at}, not imported: {', '.join(ids)}"
    return line


def manifests_text(r: Any) -> str:
    """What ``register import-manifests`` stored, and the lines left out."""
    n = r.manifests
    schedules = (f"the maintenance schedule of {r.logs:,} FSE{'s' if r.logs != 1 else ''} updated from every "
                 "pump-out and log on file") if r.logs else "no maintenance schedule changed"
    line = (f"imported {n:,} manifest{'s' if n != 1 else ''} ({r.full:,} full pump-out{'s' if r.full != 1 else ''}, "
            f"{n - r.full:,} partial) for {r.fses:,} FSE{'s' if r.fses != 1 else ''}; {schedules}")
    if r.rejected:
        lines = list(r.reject_lines)
        at = f"line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines[:10]))}"
        at += f" and {len(lines) - 10:,} more" if len(lines) > 10 else ""
        line += f"; {r.rejected:,} line{'s' if r.rejected != 1 else ''} rejected ({at}), not imported"
    if r.warnings:
        line += f"; {len(r.warnings):,} warning{'s' if len(r.warnings) != 1 else ''}"
    return line


def shown_id(value: str) -> str:
    """An id in a line of text: at most 80 characters."""
    return value if len(value) <= 80 else value[:77] + "..."


def csv_rows(rows: Iterable[Mapping[str, Any]], columns: Sequence[str]) -> str:
    """Rows as CSV text by the project's one CSV writer (None as an empty cell, dates as ISO, text
    spreadsheet-safe)."""

    return csv_text(columns, ([r.get(c) for c in columns] for r in rows))

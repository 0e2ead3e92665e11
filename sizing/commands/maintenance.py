"""``sizing maintenance FILE``: the accumulation limit, the service interval and the records check of a maintenance log."""

from __future__ import annotations

import argparse

from sizing.jurisdiction import add_option

HELP = "check a grease interceptor maintenance log: accumulation limit, service interval, records (exit 1: service due)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE",
                   help="maintenance log, YAML or JSON: liquid_depth, services, measurements (top level or under maintenance:)")
    p.add_argument("--format", choices=("text", "json", "markdown", "pdf"), default="text",
                   help="pdf: the maintenance report, written to --output, or <FILE stem>-maintenance.pdf here; "
                        "'-o -' for stdout")
    p.add_argument("--as-of", metavar="YYYY-MM-DD", help="evaluation date (overrides the file's as_of; default today)")
    p.add_argument("--plot", metavar="PATH", help="also write the accumulation chart (.png, .svg or .pdf)")
    p.add_argument("--output", "-o", metavar="PATH", help="write to PATH instead of standard output")
    add_option(p)


def run(args: argparse.Namespace) -> int:
    from sizing import parse
    from sizing.commands.output import emit, to_json
    from sizing.ordinance import maintenance

    as_of = None if args.as_of is None else parse.date("--as-of", args.as_of)
    plan = maintenance.plan(maintenance.load(args.file, as_of=as_of), args.jurisdiction)
    if args.plot is not None:
        from sizing.commands.output import check_output
        from sizing.report.figures import maintenance_figure, save_figure

        check_output(args.plot, "--plot", args.file)
        save_figure(maintenance_figure(plan), args.plot)
    if args.format == "json":
        emit(to_json(plan.to_dict()), args.output, source=args.file)
    elif args.format == "pdf":
        from sizing.commands.output import write_pdf
        from sizing.report.maintenance import maintenance_pdf

        write_pdf(maintenance_pdf(plan), args.output, args.file, "maintenance")
    else:
        emit(render(plan, markdown=args.format == "markdown"), args.output, source=args.file)
    return 0 if plan.in_order else 1


def render(plan, markdown: bool = False) -> str:
    """Text or markdown summary of a MaintenancePlan (formats the result only)."""
    d = plan.to_dict()
    head = "# " if markdown else ""
    bullet = "- " if markdown else "  "
    name = f" — {d['project']['name']}" if d["project"].get("name") else ""
    status = "IN ORDER" if d["in_order"] else ("SERVICE NOW" if d["service_now"] or d["overdue"] else "RECORDS INCOMPLETE")
    out = [f"{head}Grease interceptor maintenance{name} (as of {d['as_of']}): {status}", ""]
    if d["percent_full"] is None:
        out.append(f"{bullet}No FOG + solids reading on record.")
    else:
        r = d["latest_reading"]
        verdict = "OVER the limit" if d["exceeds_limit"] else "within the limit"
        out.append(f"{bullet}Latest reading {r['date']}: FOG {r['fog_in']:.2f} in + solids {r['solids_in']:.2f} in = "
                   f"{r['total_in']:.2f} in of {d['liquid_depth_in']:g} in = {d['percent_full']:.1f} % "
                   f"({verdict}, {d['limit_percent']:g} %; {d['citations']['accumulation_limit']})")
    a = d["accumulation"]
    if a["rate_in_per_day"] is not None:
        out.append(f"{bullet}Accumulation: {a['rate_in_per_30_days']:.2f} in per 30 days ({a['method']})")
    if d["projected_limit_date"]:
        out.append(f"{bullet}Projected to reach {d['limit_percent']:g} %: {d['projected_limit_date']}")
    out.append(f"{bullet}Recommended interval: {d['recommended_interval_days']} days — {d['basis']}")
    if d["approved_interval_days"] is not None:
        out.append(f"{bullet}Approved interval: {d['approved_interval_days']:g} days")
    if d["due_date"]:
        out.append(f"{bullet}Due by: {d['due_date']} ({d['due_basis']})" + (" — OVERDUE" if d["overdue"] else ""))
    out.append(f"{bullet}Next service: {d['next_service_date'] or '—'} ({d['next_service_basis']})")
    out += ["", f"{'## ' if markdown else ''}Records"]
    for c in d["records"]:
        mark = {True: "ok", False: "NOT MET", None: "not shown"}[c["ok"]]
        out.append(f"{bullet}{c['title']}: {mark} — {c['detail']} ({c['citation']})")
    if d["warnings"]:
        out += ["", f"{'## ' if markdown else ''}Warnings"] + [f"{bullet}{w}" for w in d["warnings"]]
    return "\n".join(out) + "\n"

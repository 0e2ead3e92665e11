"""``sizing maintenance FILE``: the accumulation limit, the service interval and the records check of a maintenance log."""

from __future__ import annotations

import argparse

from sizing.cli.output import check_distinct, emit, pdf_path, to_json
from sizing.errors import SizingInputError
from sizing.jurisdiction.profile import Jurisdiction, add_option, get

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
    from sizing.io import fields as parse
    from sizing.rules import device_maintenance, maintenance

    as_of = None if args.as_of is None else parse.date("--as-of", args.as_of)
    check_distinct(("--output", pdf_path(args.output, args.file, "maintenance") if args.format == "pdf" else args.output),
                   ("--plot", args.plot))
    rec = maintenance.load(args.file, as_of=as_of)
    jurisdiction = get(args.jurisdiction)
    plan = maintenance.evaluate(rec, jurisdiction)
    if isinstance(plan, device_maintenance.DeviceCheck):
        return _device_only(plan, rec, jurisdiction, args)
    if args.plot is not None:
        from sizing.cli.output import check_output, save_figure
        from sizing.report.figures import maintenance_figure

        check_output(args.plot, "--plot", args.file)
        save_figure(maintenance_figure(plan), args.plot, created=plan.as_of)
    if args.format == "json":
        emit(to_json(plan.to_dict()), args.output, source=args.file)
    elif args.format == "pdf":
        from sizing.cli.output import write_pdf
        from sizing.report.maintenance import maintenance_pdf

        write_pdf(maintenance_pdf(plan), args.output, args.file, "maintenance")
    else:
        from sizing.report.maintenance import maintenance_text

        emit(maintenance_text(plan, markdown=args.format == "markdown"), args.output, source=args.file)
    return 0 if plan.in_order else 1



def _device_only(result, rec, jurisdiction: Jurisdiction, args: argparse.Namespace) -> int:
    """Under a jurisdiction whose only maintenance rules are intervals fixed by device type: those findings
    (``result``, exit 1 when one is overdue)."""
    from sizing.report.maintenance import device_text

    if args.plot is not None:
        raise SizingInputError("--plot", args.plot, "", message=(
            f"--plot: {jurisdiction.name} has only maintenance intervals by device type in this tool (no "
            "accumulation rule to chart); leave --plot out"))
    if args.format == "pdf":
        from sizing.cli.output import write_pdf
        from sizing.report.maintenance import device_pdf

        write_pdf(device_pdf(result, rec.project), args.output, args.file, "maintenance")
    elif args.format == "json":
        emit(to_json(result.to_dict()), args.output, source=args.file)
    else:
        emit(device_text(result, markdown=args.format == "markdown"), args.output, source=args.file)
    return 0 if result.in_order else 1

"""``sizing size FILE``: the CPC size of a submittal, each step cited."""

from __future__ import annotations

import argparse

from sizing.cli.output import emit, to_json
from sizing.jurisdiction.profile import add_option, get

HELP = "size a grease interceptor for a submittal file (YAML or JSON)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="submittal file, YAML or JSON (see schema/submittal.schema.json)")
    p.add_argument("--format", choices=("text", "json", "markdown", "pdf"), default="text",
                   help="pdf: written to --output, or <FILE stem>-sizing.pdf here; '-o -' for stdout")
    p.add_argument("--edition", help="CPC edition to size under (2022 or 2025); overrides the file")
    add_option(p)
    p.add_argument("--units", choices=("us", "si"), default="us",
                   help="units for text, markdown and PDF output (JSON is always US, with unit-suffixed keys)")
    p.add_argument("--output", "-o", metavar="PATH", help="write to PATH instead of standard output")


def run(args: argparse.Namespace) -> int:
    from sizing.cpc.size import size
    from sizing.io import submittal

    sub = submittal.load(args.file, edition=args.edition, jurisdiction=get(args.jurisdiction))
    result = size(sub)
    if args.format == "json":
        emit(to_json(result.to_dict()), args.output, source=args.file)
    elif args.format == "pdf":
        from sizing.cli.output import write_pdf
        from sizing.report.pdf import sizing_pdf

        write_pdf(sizing_pdf(result, units=args.units), args.output, args.file, "sizing")
    else:
        from sizing.report import text

        render = text.sizing_markdown if args.format == "markdown" else text.sizing_text
        emit(render(result, units=args.units), args.output, source=args.file)
    return 0

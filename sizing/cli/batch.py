"""``sizing batch FILE.csv``: the CPC gravity interceptor size of every submittal of an FSE inventory."""

from __future__ import annotations

import argparse
import sys

from sizing.cli.output import check_distinct, check_output, emit, emit_chunks, json_safe
from sizing.errors import one_line
from sizing.jurisdiction.profile import add_option, get
from sizing.report.batch import reject_lines, rejects_summary

HELP = "size every submittal of an FSE inventory CSV (one row per fixture line) in one run"

#: Rejected rows printed on stderr when no --rejects file is given; the rest are counted.
STDERR_REJECTS = 100


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE.csv",
                   help="inventory CSV: submittal_id, fixture_type, count[, flow_gpm, trap_size_in, "
                        "connected_to_interceptor, installed_volume_gal, notes]")
    p.add_argument("--format", choices=("csv", "json"), default="csv",
                   help="csv: one row per submittal; json: summary, results, rejects and table provenance")
    p.add_argument("--output", "-o", metavar="PATH", help="write to PATH instead of standard output")
    p.add_argument("--edition", help="CPC edition to size under (2022 or 2025; default 2025)")
    add_option(p)
    p.add_argument("--rejects", metavar="PATH",
                   help="write the rejected rows (line, submittal_id, reason) as CSV to PATH instead of stderr")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: when writing to --output and stderr is a terminal)")


def run(args: argparse.Namespace) -> int:

    from sizing.batch import TextProgress, csv_text, run_batch
    from sizing.batch.output import csv_chunks

    for option, path in (("--output", args.output), ("--rejects", args.rejects)):
        if path is not None:
            check_output(path, option, args.file)
    check_distinct(("--output", args.output), ("--rejects", args.rejects))
    show = args.progress if args.progress is not None else bool(args.output) and sys.stderr.isatty()
    result = run_batch(args.file, edition=args.edition, progress=TextProgress(sys.stderr) if show else None,
                       jurisdiction=get(args.jurisdiction))
    if args.format == "json":
        emit_chunks((json_safe(c) for c in result.json_chunks()), args.output, source=args.file)
    else:
        emit_chunks(csv_chunks(result.results), args.output, source=args.file)
    rejects = result.rejects
    if args.rejects:
        emit(csv_text(rejects), args.rejects, option="--rejects", source=args.file)
    elif len(rejects):
        for line in reject_lines(rejects, STDERR_REJECTS):
            print(one_line(line), file=sys.stderr)
    if len(rejects):
        print(one_line(rejects_summary(len(rejects), result.not_sized, args.rejects)), file=sys.stderr)
        return 1
    return 0

"""``sizing waiver FILE``: the Director's conditional waiver / variance determination under the jurisdiction's
waiver rules (a jurisdiction without waivers is an error, exit 2).

Exit 0 grantable (and a revocation, if given, may proceed as proposed); 1 not; 2 bad input.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sizing.cli.output import check_distinct, emit, pdf_path, to_json
from sizing.errors import SizingInputError
from sizing.jurisdiction.profile import add_option, get

HELP = "evaluate a conditional waiver or variance application under the jurisdiction's rules (exit 1: not grantable)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="submittal with a waiver section, YAML or JSON")
    p.add_argument("--format", choices=("json", "text", "markdown", "pdf"), default="text",
                   help="json: the decision; text: a summary; markdown / pdf: the determination letter draft")
    p.add_argument("--letter", metavar="PATH", help="also write the letter draft (.md or .pdf by suffix)")
    p.add_argument("--notice", metavar="PATH",
                   help="also write the notice of proposed revocation (.md or .pdf by suffix; needs a revocation)")
    p.add_argument("--date", metavar="YYYY-MM-DD",
                   help="determination date when the file gives neither waiver.date nor review_date (default today)")
    p.add_argument("--output", "-o", metavar="PATH",
                   help="write to PATH instead of standard output (pdf default: <FILE stem>-letter.pdf; '-' = stdout)")
    add_option(p)


def run(args: argparse.Namespace) -> int:

    from sizing.io import fields as parse
    from sizing.io import submittal
    from sizing.io.sections.waiver import no_waivers_error
    from sizing.report import letter
    from sizing.rules.waiver import decide

    jurisdiction = get(args.jurisdiction)
    if not jurisdiction.has_waivers:
        raise no_waivers_error(jurisdiction)
    today = None if args.date is None else parse.date("--date", args.date)
    check_distinct(("--output", pdf_path(args.output, args.file, "letter") if args.format == "pdf" else args.output),
                   ("--letter", args.letter))
    decision = decide(submittal.load(args.file, jurisdiction=jurisdiction), today=today)
    if args.letter:
        suffix = Path(args.letter).suffix.lower()
        if suffix not in (".md", ".pdf"):
            raise SizingInputError("--letter", args.letter, "a file name ending in .md or .pdf")
        emit(letter.waiver_pdf(decision) if suffix == ".pdf" else letter.waiver_markdown(decision), args.letter,
             option="--letter", source=args.file)
    if args.notice:
        suffix = Path(args.notice).suffix.lower()
        if suffix not in (".md", ".pdf"):
            raise SizingInputError("--notice", args.notice, "a file name ending in .md or .pdf")
        if decision.revocation is None:
            raise SizingInputError("--notice", args.notice, "", message=(
                "--notice: the file proposes no revocation (give a revocation section: notice_mailed, "
                "proposed_effective, grounds)"))
        emit(letter.revocation_notice_pdf(decision) if suffix == ".pdf" else letter.revocation_notice_markdown(decision),
             args.notice, option="--notice", source=args.file)
    if args.format == "json":
        emit(to_json(decision.to_dict()), args.output, source=args.file)
    elif args.format == "markdown":
        emit(letter.waiver_markdown(decision), args.output, source=args.file)
    elif args.format == "pdf":
        from sizing.cli.output import write_pdf

        write_pdf(letter.waiver_pdf(decision), args.output, args.file, "letter")
    else:
        emit(letter.waiver_text(decision), args.output, source=args.file)
    return 0 if decision.in_order else 1


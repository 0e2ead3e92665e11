"""``sizing review FILE``: check a submittal against the CPC size and the jurisdiction's rules.

Exit 0 when compliant (no finding fails), 1 when not, 2 on bad input. ``--format pdf`` writes the review
report to ``--output`` (``-o -`` for standard output); without ``--output`` it writes
``<FILE stem>-review.pdf`` in the current folder and names the file on standard error.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sizing.cli.output import emit, to_json, write_pdf
from sizing.errors import SizingInputError
from sizing.jurisdiction.profile import add_option, get

HELP = "review a submittal against the CPC and the jurisdiction's FOG ordinance (exit 1 when not compliant)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="submittal file with an interceptor section, YAML or JSON")
    p.add_argument("--format", choices=("text", "json", "markdown", "pdf"), default="text")
    p.add_argument("--edition", help="CPC edition to review under (2022 or 2025); overrides the file")
    add_option(p)
    p.add_argument("--output", "-o", metavar="PATH",
                   help="write to PATH instead of standard output (pdf default: <FILE stem>-review.pdf; '-' = stdout)")
    p.add_argument("--letter", metavar="PATH",
                   help="also write the correction letter to PATH (.pdf, .docx or .md by the extension)")


def run(args: argparse.Namespace) -> int:
    from sizing.io import submittal
    from sizing.io.sections.review_notes import as_dict
    from sizing.report import review as render
    from sizing.rules.review import review

    sub = submittal.load(args.file, edition=args.edition, jurisdiction=get(args.jurisdiction))
    result = review(sub)
    notes = render.reviewer_notes(sub.review_notes, result)
    if args.letter:
        write_letter(args.letter, result, notes, args.file)
    if args.format == "json":
        data = result.to_dict()
        if notes:
            data["reviewer_notes"] = as_dict(notes)
            data["compliant_with_reviewer_notes"] = render.compliant_shown(result, notes)
        emit(to_json(data), args.output, source=args.file)
    elif args.format == "pdf":
        from sizing.report.review import review_pdf

        write_pdf(review_pdf(result, notes), args.output, args.file, "review")
    else:
        text = (render.review_markdown(result, notes) if args.format == "markdown"
                else render.review_text(result, notes))
        emit(text, args.output, source=args.file)
    return 0 if render.compliant_shown(result, notes) else 1


def write_letter(path: str, result, notes, source: str) -> None:
    """The correction letter in the format of ``path``'s extension (.pdf, .docx, .md)."""

    from sizing.report import correction

    fmt = correction.FORMATS.get(Path(path).suffix.lower())
    if fmt is None:
        raise SizingInputError("--letter", path, "a file name ending in .pdf, .docx or .md")
    data = correction.render(correction.build(result, notes), fmt)
    emit(data.decode() if fmt == "markdown" else data, path, option="--letter", source=source)

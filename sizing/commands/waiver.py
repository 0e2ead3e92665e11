"""``sizing waiver FILE``: the Director's conditional waiver / variance determination under the jurisdiction's
waiver rules (a jurisdiction without waivers is an error, exit 2).

Exit 0 grantable (and a revocation, if given, may proceed as proposed); 1 not; 2 bad input.
"""

from __future__ import annotations

import argparse

from sizing.jurisdiction import add_option

HELP = "evaluate a conditional waiver or variance application under the jurisdiction's rules (exit 1: not grantable)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="submittal with a waiver section, YAML or JSON")
    p.add_argument("--format", choices=("json", "text", "markdown", "pdf"), default="text",
                   help="json: the decision; text: a summary; markdown / pdf: the determination letter draft")
    p.add_argument("--letter", metavar="PATH", help="also write the letter draft (.md or .pdf by suffix)")
    p.add_argument("--date", metavar="YYYY-MM-DD",
                   help="determination date when the file gives neither waiver.date nor review_date (default today)")
    p.add_argument("--output", "-o", metavar="PATH",
                   help="write to PATH instead of standard output (pdf default: <FILE stem>-letter.pdf; '-' = stdout)")
    add_option(p)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from sizing import parse, submittal
    from sizing.commands.output import emit, to_json
    from sizing.errors import SizingInputError
    from sizing.jurisdiction import get
    from sizing.ordinance.waiver import decide, no_waivers_error
    from sizing.report import letter

    if not get(args.jurisdiction).has_waivers:
        raise no_waivers_error(args.jurisdiction)
    today = None if args.date is None else parse.date("--date", args.date)
    decision = decide(submittal.load(args.file, jurisdiction=args.jurisdiction), today=today)
    if args.letter:
        suffix = Path(args.letter).suffix.lower()
        if suffix not in (".md", ".pdf"):
            raise SizingInputError("--letter", args.letter, "a file name ending in .md or .pdf")
        emit(letter.waiver_pdf(decision) if suffix == ".pdf" else letter.waiver_markdown(decision), args.letter,
             option="--letter", source=args.file)
    if args.format == "json":
        emit(to_json(decision.to_dict()), args.output, source=args.file)
    elif args.format == "markdown":
        emit(letter.waiver_markdown(decision), args.output, source=args.file)
    elif args.format == "pdf":
        from sizing.commands.output import write_pdf

        write_pdf(letter.waiver_pdf(decision), args.output, args.file, "letter")
    else:
        emit(render_text(decision), args.output, source=args.file)
    return 0 if decision.in_order else 1


def render_text(d) -> str:
    """A terminal summary of a WaiverDecision (formats the result only)."""
    from sizing.report.letter import decision_line

    name = f" — {d.project['name']}" if d.project.get("name") else ""
    out = [f"{d.title}{name} ({d.date.isoformat()})", decision_line(d),
           f"Construction: {d.construction.replace('_', ' ')}; " + (
               f"admitted under {d.admitted_under}: {d.admitted_as}" if d.admitted_under else
               f"not admitted under {d.citation}"), "", "Findings:"]
    for f in d.findings:
        score = ""
        if f.score:
            score = f"  [evidence: {f.score['summary']}]"
        either = "" if f.required == "all" else " [" + f.required + "]"
        out.append(f"  {'MET    ' if f.met else 'NOT MET'}  {f.key} ({f.citation}){either}{score}")
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

"""``sizing register inspect | notices | notice | comply | summary | void | inspection-report | inspection-packet |
inspect-packet``: the program's field work on the register.

``inspect FILE`` and ``inspect-packet FILE.csv`` parse and check the whole inspection (photos included) before the
register is opened: bad input is one line naming the field (in a packet: the line and the column), exit 2, nothing
written; a packet is stored as the Inspection page stores what is entered on it, and reported by its items' words.
Exit codes: ``inspect`` and ``inspect-packet`` 1 when an item failed; ``notices`` 1 when a notice listed is
overdue; otherwise 0.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from sizing.cli.output import emit, to_json, write_pdf
from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io.document import read_bytes, shown_path
from sizing.io.sections.inspection import from_dict
from sizing.io.sections.inspection_packet import lines, packet_csv, photo_files, read_packet, with_photos
from sizing.jurisdiction.profile import DEFAULT_ID
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.program.evaluated import jsonable, no_nul
from sizing.program.inspections import comply, inspect, report
from sizing.program.notices import COLUMNS, notice, notices
from sizing.program.packets import field_facts
from sizing.program.report import csv_rows
from sizing.program.signers import letter_signer
from sizing.program.summary import summary
from sizing.program.voids import ACTION, KINDS_WORDS, void
from sizing.program.writers import on_behalf_of
from sizing.report.inspection_packet import packet_pdf
from sizing.report.inspection_report import inspection_report_pdf
from sizing.report.inspections import (
    SUMMARY_COLUMNS,
    inspected_text,
    notices_text,
    summary_pdf,
    summary_rows,
    summary_text,
)
from sizing.report.notice_letter import notice_letter, render
from sizing.rules.inspection import checklist_items


def run(args: argparse.Namespace, open_register, say_opened) -> int:
    handler = {"inspect": _inspect, "notices": _notices, "notice": _notice, "comply": _comply,
               "summary": _summary, "void": _void, "inspection-report": _report, "inspection-packet": _packet,
               "inspect-packet": _inspect_packet}[args.action]
    prepared = _prepare(args)
    reg = open_register(args, create=False, read_only=args.action in ("notices", "notice", "summary",
                                                                      "inspection-report", "inspection-packet"))
    say_opened(reg, sys.stderr)
    try:
        return handler(args, reg, prepared)
    finally:
        reg.db.close()


def _prepare(args: argparse.Namespace):
    """Everything read from the command line and files, checked before the register is opened."""
    on_behalf_of(args.user)
    if args.action == "inspect":
        doc = parse.load_document(args.file)
        no_nul(doc)
        rec = from_dict(doc, base=Path(args.file).resolve().parent)
        try:
            text = Path(args.file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = None
        return rec, jsonable(dict(doc)), text
    if args.action == "comply":
        return (parse.record_number("NOTICE", args.notice, "notice"), parse.date("--date", args.date),
                parse.text("--evidence", args.evidence))
    if args.action == "notice":
        numbers = [parse.record_number("NOTICE", n, "notice") for n in args.notice]
        return (list(dict.fromkeys(numbers)), None if args.as_of is None else parse.date("--as-of", args.as_of),
                letter_format(args.output))
    if args.action == "summary":
        return parse.date("--from", args.start), parse.date("--to", args.end)
    if args.action == "inspection-packet":
        return packet_format(args.output)
    if args.action == "inspect-packet":
        name = shown_path(Path(args.file).name)  # the file's name, whatever its folder: messages name its lines
        packet = read_packet(read_bytes(args.file, "FILE.csv"), name, args.jurisdiction,
                             allow_unanswered=args.allow_unanswered)
        return packet, with_photos(packet, photo_files(packet, Path(args.file).resolve().parent))
    if args.action == "inspection-report":
        if args.output not in (None, "-") and not args.output.lower().endswith(".pdf"):
            raise SizingInputError("--output", args.output, "a file name ending in .pdf")
        return parse.record_number("INSPECTION", args.inspection, "inspection")
    if args.action == "void":  # checked again where it is written

        if args.kind not in ACTION:
            raise SizingInputError("KIND", args.kind, KINDS_WORDS)
        return parse.record_number("ID", args.id), parse.text("--reason", args.reason, single_line=True)
    return None if args.as_of is None else parse.date("--as-of", args.as_of)


def _inspect(args, reg, prepared) -> int:
    rec, doc, text = prepared
    r = inspect(reg, rec, fse_id=args.fse, user=args.user, jurisdiction=args.jurisdiction,
                name=Path(args.file).name, text=text, document=doc)
    emit(to_json(jsonable(r.to_dict())) if args.format == "json" else inspected_text(r), args.output)
    return r.exit_code


def packet_format(output: str | None) -> str:
    """An inspection packet's format from --output's extension: CSV (.csv, or standard output), or PDF (.pdf)."""
    if output in (None, "-") or output.lower().endswith(".csv"):
        return "csv"
    if output.lower().endswith(".pdf"):
        return "pdf"
    raise SizingInputError("--output", output, "a file name ending in .csv (the packet to fill) or .pdf (to print)")


def _packet(args, reg, fmt) -> int:
    facts = field_facts(reg, args.fse)
    fse = facts["fse"]["fse_id"]
    if fmt == "pdf":
        write_pdf(packet_pdf(lines(args.jurisdiction, fse), facts, args.jurisdiction), args.output,
                  f"inspection-packet-{fse}", "print")
    else:
        emit(packet_csv(args.jurisdiction, fse), None if args.output == "-" else args.output)
    return 0


def _inspect_packet(args, reg, prepared) -> int:
    packet, rec = prepared
    r = inspect(reg, rec, user=args.user, jurisdiction=args.jurisdiction, name=Path(args.file).name,
                text=packet.text, document=jsonable(packet.document))
    words = {k: item["text"] for k, item in checklist_items(args.jurisdiction).items()}
    emit(to_json(jsonable(r.to_dict())) if args.format == "json" else inspected_text(r, words), args.output)
    return r.exit_code


def _notices(args, reg, as_of) -> int:
    as_of = as_of or dt.date.today()
    items = notices(reg, as_of=as_of, open_only=args.open, fse_id=args.fse)
    if args.format == "json":
        emit(to_json(jsonable({"as_of": as_of, "open_only": args.open, "notices": items})), args.output)
    elif args.format == "csv":
        emit(csv_rows(items, COLUMNS), args.output)
    else:
        emit(notices_text(items), args.output)
    return 1 if any(n["status"] == "overdue" for n in items) else 0


def letter_format(output: str | None) -> str:
    """A letter's format from --output's extension: .docx, else PDF (.pdf, standard output '-', or the default
    name)."""
    if output in (None, "-") or output.lower().endswith(".pdf"):
        return "pdf"
    if output.lower().endswith(".docx"):
        return "docx"
    raise SizingInputError("--output", output, "a file name ending in .pdf or .docx (or - for a PDF on standard "
                                               "output)")


def _notice(args, reg, prepared) -> int:
    numbers, as_of, fmt = prepared
    items = [notice(reg, number, as_of) for number in numbers]
    other = next((n for n in items if n["fse_id"] != items[0]["fse_id"]), None)
    if other is not None:
        raise SizingInputError("NOTICE", other["notice"], "", message=(
            f"NOTICE: notice {other['notice']} is to {other['fse_id']}, not to {items[0]['fse_id']}: one letter is "
            "to one FSE"))
    with reg.db.read() as conn:  # a person signs: the one named, else the one writing if they have a signature
        chosen = letter_signer(conn, args.signer, reg.identity)
    letter = notice_letter(items, get_jurisdiction(items[0]["jurisdiction_id"] or DEFAULT_ID),
                           None if chosen is None else chosen.to_dict(), copy=args.copy)
    name = "notice-" + "-".join(map(str, numbers))
    if fmt == "docx":
        emit(render(letter, "docx"), args.output, "--output")
    else:
        write_pdf(render(letter, "pdf"), args.output, name, "letter" if args.copy == "sent" else "staff-copy")
    return 0


def _report(args, reg, number) -> int:
    r = report(reg, number)
    write_pdf(inspection_report_pdf(r, get_jurisdiction(r["jurisdiction_id"] or DEFAULT_ID)), args.output,
              f"inspection-{number}", "report")
    return 0


def _comply(args, reg, prepared) -> int:
    number, day, evidence = prepared
    c = comply(reg, number, day, evidence, user=args.user)
    emit(f"closed notice {c['notice']} on {c['closed_on']} (record of compliance: {c['evidence']})", args.output)
    return 0


def _void(args, reg, prepared) -> int:
    done = void(reg, args.kind, args.id, args.reason, user=args.user)
    if args.format == "json":
        emit(to_json(done), args.output)
        return 0
    lines = [f"voided {done['kind'].replace('_', ' ')} {done['id']} of {done['fse_id']}: {done['reason']} "
             f"(by {done['voided_by']}; it stays on the timeline and no longer counts)"]
    lines += [f"closed notice {n['notice']} as opened in error" for n in done["notices_closed"]]
    if done["plans_voided"]:
        lines.append(f"maintenance plan made again from the records left ({len(done['plans_voided'])} plan(s) made "
                     "with the voided record voided too)" + (f"; service due {done['service_due']}"
                                                              if done["service_due"] else ""))
    emit("\n".join(lines), args.output)
    return 0


def _summary(args, reg, prepared) -> int:
    start, end = prepared
    s = summary(reg, start, end, jurisdiction=args.jurisdiction)
    if args.format == "json":
        emit(to_json(jsonable(s)), args.output)
    elif args.format == "csv":
        emit(csv_rows(summary_rows(s), SUMMARY_COLUMNS), args.output)
    elif args.format == "pdf":
        write_pdf(summary_pdf(s, args.jurisdiction.letterhead), args.output,
                  f"summary-{start.isoformat()}-{end.isoformat()}", "fog")
    else:
        emit(summary_text(s), args.output)
    return 0

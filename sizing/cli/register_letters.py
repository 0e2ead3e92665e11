"""``sizing register letters | notify``: the letters a City mails and the e-mail it sends, recorded on each FSE's
timeline.

``letters -o FILE.pdf`` writes one letter per FSE with open notices (``--overdue``: those overdue; ``--fse``: those
FSEs) as one PDF, each letter page-numbered on its own, and ``--merge FILE.csv`` its mail-merge list (one row per
letter: its pages in the PDF and the addressee's mailing address). ``--mailed`` records each letter as mailed on
the letters' date (``--as-of``, default today); a letter whose mailing address is incomplete is printed, not
recorded, and the exit code is 1.

``notify`` sends e-mail (SMTP settings from the environment: :mod:`sizing.program.mailer`): each open notice with
its letter, each due-list item due within ``--within`` days, each overdue item (also to ``--staff``); each message
once per event and address, recorded as it goes. ``--dry-run`` prints what would go and sends and writes nothing.
Exit 1 when an FSE cannot be reached by e-mail (no address on file: its messages go to staff), else 0.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys

from sizing.cli.output import check_distinct, check_output, emit, write_pdf
from sizing.errors import SizingInputError, visible
from sizing.io import fields as parse
from sizing.io.sections.parties import value
from sizing.jurisdiction.profile import DEFAULT_ID
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.program import correspondence
from sizing.program.letters import MERGE_COLUMNS, batch
from sizing.program.mailer import Mailer, settings
from sizing.program.notify import plan
from sizing.program.report import csv_rows
from sizing.program.signers import letter_signer
from sizing.program.writers import on_behalf_of
from sizing.rules.due import MAX_WITHIN_DAYS


def run(args: argparse.Namespace, open_register, say_opened) -> int:
    prepared = _prepare(args)
    writes = args.action == "letters" and args.mailed or args.action == "notify" and not args.dry_run
    reg = open_register(args, create=False, read_only=not writes)
    say_opened(reg, sys.stderr)
    try:
        return (_letters if args.action == "letters" else _notify)(args, reg, prepared)
    finally:
        reg.db.close()


def _prepare(args: argparse.Namespace) -> dict:
    on_behalf_of(args.user)
    out = {"as_of": dt.date.today() if args.as_of is None else parse.date("--as-of", args.as_of)}
    if args.action == "letters":
        if not args.output.lower().endswith(".pdf"):
            raise SizingInputError("--output", args.output, "a file name ending in .pdf")
        if args.merge is not None and not args.merge.lower().endswith(".csv"):
            raise SizingInputError("--merge", args.merge, "a file name ending in .csv")
        check_output(args.output, "--output")
        if args.merge is not None:
            check_output(args.merge, "--merge")
        check_distinct(("--output", args.output), ("--merge", args.merge))
        out["fses"] = None if not args.fse else {parse.text("--fse", f, single_line=True) for f in args.fse}
    else:
        out["within"] = parse.whole("--within", args.within, minimum=0, maximum=MAX_WITHIN_DAYS)
        for address in args.staff:  # checked as a contact's e-mail is
            if value("--staff", "email", address) is None:
                raise SizingInputError("--staff", address, "an e-mail address (fog@city.example)")
        if not args.dry_run:
            out["smtp"] = settings()
    return out


def _signer(args, reg):
    with reg.db.read() as conn:
        chosen = letter_signer(conn, args.signer, reg.identity)
    return None if chosen is None else chosen.to_dict()


def _letters(args, reg, prepared) -> int:
    as_of = prepared["as_of"]
    signer = _signer(args, reg)
    if args.mailed:
        correspondence.may_record(reg)
    b = batch(reg, as_of, overdue=args.overdue, fses=prepared["fses"], copy=args.copy, signer=signer)
    if b is None:
        print(f"sizing register letters: no {'overdue' if args.overdue else 'open'} notices on {as_of}"
              + (f" for {', '.join(sorted(prepared['fses']))}" if prepared["fses"] else "") + "; nothing written",
              file=sys.stderr)
        return 0
    if args.merge is not None:
        emit(csv_rows(b.merge, MERGE_COLUMNS), args.merge, "--merge")
    write_pdf(b.pdf, args.output, "letters", "letters")
    recorded = correspondence.record(reg, b.mailed(), user=args.user) if args.mailed else 0
    print(visible(f"sizing register letters: {len(b.groups)} letters ({b.notices} notices), {sum(b.pages)} pages"
                  + (f"; recorded {recorded} as mailed on {as_of}" if args.mailed else "")), file=sys.stderr)
    for fse in b.blocked:
        print(visible(f"  {fse}: the mailing address is incomplete: the letter says so"
                      + ("; not recorded as mailed" if args.mailed else "")), file=sys.stderr)
    return 1 if b.blocked else 0


def _notify(args, reg, prepared) -> int:
    as_of, within = prepared["as_of"], prepared["within"]
    jurisdiction = args.jurisdiction or get_jurisdiction(DEFAULT_ID)
    signer = _signer(args, reg)
    if not args.dry_run:
        correspondence.may_record(reg)
    p = plan(reg, as_of, within, jurisdiction, args.staff, signer)
    if args.dry_run:
        emit("\n".join(f"would send to {m.to}: {m.subject} [{m.event}]" + (" + letter" if m.attach else "")
                       for m in p.messages) or "nothing to send", None)
        said = f"{len(p.messages)} messages would be sent; {p.already} sent before; dry run: nothing sent or written"
    else:
        sent = _send(prepared["smtp"], p.messages, reg, as_of, signer, args.user)
        said = f"{sent} messages sent and recorded; {p.already} sent before"
    print(f"sizing register notify: {said}", file=sys.stderr)
    for fse, count in sorted(p.unreachable.items()):  # after the sending: an error stays one line
        print(visible(f"  {fse}: no e-mail address on file for its owner or operator ({count} message"
                      f"{'' if count == 1 else 's'}: " + ("sent to staff instead)" if args.staff else
                                                         "not sent; give --staff)")), file=sys.stderr)
    return 1 if p.unreachable else 0


def _send(smtp, messages, reg, as_of, signer, user) -> int:
    """Send each message and record it as it goes (a failure part-way keeps the record of what went)."""
    if not messages:
        return 0
    done = 0
    with Mailer(smtp) as mailer:
        for m in messages:
            email = m.email(smtp.sender)
            try:
                mailer.send(email)
            except SizingInputError as exc:
                raise SizingInputError("SMTP", None, "", message=f"{exc}; {done} sent and recorded before it") from None
            correspondence.record(reg, [m.sent(as_of, email["Message-ID"], None if signer is None else signer["name"])],
                                  user=user)
            done += 1
    return done

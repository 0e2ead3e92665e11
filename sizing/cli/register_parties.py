"""``sizing register property FILE | contact FSE``: parties and places on the register.

``property FILE`` writes a property file (the property and its owner, its FSEs and their contacts, its
interceptors and the FSEs each serves; ``examples/register/property-*.yaml``); ``contact FSE --role owner|operator``
writes one contact, keeping what it does not give. Both check the whole input before the register is opened: bad
input is one line naming the field, exit 2, nothing written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sizing.cli.output import emit, to_json, write_pdf
from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io.sections.parties import PARTY_FIELDS, ROLES, Party, property_file, value
from sizing.jurisdiction.profile import DEFAULT_ID, get

ACTIONS = ("property", "contact", "revocation-notice")


def add_arguments(sub, common) -> None:
    pr = sub.add_parser("property", parents=[common], help="a property file: the property and its owner, its FSEs "
                        "and their contacts, its interceptors and the FSEs each serves")
    pr.add_argument("file", metavar="FILE", help="property (YAML/JSON): property, fses, interceptors")
    co = sub.add_parser("contact", parents=[common], help="an FSE's owner or operator: name, mailing address, "
                        "e-mail, phone (what is not given is kept)")
    co.add_argument("fse", metavar="FSE")
    co.add_argument("--role", required=True, metavar="ROLE", help="owner or operator")
    for name in PARTY_FIELDS:
        co.add_argument(f"--{name}", metavar="TEXT")
    rv = sub.add_parser("revocation-notice", parents=[common], help="the notice of proposed revocation of the FSE's "
                        "latest waiver, to the FSE owner and the property owner as the register knows them")
    rv.add_argument("fse", metavar="FSE")
    rv.add_argument("--output", "-o", metavar="PATH", required=True, help="the letter: a .pdf or .md file")
    for s in (pr, co):
        s.add_argument("--format", choices=("text", "json"), default="text")
        s.add_argument("--output", "-o", metavar="PATH", help="write to PATH instead of standard output")


def prepare(args: argparse.Namespace) -> object:
    """The input, checked before the register is opened."""
    from sizing.program.evaluated import no_nul  # the register (SQLAlchemy) loads at the command boundary
    from sizing.program.writers import on_behalf_of

    on_behalf_of(args.user)
    if args.action == "property":
        doc = parse.load_document(args.file)
        no_nul(doc)
        return property_file(doc)
    if args.action == "revocation-notice":
        suffix = Path(args.output).suffix.lower()
        if suffix not in (".md", ".pdf"):
            raise SizingInputError("--output", args.output, "a file name ending in .md or .pdf")
        return suffix
    if args.role not in ROLES:
        raise SizingInputError("--role", args.role, " or ".join(ROLES))
    given = {k: value(f"--{k}", k, getattr(args, k)) for k in PARTY_FIELDS if getattr(args, k) is not None}
    if not given:
        raise SizingInputError("--name", None, "at least one of " + ", ".join(f"--{k}" for k in PARTY_FIELDS))
    return Party(**given)


def run(args: argparse.Namespace, open_register, say_opened) -> int:
    from sizing.program import parties

    prepared = prepare(args)
    reg = open_register(args, create=False)
    say_opened(reg, sys.stderr)
    try:
        if args.action == "revocation-notice":
            return _revocation(args, reg, prepared)
        if args.action == "property":
            done = parties.add_property(reg, prepared, user=args.user, source=f"property file {Path(args.file).name}"[:200])
            text = property_text(done)
        else:
            done = parties.set_contact(reg, args.fse, args.role, prepared, user=args.user)
            text = contact_text(done)
    finally:
        reg.db.close()
    emit(to_json(done) if args.format == "json" else text, args.output)
    return 0


def _revocation(args: argparse.Namespace, reg, suffix: str) -> int:
    """The notice of proposed revocation of the FSE's latest waiver (made again from its stored application, under
    the profile it was decided under), addressed from the register's parties."""
    from sizing.program.evaluated import evaluate
    from sizing.program.parties import latest_waiver, revocation_addressees
    from sizing.report import letter

    with reg.db.read() as conn:
        row = latest_waiver(conn, args.fse)
        ev = evaluate(row["document"], "waiver", fse_id=row["fse_id"], today=row["decided_on"],
                      jurisdiction=get(row["jurisdiction_id"] or DEFAULT_ID))
        decision = ev.result
        if decision.revocation is None:
            raise SizingInputError("FSE", args.fse, "", message=(
                f"FSE: the latest waiver of {row['fse_id']} (decided {row['decided_on']}) proposes no revocation "
                "(store its decision with a revocation section: notice_mailed, proposed_effective, grounds)"))
        to = revocation_addressees(conn, row["fse_id"], decision.project)
    if suffix == ".pdf":
        write_pdf(letter.revocation_notice_pdf(decision, to), args.output, "revocation-notice", "letter")
    else:
        emit(letter.revocation_notice_markdown(decision, to), args.output)
    return 0


def property_text(done: dict) -> str:
    out = [f"property {done['property_id']}: " + ("written" if done["property"] else "unchanged"),
           f"FSEs: {done['fses_added']} added, {done['fses_changed']} changed; contacts written: {done['contacts']}; "
           f"sites written: {done['sites']}; interceptors written: {done['interceptors']}"]
    if done["plans"]:
        out.append("maintenance plans made again (an interceptor serves them): " + ", ".join(done["plans"]))
    return "\n".join(out)


def contact_text(done: dict) -> str:
    c = Party(**done["contact"])
    head = f"{done['fse_id']} {done['role']}: " + ("written" if done["written"] else "unchanged (already on file)")
    lacks = c.missing()
    return "\n".join([head, *("  " + line for line in c.lines()),
                      *(f"  {k}: {done['contact'][k]}" for k in ("email", "phone") if done["contact"][k]),
                      *([f"  mailing address lacks: {', '.join(lacks)}"] if lacks else [])])

"""The parser of ``sizing register``: its subcommands and their options (what each does: :mod:`sizing.cli.register`)."""

from __future__ import annotations

import argparse

from sizing.cli import register_parties
from sizing.cli.output import Parser as _Parser
from sizing.jurisdiction.profile import add_option

#: The actions whose run lives in sizing/cli/register_letters.py and register_submissions.py (loaded when run).
LETTER_ACTIONS = ("letters", "notify")
SUBMISSION_ACTIONS = ("submit", "submissions", "accept", "reject", "hauler", "accept-hauler")
HELP = ("the FOG program register: store reviews, waivers, maintenance logs and hauler manifests per FSE; history, "
        "diff, due list")


def add_arguments(p: argparse.ArgumentParser) -> None:

    common = _Parser(add_help=False)
    common.add_argument("--db", metavar="PATH|URL",
                        help="register: an SQLite file or a postgresql+psycopg:// URL (default: $SIZING_DB, "
                             "else sizing-register.db here)")
    common.add_argument("--user", metavar="NAME",
                        help="on whose behalf the write is made (recorded beside the writer: the OS user, or the "
                             "PostgreSQL role)")
    common.add_argument("--busy-timeout", metavar="SECONDS",
                        help="give up after waiting this long for another writer (default: $SIZING_DB_TIMEOUT, "
                             "else 30)")
    sub = p.add_subparsers(dest="action", metavar="ACTION", parser_class=_Parser, required=True)
    sub.add_parser("init", parents=[common], help="create the register (or migrate an older one, as migrate); says what "
                   "it did")
    sub.add_parser("migrate", parents=[common], help="bring an existing register to this version's schema (an admin, or "
                   "its owner while it has no users)")
    _users_arguments(sub, common, _Parser)
    a = sub.add_parser("add", parents=[common], help="store a submittal (a review cycle), a waiver or a maintenance log")
    a.add_argument("file", metavar="FILE", help="submittal, waiver or maintenance log (YAML/JSON) with project.fse_id")
    a.add_argument("--fse", metavar="ID", help="the FSE id when the file has no project.fse_id")
    a.add_argument("--date", metavar="YYYY-MM-DD", help="evaluation date when the file gives none (default today)")
    for name, text in (("show", "everything recorded on one FSE"), ("history", "one FSE's timeline")):
        s = sub.add_parser(name, parents=[common], help=text)
        s.add_argument("fse", metavar="FSE")
        s.add_argument("--format", choices=("text", "json"), default="text")
        if name == "show":
            s.add_argument("--as-of", metavar="YYYY-MM-DD", help="date of the compliance state (default today)")
            add_option(s)
    d = sub.add_parser("diff", parents=[common], help="what changed between two review cycles (default: the last two)")
    d.add_argument("fse", metavar="FSE")
    d.add_argument("--from", dest="from_cycle", metavar="N", help="earlier cycle number")
    d.add_argument("--to", dest="to_cycle", metavar="M", help="later cycle number")
    d.add_argument("--format", choices=("text", "json"), default="text")
    u = sub.add_parser("due", parents=[common], help="deadlines, expirations, services and records due, by date")
    u.add_argument("--as-of", metavar="YYYY-MM-DD", help="reference date (default today)")
    u.add_argument("--within", metavar="DAYS", default="30", help="days ahead to list (default 30)")
    u.add_argument("--format", choices=("text", "json", "csv", "ics"), default="text",
                   help="ics: a calendar (RFC 5545), one all-day event per item, to subscribe to")
    i = sub.add_parser("import-inventory", parents=[common], help="the batch inventory CSV into FSE records")
    i.add_argument("file", metavar="FILE.csv")
    i.add_argument("--skip-rejects", action="store_true",
                   help="import the other submittals when rows are rejected (default: import nothing)")
    i.add_argument("--edition", help="CPC edition to size under (2022 or 2025; default 2025)")
    _manifest_arguments(sub, common)
    _audit_arguments(sub, common)
    e = sub.add_parser("export", parents=[common], help="every record: json (all of it), csv (one row per FSE), or "
                       "every table whole (zip of CSV, xlsx workbook)")
    e.add_argument("--format", choices=("csv", "json", "zip", "xlsx"), default="json",
                   help="json: every record by FSE; csv: one row per FSE; zip (one CSV per table) or xlsx (a sheet "
                        "per table): every table whole, to --output")
    e.add_argument("--as-of", metavar="YYYY-MM-DD", help="date for the csv status columns (default today)")
    extra = _program_arguments(sub, common)
    register_parties.add_arguments(sub, common)
    _letters_arguments(sub, common)
    _submissions_arguments(sub, common)
    for s in (a, d, u, i, e, *extra):
        s.add_argument("--output", "-o", metavar="PATH", help="write to PATH instead of standard output")
    for s in (a, u, i, e, extra[0], extra[4]):  # what is evaluated (add, import-inventory) or scheduled (due, export's status) under a profile's rules
        add_option(s)


def _audit_arguments(sub, common) -> None:
    """audit: every write with its writer."""
    au = sub.add_parser("audit", parents=[common], help="the audit trail: every write (and void) with its writer, "
                        "newest first")
    au.add_argument("--fse", metavar="ID", help="only this FSE's writes")
    au.add_argument("--since", metavar="YYYY-MM-DD", help="only writes on or after this day (UTC)")
    au.add_argument("--limit", metavar="N", help="at most N writes")
    au.add_argument("--format", choices=("text", "json", "csv"), default="text")
    au.add_argument("--output", "-o", metavar="PATH", help="write to PATH instead of standard output")


def _users_arguments(sub, common, parser_class) -> None:
    """users add/list/disable/sign: the register's users, their roles and signatures."""
    users = sub.add_parser("users", help="the register's users and their roles (admin)")
    uact = users.add_subparsers(dest="users_action", metavar="ACTION", parser_class=parser_class, required=True)
    ua = uact.add_parser("add", parents=[common], help="add a user, or change a user's role (the first user: an admin)")
    ua.add_argument("identity", metavar="IDENTITY", help="e-mail address (as the app's sign-in gives it) or login name")
    ua.add_argument("--role", required=True, metavar="ROLE",
                    help="viewer, plan_checker, inspector, director, admin, or fse (an FSE's own user: link it to its "
                         "FSEs with users scope)")
    uact.add_parser("list", parents=[common], help="every user, role and state")
    ud = uact.add_parser("disable", parents=[common], help="disable a user (kept in the register's history)")
    ud.add_argument("identity", metavar="IDENTITY")
    us = uact.add_parser("sign", parents=[common], help="the name and title a user signs letters with (an admin for "
                         "anyone, a user for themselves)")
    us.add_argument("identity", metavar="IDENTITY")
    us.add_argument("--name", required=True, metavar="NAME", help="the name under the signature line (Jane Ortiz)")
    us.add_argument("--title", metavar="TITLE", help="the title under the name (Utilities Director)")
    sc = uact.add_parser("scope", parents=[common], help="link a user of the fse role to an FSE (--remove: unlink)")
    sc.add_argument("identity", metavar="IDENTITY")
    sc.add_argument("fse", metavar="FSE")
    sc.add_argument("--remove", action="store_true", help="unlink the user from the FSE")


def _program_arguments(sub, common) -> list[argparse.ArgumentParser]:
    """inspect, notices, notice, comply, summary, void, inspection-report, inspection-packet, inspect-packet: the
    program's field work (their parsers, in that order)."""
    ins = sub.add_parser("inspect", parents=[common], help="store a field inspection (checklists, readings, photos, "
                         "findings); opens, escalates and closes notices")
    ins.add_argument("file", metavar="FILE", help="inspection (YAML/JSON) with project.fse_id and an inspection section")
    ins.add_argument("--fse", metavar="ID", help="the FSE id when the file has no project.fse_id")
    ins.add_argument("--format", choices=("text", "json"), default="text")
    no = sub.add_parser("notices", parents=[common], help="the notices and their state (open, overdue, closed)")
    no.add_argument("--open", action="store_true", help="only the notices not closed")
    no.add_argument("--fse", metavar="ID", help="only this FSE's notices")
    no.add_argument("--as-of", metavar="YYYY-MM-DD", help="reference date (default today)")
    no.add_argument("--format", choices=("text", "json", "csv"), default="text")
    le = sub.add_parser("notice", parents=[common], help="notices to one FSE as one letter, clause by clause "
                        "(-o FILE.pdf or FILE.docx)")
    le.add_argument("notice", metavar="NOTICE", nargs="+", help="the notices' numbers")
    le.add_argument("--as-of", metavar="YYYY-MM-DD", help="reference date of its state (default today)")
    le.add_argument("--signer", metavar="IDENTITY", help="who signs the letter (a user with a signature: users sign; "
                    "default: you, if you have one, else a blank line for the Director)")
    le.add_argument("--copy", choices=("sent", "staff"), default="sent",
                    help="the letter to mail (default: each period stated as the Director's, no staff caveat) or the "
                    "staff's copy (with the periods' basis and what the letter lacks)")
    ir = sub.add_parser("inspection-report", parents=[common], help="an inspection's report to leave with the FSE "
                        "(PDF): checklists, readings, findings, notices opened, photos, signatures")
    ir.add_argument("inspection", metavar="INSPECTION", help="the inspection's number")
    vo = sub.add_parser("void", parents=[common], help="void a record written by mistake (it stays on the timeline, "
                        "marked void, and stops counting); never a deletion")
    vo.add_argument("kind", metavar="KIND", help="inspection, maintenance_log or manifest")
    vo.add_argument("id", metavar="ID", help="the record's number (register show --format json gives it)")
    vo.add_argument("--reason", required=True, metavar="TEXT", help="why the record is voided")
    vo.add_argument("--format", choices=("text", "json"), default="text")
    co = sub.add_parser("comply", parents=[common], help="close a notice on a record that shows compliance")
    co.add_argument("notice", metavar="NOTICE", help="the notice's number")
    co.add_argument("--date", required=True, metavar="YYYY-MM-DD", help="the day compliance was shown")
    co.add_argument("--evidence", required=True, metavar="TEXT", help="what shows it (a report received, a repair)")
    su = sub.add_parser("summary", parents=[common], help="the program summary for a period")
    su.add_argument("--from", dest="start", required=True, metavar="YYYY-MM-DD")
    su.add_argument("--to", dest="end", required=True, metavar="YYYY-MM-DD")
    su.add_argument("--format", choices=("text", "csv", "json", "pdf"), default="text")
    pk = sub.add_parser("inspection-packet", parents=[common], help="an FSE's inspection packet, to inspect where "
                        "there is no signal: the checklists as a CSV to fill (-o FILE.csv; default standard output) "
                        "or printed (-o FILE.pdf)")
    pk.add_argument("fse", metavar="FSE")
    ip = sub.add_parser("inspect-packet", parents=[common], help="store a filled inspection packet (its CSV), "
                        "checked line by line, as an inspection entered on the Inspection page")
    ip.add_argument("file", metavar="FILE.csv", help="the packet's CSV, filled (its photos named in it, in its folder)")
    ip.add_argument("--allow-unanswered", action="store_true",
                    help="store it with checklist items left blank (recorded as not inspected)")
    ip.add_argument("--format", choices=("text", "json"), default="text")
    for s in (pk, ip):  # the checklists are a profile's
        add_option(s)
    return [ins, no, le, co, su, vo, ir, pk, ip]


def _manifest_arguments(sub, common) -> None:
    m = sub.add_parser("import-manifests", parents=[common],
                       help="hauler manifests (pump-outs) CSV: fse_id, date, hauler, manifest, gallons, pump_out, "
                            "disposal_site")
    m.add_argument("file", metavar="FILE.csv")
    m.add_argument("--skip-rejects", action="store_true",
                   help="import the other manifests when lines are rejected (default: import nothing)")
    m.add_argument("--rejects", metavar="PATH", help="write the rejected lines (line, fse_id, reason) as CSV to PATH")
    m.add_argument("--output", "-o", metavar="PATH", help="write to PATH instead of standard output")


def _letters_arguments(sub, common) -> None:
    """letters, notify: the letters a City mails and the e-mail it sends (sizing/cli/register_letters.py)."""
    le = sub.add_parser("letters", parents=[common], help="one letter per FSE with open notices, as one PDF "
                        "(and a mail-merge CSV); --mailed records them as mailed")
    le.add_argument("--output", "-o", metavar="FILE.pdf", required=True, help="the letters (one PDF)")
    le.add_argument("--merge", metavar="FILE.csv", help="also write the mail-merge list: one row per letter")
    le.add_argument("--fse", metavar="ID", action="append", help="only this FSE's notices (repeat for several)")
    le.add_argument("--overdue", action="store_true", help="only the notices overdue on the letters' date")
    le.add_argument("--as-of", metavar="YYYY-MM-DD", help="the letters' date and the notices' state (default today)")
    le.add_argument("--copy", choices=("sent", "staff"), default="sent", help="the letters to mail, or staff copies")
    le.add_argument("--signer", metavar="IDENTITY", help="who signs them (default: you, if you have a signature)")
    le.add_argument("--mailed", action="store_true", help="record each letter as mailed on the letters' date")
    no = sub.add_parser("notify", parents=[common], help="e-mail what is due: new notices with their letter, items "
                        "due soon, overdue items (SMTP settings from the environment: SIZING_SMTP_HOST, ...)")
    no.add_argument("--as-of", metavar="YYYY-MM-DD", help="the day the messages are about (default today)")
    no.add_argument("--within", metavar="DAYS", default="14", help="items due within DAYS days (default 14)")
    no.add_argument("--staff", metavar="ADDRESS", action="append", default=[],
                    help="a staff address for overdue items and FSEs with no e-mail on file (repeat for several)")
    no.add_argument("--signer", metavar="IDENTITY", help="who signs the attached letters")
    no.add_argument("--dry-run", action="store_true", help="print what would be sent; send and write nothing")
    add_option(no)  # the due list's rules (training interval and the like)


def _submissions_arguments(sub, common) -> None:
    """submit, submissions, accept, reject, hauler, accept-hauler: what FSEs and haulers send the City
    (sizing/cli/register_submissions.py)."""
    su = sub.add_parser("submit", parents=[common], help="send the City a record for an FSE: a pump-out receipt or a "
                        "BMP self-certification (an FSE's user, for the FSEs they are linked to)")
    su.add_argument("fse", metavar="FSE")
    su.add_argument("--kind", required=True, metavar="KIND", help="pump_out (a pump-out receipt) or bmp_certification")
    su.add_argument("--date", required=True, metavar="YYYY-MM-DD")
    for name, what in (("hauler", "the hauler"), ("manifest", "the manifest or receipt number"),
                       ("gallons", "the volume pumped (1,000 gal)"), ("site", "the disposal site"),
                       ("certified", "what a BMP self-certification says is in place")):
        su.add_argument(f"--{name}", metavar="TEXT", help=what)
    su.add_argument("--partial", action="store_true", help="a partial pump-out (not everything removed)")
    su.add_argument("--file", metavar="PATH", help="the receipt or record: PDF, JPEG or PNG, at most 1 MB")
    li = sub.add_parser("submissions", parents=[common], help="what FSEs sent the City, newest first")
    li.add_argument("--pending", action="store_true", help="only those waiting for a decision")
    li.add_argument("--fse", metavar="ID")
    li.add_argument("--format", choices=("text", "json"), default="text")
    li.add_argument("--output", "-o", metavar="PATH", help="write to PATH instead of standard output")
    ac = sub.add_parser("accept", parents=[common], help="accept a submission (an accepted pump-out counts as a "
                        "hauler manifest)")
    ac.add_argument("number", metavar="N")
    rj = sub.add_parser("reject", parents=[common], help="reject a submission, saying why (the FSE sees it)")
    rj.add_argument("number", metavar="N")
    rj.add_argument("--reason", metavar="TEXT", help="why (needed; the FSE sees it)")
    ha = sub.add_parser("hauler", parents=[common], help="record a hauler's registration (a user with the hauler "
                        "role): its company as its manifests name it, its registration number, its last valid day")
    ha.add_argument("identity", metavar="IDENTITY")
    ha.add_argument("--company", required=True, metavar="NAME")
    ha.add_argument("--registration", required=True, metavar="NUMBER")
    ha.add_argument("--valid-until", required=True, metavar="YYYY-MM-DD")
    ah = sub.add_parser("accept-hauler", parents=[common], help="an FSE accepts a hauler: it may submit manifests "
                        "for the FSE (--remove: no longer)")
    ah.add_argument("fse", metavar="FSE")
    ah.add_argument("hauler", metavar="HAULER", help="the hauler's identity")
    ah.add_argument("--remove", action="store_true")

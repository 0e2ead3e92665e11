"""``sizing register ...``: the FOG program register (SQLite file by default, PostgreSQL by URL).

Subcommands: ``init``, ``migrate``, ``add FILE``, ``show FSE``, ``history FSE``, ``diff FSE [--from N --to M]``,
``due [--as-of DATE] [--within DAYS]``, ``import-inventory FILE.csv``, ``import-manifests FILE.csv``, ``export --format csv|json|zip|xlsx``,
``users add IDENTITY --role ROLE | list | disable IDENTITY``, ``inspect FILE``, ``inspection-packet FSE`` and
``inspect-packet FILE.csv`` (an inspection without signal), ``notices [--open]``,
``notice N`` (its PDF letter), ``comply N --date --evidence``, ``summary --from --to``, ``void KIND ID --reason``,
``audit``, ``property FILE``, ``contact FSE --role ROLE``; their parser is :mod:`sizing.cli.register_arguments`.
Exit codes: 0 ok; 1 a finding (the stored review not compliant, waiver not grantable, service due; findings
still failing in a diff; something overdue); 2 bad input, a role that may not write, a busy register: one line.

The writer (``recorded_by``) is the server's ``session_user`` on PostgreSQL, else the login name of the process's
real uid (never an environment variable); ``--user NAME`` records on whose behalf, beside it. Reading commands
never create a register and open an SQLite register read-only; ``add`` and ``import-inventory`` create a new
SQLite file (and say so), never a PostgreSQL register (``init`` does). Only ``migrate`` (and ``init``) migrate an
older schema, as an admin's write (or the owner's, while the register has no users); every other command refuses
it in one line naming ``sizing register migrate``, exit 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sizing.cli import register_parties
from sizing.cli.output import emit, to_json
from sizing.cli.register_arguments import (  # noqa: F401 (HELP, add_arguments: the command's face)
    HELP,
    LETTER_ACTIONS,
    SUBMISSION_ACTIONS,
    add_arguments,
)
from sizing.errors import SizingInputError, one_line
from sizing.rules.due import MAX_WITHIN_DAYS


def run(args: argparse.Namespace) -> int:

    from sizing.program.errors import BUSY, RegisterBusy, database_error, is_busy
    from sizing.program.location import mask

    try:
        return _run(args, sys)
    except Exception as exc:  # the server went away, a lock timed out, a value was refused
        if not database_error(exc):
            raise
        if is_busy(exc):
            raise RegisterBusy(BUSY) from None
        reason = mask(str(getattr(exc, "orig", None) or exc).splitlines()[0])
        raise SizingInputError("--db", None, "", message=f"--db: the register refused the write or read, "
                               f"nothing was changed: {reason}") from None


#: Commands that only read: they never create a register and open an SQLite register read-only.
READERS = ("show", "history", "diff", "due", "export", "notices", "notice", "summary", "audit", "inspection-report",
           "inspection-packet")
#: The program's field work: inspections, notices, the summary (sizing/cli/register_program.py).
PROGRAM = ("inspect", "notices", "notice", "comply", "summary", "void", "inspection-report", "inspection-packet",
           "inspect-packet")


def _open(args, *, create=False, read_only=False, migrate=False):
    """The register of ``--db``; an older schema is refused (naming ``register migrate``) unless ``migrate``
    (``init``, ``migrate``: an admin's or the owner's write)."""
    from sizing.program.store import open_register

    return open_register(args.db, create=create, read_only=read_only, timeout=args.busy_timeout,
                         migrate_older=migrate)


def _run(args: argparse.Namespace, sys) -> int:
    if args.action in ("init", "migrate"):
        return _init(args, sys)
    if args.action == "users":
        return _users(args, sys)
    if getattr(args, "jurisdiction", None) is not None:  # chosen once: the actions below take the Jurisdiction
        from sizing.jurisdiction.profile import get

        args.jurisdiction = get(args.jurisdiction)
    if args.action in PROGRAM:
        from sizing.cli import register_program

        return register_program.run(args, _open, _say_opened)
    if args.action in register_parties.ACTIONS:
        return register_parties.run(args, _open, _say_opened)
    if args.action in LETTER_ACTIONS:  # these modules load the register (SQLAlchemy): at the command boundary
        from sizing.cli import register_letters

        return register_letters.run(args, _open, _say_opened)
    if args.action in SUBMISSION_ACTIONS:
        from sizing.cli import register_submissions

        return register_submissions.run(args, _open, _say_opened)
    handler = {"add": _add, "show": _show, "history": _history, "diff": _diff, "due": _due,
               "import-inventory": _import, "import-manifests": _import_manifests, "export": _export,
               "audit": _audit}[args.action]
    if args.action == "add":  # evaluate before opening: bad input creates and writes nothing
        from sizing.io import fields as parse
        from sizing.program.store import evaluate

        today = None if args.date is None else parse.date("--date", args.date)
        doc = parse.load_document(args.file)
        return _add(args, evaluate(doc, fse_id=args.fse, today=today, text=_text(args.file), name=_name(args.file),
                                   jurisdiction=args.jurisdiction))
    if args.action == "import-inventory":  # sized before opening: rejected rows create and write nothing
        from sizing.batch import run_batch
        from sizing.program.store import check_rejects

        args.batch = run_batch(args.file, edition=args.edition, jurisdiction=args.jurisdiction)
        check_rejects(args.batch, args.file, args.skip_rejects)
    if args.action == "import-manifests":  # read before opening: a file that cannot be read opens nothing
        from sizing.cli.output import check_distinct, check_output
        from sizing.program.manifests import read

        for option in ("--output", "--rejects"):
            if getattr(args, option[2:]) is not None:
                check_output(getattr(args, option[2:]), option, args.file)
        check_distinct(("--output", args.output), ("--rejects", args.rejects))
        args.manifests = read(args.file)
    reg = _open(args, create="sqlite" if args.action == "import-inventory" else False,
                read_only=args.action in READERS)
    _say_opened(reg, sys.stderr)
    try:
        return handler(args, reg)
    finally:
        reg.db.close()


def _init(args, sys) -> int:
    from sizing.program.versions import HEAD

    reg = _open(args, create=args.action == "init", migrate=True)
    try:
        _say_opened(reg, sys.stderr)
        if not reg.db.created and not reg.db.migrated_from:
            print(f"sizing register: {reg.db.display()} is a register at schema {HEAD}; nothing to do",
                  file=sys.stderr)
    finally:
        reg.db.close()
    return 0


def _users(args, sys) -> int:
    from sizing.program import access, signers
    from sizing.program.submissions import scope, set_scope
    from sizing.program.writers import on_behalf_of

    reg = _open(args, create="sqlite" if args.users_action == "add" else False,
                read_only=args.users_action == "list")
    _say_opened(reg, sys.stderr)
    try:
        if args.users_action == "list":
            with reg.db.read() as conn:
                rows = access.users(conn)
                signed = {u.identity: signers.signer(conn, u.identity) for u in rows}
                scoped = {u.identity: scope(conn, u.identity) for u in rows if u.role == "fse"}
            emit("\n".join(_user_line(u, signed[u.identity], scoped.get(u.identity)) for u in rows) or "no users: local single-user mode "
                 "(every write allowed; add the first admin: sizing register users add IDENTITY --role admin)", None)
            return 0
        behalf = on_behalf_of(args.user)
        if args.users_action == "sign":
            s = signers.set_signature(reg, args.identity, args.name, args.title, user=args.user)
            emit(f"{s.identity} signs letters as {s.name}" + (f", {s.title}" if s.title else ""), None)
            return 0
        if args.users_action == "scope":
            done = set_scope(reg, args.identity, args.fse, not args.remove, user=args.user)
            emit(f"{done['identity']} sees and submits for: {', '.join(done['scope']) or 'no FSE'}", None)
            return 0
        if args.users_action == "add":
            u = access.add_user(reg.db, args.identity, args.role, by=reg.identity, on_behalf_of=behalf)
            print(f"sizing register: {u.identity} is an active {u.role}", file=sys.stderr)
        else:
            u = access.disable_user(reg.db, args.identity, by=reg.identity, on_behalf_of=behalf)
            print(f"sizing register: {u.identity} is disabled", file=sys.stderr)
        return 0
    finally:
        reg.db.close()


def _user_line(u, signature, fses: list[str] | None = None) -> str:
    """One user as ``users list`` prints it: identity, role, state, since when and by whom, the signature, and the
    FSEs a user of the fse role is linked to."""
    signs = "" if signature is None else f"; signs as {signature.name}" + (f", {signature.title}"
                                                                           if signature.title else "")
    signs += "" if fses is None else f"; FSEs: {', '.join(fses) or 'none linked'}"
    return (f"{u.identity:<40} {u.role:<13} {'active' if u.active else 'disabled':<9} since {u.recorded_at} by "
            f"{u.recorded_by}{signs}")


def _text(path: str) -> str | None:

    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _name(path: str) -> str:

    return Path(path).name


def _say_opened(reg, stream) -> None:
    if reg.db.created:
        print(f"sizing register: created a new register at {reg.db.display()}", file=stream)
    elif reg.db.migrated_from:
        from sizing.program.versions import HEAD

        print(f"sizing register: migrated {reg.db.display()} from schema {reg.db.migrated_from} to {HEAD} as "
              f"{reg.db.migrated_by}", file=stream)
        for reason in reg.db.unplanned:  # loud: the due list reads this FSE's latest log alone
            print(f"sizing register: no maintenance plan made when migrating: {reason}", file=stream)


def _add(args, ev) -> int:

    from sizing.program.evaluated import check_limits
    from sizing.program.report import added_text
    from sizing.program.writers import on_behalf_of

    check_limits(ev)  # refused before the register is opened (or created)
    on_behalf_of(args.user)
    reg = _open(args, create="sqlite")
    _say_opened(reg, sys.stderr)
    try:
        added = reg.add(ev, user=args.user)
    finally:
        reg.db.close()
    emit(added_text(added), args.output)
    return added.exit_code


def _show(args, reg) -> int:
    from sizing.io import fields as parse
    from sizing.program import queries
    from sizing.program.compliance import state
    from sizing.program.evaluated import jsonable
    from sizing.program.report import show_text

    d = queries.show(reg, args.fse)
    as_of = None if args.as_of is None else parse.date("--as-of", args.as_of)
    d["compliance"] = state(reg, args.fse, as_of, jurisdiction=args.jurisdiction).to_dict()
    emit(to_json(jsonable(d)) if args.format == "json" else show_text(d), None)
    return 0


def _history(args, reg) -> int:
    from sizing.program import queries
    from sizing.program.evaluated import jsonable
    from sizing.program.report import history_text

    rows = queries.history(reg, args.fse)
    if args.format == "json":
        emit(to_json(jsonable({"fse_id": args.fse, "history": rows})), None)
    else:
        emit(history_text(rows), None)
    return 0


def _cycle_arg(field: str, value: str | None) -> int | None:
    from sizing.io import fields as parse

    return None if value is None else parse.record_number(field, value, "review cycle")


def _diff(args, reg) -> int:
    from sizing.program.diff import diff
    from sizing.program.report import diff_text

    d = diff(reg, args.fse, _cycle_arg("--from", args.from_cycle), _cycle_arg("--to", args.to_cycle))
    emit(to_json(d) if args.format == "json" else diff_text(d), args.output)
    return 1 if d["new"] or d["still_failing"] else 0


def _due(args, reg) -> int:
    from sizing.io import fields as parse
    from sizing.program.evaluated import jsonable
    from sizing.program.fse_rows import due_list
    from sizing.program.report import csv_rows, due_text

    as_of = None if args.as_of is None else parse.date("--as-of", args.as_of)
    within = parse.whole("--within", args.within, minimum=0)
    if within > MAX_WITHIN_DAYS:
        raise SizingInputError("--within", within, f"a number of days from 0 to {MAX_WITHIN_DAYS}")
    items = due_list(reg, as_of=as_of, within=within, jurisdiction=args.jurisdiction)
    if args.format == "json":
        emit(to_json(jsonable({"as_of": as_of, "within_days": within, "items": items})), args.output)
    elif args.format == "csv":
        emit(csv_rows(items, ("date", "status", "fse_id", "what", "detail", "citation")), args.output)
    elif args.format == "ics":
        from sizing.report.calendar import ics

        emit(ics(items, f"{args.jurisdiction.letterhead}: due list"), args.output)  # bytes: CRLF kept
    else:
        emit(due_text(items), args.output)
    return 1 if any(i["status"] == "overdue" for i in items) else 0


def _import(args, reg) -> int:
    from sizing.program.report import imported_text

    r = reg.import_inventory(args.file, user=args.user, skip_rejects=args.skip_rejects, edition=args.edition,
                             jurisdiction=args.jurisdiction, batch=getattr(args, "batch", None))
    emit(imported_text(r), args.output)
    return 1 if r.rejected else 0


#: Rejected manifest lines printed on stderr (with --skip-rejects and no --rejects file); the rest are counted.
STDERR_REJECTS = 100


def _import_manifests(args, reg) -> int:
    """Exit 0 all imported, 1 lines skipped (``--skip-rejects``), 2 rejected lines and nothing imported."""

    from sizing.program.manifests import reject_lines, rejects_csv
    from sizing.program.report import manifests_text
    from sizing.program.store import ManifestsRejected

    mf = args.manifests
    try:
        r = reg.import_manifests(mf, user=args.user, skip_rejects=args.skip_rejects)
    except ManifestsRejected:
        if args.rejects:
            emit(rejects_csv(mf), args.rejects, option="--rejects", source=args.file)
        raise
    if args.rejects and mf.rejects:
        emit(rejects_csv(mf), args.rejects, option="--rejects", source=args.file)
    elif mf.rejects:
        for line in reject_lines(mf, STDERR_REJECTS):
            print(one_line(f"sizing register: {line}"), file=sys.stderr)
    for line in r.warnings[:STDERR_REJECTS]:
        print(one_line(f"sizing register: warning: {line}"), file=sys.stderr)
    if len(r.warnings) > STDERR_REJECTS:
        print(f"sizing register: ... and {len(r.warnings) - STDERR_REJECTS:,} more warnings", file=sys.stderr)
    emit(manifests_text(r), args.output)
    return 1 if r.rejected else 0


def _audit(args, reg) -> int:
    from sizing.io import fields as parse
    from sizing.program.audit import COLUMNS, audit
    from sizing.program.evaluated import jsonable
    from sizing.program.report import csv_rows

    since = None if args.since is None else parse.date("--since", args.since)
    limit = None if args.limit is None else parse.record_number("--limit", args.limit, "count")
    rows = audit(reg, fse_id=args.fse, since=since, limit=limit)
    if args.format == "json":
        emit(to_json(jsonable({"writes": rows})), args.output)
    elif args.format == "csv":
        emit(csv_rows(rows, COLUMNS), args.output)
    else:
        emit("\n".join(f"{r['recorded_at']:%Y-%m-%d %H:%M:%S}  {r['recorded_by']}"
                       + (f" (for {r['on_behalf_of']})" if r["on_behalf_of"] else "")
                       + f"  {r['what']} {r['record']}" + (f" of {r['fse_id']}" if r["fse_id"] else "")
                       + (f": {r['detail']}" if r["detail"] else "") for r in rows) or "no writes", args.output)
    return 0


def _export(args, reg) -> int:
    from sizing.io import fields as parse
    from sizing.program import fse_rows, queries
    from sizing.program.report import csv_rows

    if args.format == "json":
        emit(to_json(queries.export(reg)), args.output)
        return 0
    if args.format in ("zip", "xlsx"):  # every table whole: binary, to a file
        from sizing.report import workbook

        if args.output is None:
            raise SizingInputError("--output", None, "", message=(
                f"--output: the {args.format} export is a binary file; give -o FILE.{args.format}"))
        tables = queries.every_table(reg)
        emit(workbook.csv_zip(tables) if args.format == "zip" else workbook.xlsx(tables), args.output)
        return 0
    as_of = None if args.as_of is None else parse.date("--as-of", args.as_of)
    emit(csv_rows(fse_rows.fse_list(reg, as_of=as_of, jurisdiction=args.jurisdiction), fse_rows.EXPORT_COLUMNS),
         args.output)
    return 0

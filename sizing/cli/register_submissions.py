"""``sizing register submit | submissions | accept | reject``: what FSEs send the City, and staff's decisions.

``submit FSE --kind pump_out --date D --hauler H --manifest M --gallons G --site S [--file RECEIPT]`` (or ``--kind
bmp_certification --certified TEXT``) stores a submission, by a user with the ``fse`` role for an FSE they are linked
to (or by staff); ``submissions [--pending] [--fse ID]`` lists them; ``accept N`` and ``reject N --reason TEXT`` are
staff's decisions (an accepted pump-out is stored as a hauler manifest). Bad input is one line naming the field,
exit 2, nothing written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sizing.cli.output import emit, to_json
from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.program import haulers, submissions
from sizing.program.submissions import PUMP_OUT
from sizing.program.writers import on_behalf_of
from sizing.quantities import show


def _prepare(args: argparse.Namespace):
    on_behalf_of(args.user)
    if args.action == "submit":
        kind = parse.choice("--kind", args.kind, submissions.KINDS)
        if kind == submissions.PUMP_OUT:
            r = submissions.receipt(args.fse, args.date, args.hauler, args.manifest, args.gallons, args.site,
                                    not args.partial)
            day, details = r.on_date, submissions.details(r)
        else:
            day = parse.record_date("--date", args.date)
            certified = parse.text("--certified", args.certified or "").strip()
            if not certified:
                raise SizingInputError("--certified", None, "what the FSE certifies is in place")
            details = {"certified": certified}
        return kind, day, details, _file(args.file)
    if args.action in ("accept", "reject"):
        return parse.record_number("N", args.number, "submission")
    return None


def _file(path: str | None) -> tuple[str | None, bytes | None]:
    if path is None:
        return None, None
    try:
        data = Path(path).read_bytes()[:submissions.MAX_FILE + 1]
    except OSError as exc:
        raise SizingInputError("--file", path, "", message=f"--file: cannot read {path}: {exc.strerror}") from None
    return submissions.check_file(Path(path).name, data)


def run(args: argparse.Namespace, open_register, say_opened) -> int:
    prepared = _prepare(args)
    reg = open_register(args, create=False, read_only=args.action == "submissions")
    say_opened(reg, sys.stderr)
    try:
        if args.action == "submit":
            kind, day, details, file = prepared
            number = submissions.submit(reg, args.fse, kind, day, details, file, user=args.user)
            print(f"sizing register: submission {number} stored ({submissions.KINDS[kind]} of {day}); it waits for "
                  "the City's decision", file=sys.stderr)
            return 0
        if args.action == "submissions":
            with reg.db.read() as conn:
                rows = submissions.listed(conn, fse_ids=None if args.fse is None else [args.fse],
                                          pending_only=args.pending)
            emit(to_json({"submissions": rows}) if args.format == "json" else _text(rows), args.output)
            return 0
        if args.action == "hauler":
            r = haulers.register_hauler(reg, args.identity, args.company, args.registration, args.valid_until,
                                        user=args.user)
            emit(f"{r.identity}: {r.company}, registration {r.registration}, valid until {r.valid_until}", None)
            return 0
        if args.action == "accept-hauler":
            served = haulers.accept_hauler(reg, args.fse, args.hauler, not args.remove, user=args.user)
            emit(f"{args.hauler.strip().lower()} submits manifests for: {', '.join(served) or 'no FSE'}", None)
            return 0
        done = submissions.decide(reg, prepared, args.action == "accept",
                                  getattr(args, "reason", None), user=args.user)
        print(f"sizing register: submission {done['id']} {done['state']}"
              + (f" (hauler manifest {done['manifest_id']})" if done["manifest_id"] else ""), file=sys.stderr)
        return 0
    finally:
        reg.db.close()


def _text(rows: list[dict]) -> str:
    return "\n".join(
        f"{r['id']:>5}  {r['state']:<9} {r['fse_id']:<12} {r['what']} of {r['on_date']}"
        + (f": {r['details'].get('hauler')}, manifest {r['details'].get('manifest')}, {show(r['details'].get('gallons'), 'gal')}"
           if r["kind"] == PUMP_OUT else f": {r['details'].get('certified')}")
        + (f"; file {r['file_name']}" if r["has_file"] else "") + f"; sent by {r['recorded_by']}"
        + (f"; {r['state']} by {r['decided_by']}" + (f": {r['reason']}" if r["reason"] else "") if r["decided_by"]
           else "")
        for r in rows) or "no submissions"

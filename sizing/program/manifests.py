"""Hauler manifests: a CSV of pump-outs, read and checked line by line, then stored as the FSE's pump-outs.

Columns (one manifest a line, every cell required)::

    fse_id,date,hauler,manifest,gallons,pump_out,disposal_site
    FSE-0311,2025-07-08,Valley Grease Haulers,VG-20250708-04,"1,000 gal",full,Stockton Regional WWTP

``gallons`` takes any volume unit (``1,000 gal``, ``3.8 m3``, ``950 L``; a bare number is gallons); ``pump_out``
is ``full`` (the whole content removed: a service that restarts the maintenance cycle) or ``partial``.

A line is rejected, naming the line and the field, for a bad or missing cell, a date after today, an FSE that
is not in the register (ids read as the register reads them: NFKC, Unicode dashes as hyphens), or a manifest
number its hauler already used (earlier in the file, in an earlier import, or on a pump-out of a maintenance
log). A full pump-out that removed less than :data:`FULL_FRACTION` of the interceptor's recorded volume is a
warning, not a rejection: a full pump-out removes the whole content, so the manifest or its "full" is likely
wrong, but the hauler's figure is the record.

Reading (:func:`read`) needs no register; the checks against the register and the writes are
:func:`check_against` and :func:`store`, inside the import's one transaction.
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sizing.errors import SizingInputError, shown
from sizing.io import fields as parse
from sizing.io.csv_files import csv_text, read_text
from sizing.io.units import parse_quantity
from sizing.program import limits
from sizing.program.evaluated import check_fse_id
from sizing.quantities import show

COLUMNS = ("fse_id", "date", "hauler", "manifest", "gallons", "pump_out", "disposal_site")
PUMP_OUT = ("full", "partial")
#: A "full" pump-out that removed less than this share of the interceptor's volume is a warning. A full
#: pump-out empties a gravity interceptor, whose liquid content is its volume; the truck's gauge is rough (a
#: hauler's figure within 10 to 20 % is usual), so only a figure under half the volume is "far below".
FULL_FRACTION = 0.5
#: The longest hauler name and manifest number (as the maintenance log reads them) and disposal site.
HAULER_MAX, MANIFEST_MAX = 200, 200
SITE_MAX = limits.LIMITS["disposal_site"]
#: Most gallons one pump-out can remove (the register's largest interceptor volume).
MAX_GALLONS = 1_000_000
#: The largest manifest file read [bytes]: the limit of a submittal or a maintenance log (sizing.io.document), about
#: 12,000 manifests of 80 characters (a city's year is a few thousand); a larger export is imported in parts.
#: At the limit a file is read and imported, or refused, within 2 s of CPU.
MAX_FILE_BYTES = parse.MAX_FILE_BYTES
#: The most lines a file may have rejected: past them it is not a manifest file (the wrong columns, another
#: export) and is refused as a whole, without reading further.
MAX_REJECTS = 10_000
GALLONS_EXPECTED = "a volume such as '1,000 gal' or '3.8 m3' (a bare number is gallons), more than 0"


@dataclass(frozen=True)
class Manifest:
    """One manifest line, read: dates as dates, gallons [gal]."""

    line: int
    fse_id: str
    on_date: dt.date
    hauler: str
    manifest: str
    gallons: float
    full: bool
    disposal_site: str

    @property
    def key(self) -> tuple[str, str]:
        """The hauler and manifest number as compared: one manifest number per hauler."""
        return key(self.hauler, self.manifest)


@dataclass(frozen=True)
class Reject:
    line: int
    fse_id: str | None
    reason: str


@dataclass
class ManifestFile:
    """A manifest CSV, read: the lines that passed, the rejected ones and the warnings, all by line."""

    name: str
    rows: list[Manifest]
    rejects: list[Reject]
    warnings: list[str] = field(default_factory=list)


def key(hauler: str, manifest: str) -> tuple[str, str]:
    """``(hauler, manifest)`` compared without case and with runs of blanks as one space.

    >>> key("Valley  Grease haulers", " VG-001 ")
    ('valley grease haulers', 'vg-001')
    """
    return " ".join(hauler.split()).casefold(), " ".join(manifest.split()).casefold()


# --- reading ------------------------------------------------------------------------------------------------

def read(source: Any, today: dt.date | None = None, max_bytes: int = MAX_FILE_BYTES) -> ManifestFile:
    """Read a manifest CSV (a path, an upload or text) line by line; a file that cannot be read as one (not
    UTF-8, no header, a column missing or unknown, over ``max_bytes``: the command and the app keep the default)
    raises one :class:`SizingInputError` naming the file."""
    name, text = _text(source, max_bytes)
    return _read(name, text, today or dt.date.today())


def _read(name: str, text: str, today: dt.date) -> ManifestFile:
    reader = csv.reader(io.StringIO(text))
    index = _header(next(reader, None), name)
    rows: list[Manifest] = []
    rejects: list[Reject] = []
    seen: dict[tuple[str, str], int] = {}
    try:
        for fields in reader:
            _too_many(name, rejects)
            line = reader.line_num
            if not any(f.strip() for f in fields):
                continue
            if len(fields) > len(index):
                rejects.append(Reject(line, None, f"{len(fields)} fields, the header has {len(index)}; quote a "
                                                  "value that contains a comma"))
                continue
            cells = {c: (fields[i] if i < len(fields) else "") for c, i in index.items()}
            try:
                row = line_of(line, cells, today)
            except SizingInputError as exc:
                rejects.append(Reject(line, _id_or_none(cells["fse_id"]), str(exc)))
                continue
            first = seen.setdefault(row.key, line)
            if first != line:
                rejects.append(Reject(line, row.fse_id, f"manifest: {shown(row.manifest)} of {shown(row.hauler)} "
                                                        f"is given twice in the file (lines {first} and {line})"))
                continue
            rows.append(row)
    except csv.Error as exc:
        raise SizingInputError(name, None, "", message=f"{name}: line {reader.line_num}: not CSV: {exc}") from None
    return ManifestFile(name, rows, rejects)


def _too_many(name: str, rejects: list[Reject]) -> None:
    if len(rejects) > MAX_REJECTS:
        first = rejects[0]
        raise _file_error(f"{name}: more than {MAX_REJECTS:,} lines rejected (the first, line {first.line}: "
                          f"{first.reason}); is this a manifest file? Nothing imported")


def _text(source: Any, max_bytes: int) -> tuple[str, str]:
    """The CSV's name (as messages show it) and its text."""
    if isinstance(source, (str, Path)):
        name = parse.shown_path(source)
        try:
            with open(source, "rb") as fh:  # bounded: a device or a huge file is refused at the limit
                data = fh.read(max_bytes + 1)
        except IsADirectoryError:
            raise _file_error(f"{name} is a folder, not a CSV file") from None
        except FileNotFoundError:
            raise _file_error(f"no such file: {name}") from None
        except OSError as exc:
            raise _file_error(f"cannot read {name}: {exc.strerror or exc.__class__.__name__}") from None
    else:
        name = str(getattr(source, "name", None) or "the manifests")
        if hasattr(source, "seek"):
            source.seek(0)
        data = source.read() if hasattr(source, "read") else source
    return name, read_text(data, name, max_bytes, "the manifests", "a manifest file",
                           too_large=": import it in parts; nothing imported")


def _file_error(message: str) -> SizingInputError:
    return SizingInputError("FILE", None, "", message=message)


def _header(header: list[str] | None, name: str) -> dict[str, int]:
    """Column -> position; every column of :data:`COLUMNS` once, no other."""
    if not header or not any(h.strip() for h in header):
        raise _file_error(f"{name} is empty or its first line is blank; expected the header {','.join(COLUMNS)}")
    names = [h.strip().lower() for h in header]
    unknown = [h for h in names if h not in COLUMNS]
    if unknown:
        raise _file_error(f"{name}: unknown column {shown(unknown[0])}; the columns are {', '.join(COLUMNS)}")
    twice = [h for h in COLUMNS if names.count(h) > 1]
    if twice:
        raise _file_error(f"{name}: the column {twice[0]} is given twice")
    missing = [c for c in COLUMNS if c not in names]
    if missing:
        raise _file_error(f"{name}: missing column{'s' if len(missing) > 1 else ''} {', '.join(missing)}; the "
                          f"columns are {', '.join(COLUMNS)}")
    return {c: names.index(c) for c in COLUMNS}


def line_of(line: int, cells: Mapping[str, str], today: dt.date) -> Manifest:
    """One line's cells, each checked (the first bad cell raises, naming its column): a manifest file's line, or
    one manifest given on its own (an FSE's receipt, a hauler's form: :func:`sizing.program.submissions.receipt`)."""
    for column in COLUMNS:
        if not cells[column].strip():
            raise SizingInputError(column, None, "", message=f"{column}: missing; expected {_WANT[column]}")
    day = parse.record_date("date", _date(cells["date"]), today=today)
    manifest = parse.identifier("manifest", cells["manifest"], max_length=MANIFEST_MAX)
    return Manifest(line=line, fse_id=_fse_id(cells["fse_id"]), on_date=day, hauler=_hauler(cells["hauler"]),
                    manifest=manifest, gallons=_gallons(cells["gallons"]), full=_pump_out(cells["pump_out"]),
                    disposal_site=_site(cells["disposal_site"]))


_WANT = {"fse_id": "the FSE's id, e.g. FSE-0417", "date": "the pump-out date, as YYYY-MM-DD",
         "hauler": "the hauler's name", "manifest": "the hauler's manifest number", "gallons": GALLONS_EXPECTED,
         "pump_out": "full or partial", "disposal_site": "where the hauler disposed of the waste"}


# Cells repeat (an FSE's id, a hauler, a date, a volume): each distinct text is read once per process.
@functools.lru_cache(maxsize=65536)
def _fse_id(text: str) -> str:

    return check_fse_id(text, "fse_id")


@functools.lru_cache(maxsize=65536)
def _date(text: str) -> dt.date:
    return parse.date("date", text)


@functools.lru_cache(maxsize=4096)
def _hauler(text: str) -> str:
    return parse.text("hauler", text, max_length=HAULER_MAX, single_line=True)


@functools.lru_cache(maxsize=4096)
def _site(text: str) -> str:
    return parse.text("disposal_site", text, max_length=SITE_MAX, single_line=True)


@functools.lru_cache(maxsize=65536)
def _gallons(text: str) -> float:

    return parse_quantity("gallons", text.strip(), "gal", minimum=0, strict_minimum=True, maximum=MAX_GALLONS,
                          expected=GALLONS_EXPECTED)


def _pump_out(text: str) -> bool:
    value = text.strip().lower()
    if value not in PUMP_OUT:
        raise SizingInputError("pump_out", text, "full or partial")
    return value == "full"


def _id_or_none(text: str) -> str | None:
    try:
        return _fse_id(text)
    except SizingInputError:
        return None


# --- against the register ----------------------------------------------------------------------------------

def check_against(mf: ManifestFile, known_fses: Iterable[str], used: Mapping[tuple[str, str], str],
                  volumes: Mapping[str, float | None],
                  listed: Mapping[tuple[str, str], tuple[str, dt.date]] | None = None,
                  full_days: Mapping[tuple[str, dt.date], str] | None = None) -> None:
    """Reject the lines whose FSE is not in the register or whose manifest number its hauler already used
    (``used``: key -> where, on a manifest; ``listed``: key -> (FSE, date), on a pump-out a maintenance log lists:
    the hauler's manifest of that same pump-out, same FSE and date, is accepted), and warn of a full pump-out far
    below the interceptor's volume (``volumes``: the latest recorded volume [gal] per FSE). Rejects are kept in
    line order. One full pump-out per interceptor per day: a second one on a day (``full_days``: each FSE and day
    with a full pump-out on a manifest already, and where; or an earlier line) is rejected, naming the first."""
    known = set(known_fses)
    listed = listed or {}
    full_on = dict(full_days or {})
    kept = []
    for row in mf.rows:
        log = listed.get(row.key)
        first_full = full_on.get((row.fse_id, row.on_date)) if row.full else None
        if row.fse_id not in known:
            mf.rejects.append(Reject(row.line, row.fse_id, f"fse_id: no FSE {shown(row.fse_id)} in the register"))
        elif row.key in used:
            mf.rejects.append(Reject(row.line, row.fse_id, f"manifest: {shown(row.manifest)} of "
                                                           f"{shown(row.hauler)} is already recorded ({used[row.key]})"))
        elif log is not None and log != (row.fse_id, row.on_date):
            mf.rejects.append(Reject(row.line, row.fse_id, f"manifest: {shown(row.manifest)} of {shown(row.hauler)} "
                                                           f"is already recorded (the pump-out of {log[1]} in a "
                                                           f"maintenance log of {log[0]})"))
        elif first_full is not None:
            mf.rejects.append(Reject(row.line, row.fse_id, f"pump_out: {row.fse_id} already has a full pump-out on "
                                                           f"{row.on_date.isoformat()} ({first_full}); one full "
                                                           "pump-out per interceptor per day: mark it partial"))
        else:
            kept.append(row)
            if row.full:
                full_on[(row.fse_id, row.on_date)] = f"line {row.line}"
            volume = volumes.get(row.fse_id)
            if row.full and volume and row.gallons < FULL_FRACTION * volume:
                mf.warnings.append(
                    f"line {row.line}: {row.fse_id}: a full pump-out of {show(row.gallons, 'gal')} is less than "
                    f"{show(FULL_FRACTION * 100, '%')} of the interceptor's {show(volume, 'gal')}; a full pump-out "
                    "removes the whole "
                    "content: check the manifest's gallons, or mark it partial")
    mf.rows = kept
    mf.rejects.sort(key=lambda r: r.line)


def rejected_message(mf: ManifestFile, hint: str = "give --skip-rejects") -> str:
    """The one line of an all-or-nothing import that rejected lines: the first and how many."""
    first = mf.rejects[0]
    n = len(mf.rejects)
    return (f"{mf.name}: line {first.line}: {first.reason}; {n} line{'s' if n != 1 else ''} rejected, nothing "
            f"imported (fix {'them' if n != 1 else 'it'}, or {hint} to import the other manifests)")


def reject_lines(mf: ManifestFile, limit: int) -> list[str]:
    """One line per rejected line (the first ``limit``), then how many more."""
    out = [f"line {r.line}: {r.reason}" for r in mf.rejects[:limit]]
    if len(mf.rejects) > limit:
        out.append(f"... and {len(mf.rejects) - limit:,} more rejected lines")
    return out


def rejects_csv(mf: ManifestFile) -> str:

    return csv_text(("line", "fse_id", "reason"), ((r.line, r.fse_id, r.reason) for r in mf.rejects))

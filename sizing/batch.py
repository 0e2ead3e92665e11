"""Batch review of an FSE inventory: every submittal's gravity interceptor size in one vectorized pass.
CPC Section 1014.3.6, Table 1014.3.6; Tables 702.1 and 702.2(1) for the DFU of each fixture line.

Input: a long table (CSV file, file object or DataFrame), one row per fixture line.

==========================  ========  ==========================================================================
column                      required  meaning
==========================  ========  ==========================================================================
submittal_id                yes       the FSE / submittal the line belongs to (text; surrounding spaces ignored)
fixture_type                yes       a fixture type or alias of ``tables/common/fixture-types.yaml``
                                      (``Floor Drain``, ``pot_sink``, ...); any other type needs a flow or trap size
count                       yes       a whole number >= 0; an empty cell counts 1 (as an omitted ``count``)
flow_gpm                    no        [gpm]; a bare number, or text with a unit (``0.2 L/s``)
trap_size_in                no        [in]; a bare number, or text with a unit (``50 mm``, ``1-1/2 in``)
connected_to_interceptor    no        true/false, yes/no, 1/0; empty = the type default (false for toilets, urinals,
                                      lavatories and, where the profile forbids it, dishwashers)
installed_volume_gal        no        [gal] the existing interceptor, per submittal (see below)
notes                       no        free text, not read
==========================  ========  ==========================================================================

Each submittal is sized exactly as ``sizing size`` (:func:`sizing.size.size`) sizes the submittal whose
``fixtures`` are its lines in file order (:func:`submittal_document` builds that document): DFU by type from
Table 702.1, by trap size from Table 702.2(1) for types without a row (nominal and metric sizes matched,
sizes between listed ones rounded up, over 4 in rejected), footnote 3 (flow x 30 min) for flow-only
fixtures, an indirect ice machine counts 0, unknown types only with a flow or trap size; the total of the
connected lines is looked up in Table 1014.3.6 (first row whose DFU >= the total); above the last row the
volume is empty (``beyond_table``), never extrapolated. Every number is read from the table files through
:func:`sizing.tables.load_table` and the clause functions of :mod:`sizing.cpc`.

Output, one row per sized submittal, in order of first appearance (``RESULT_COLUMNS``):
``submittal_id, fixture_lines, dfu_total [DFU], table_volume_gal, footnote3_volume_gal,
required_volume_gal [gal], installed_volume_gal, undersized, beyond_table, warnings``.

Decisions where the code and the single-submittal path are silent:

- A row that ``sizing size`` would refuse (bad count, unknown type without flow or trap size, floor sink
  without trap size or flow, trap over 4 in for a type without a Table 702.1 row, ...) is rejected with its
  line number and the reason, and its whole submittal is NOT sized (listed in ``summary()["not_sized"]``):
  a size from the remaining lines would understate the interceptor. Other submittals are sized.
- ``installed_volume_gal`` belongs to the submittal: give it on one line or repeat it; empty cells are
  ignored; every value given must equal the first one given (750 and 750.0 agree), otherwise each
  disagreeing line is rejected. ``undersized`` = installed < required (to 1e-6 gal, so float noise in a
  footnote-3 volume does not flag an exact fit); empty when no installed volume is given or the submittal is
  beyond the table.
- Only an empty (or blank) cell is missing: ``NA``, ``null`` or ``nan`` text is a bad value, as in a
  submittal. Blank lines are skipped. A line with more fields than the header is rejected; on the first data
  line it is a file error (pandas would take the extra field as a row label and shift every column).
- ``submittal_id`` is text exactly as written: ``0042`` and ``42``, ``1`` and ``1.0`` are different submittals.
- Line numbers are physical lines of the file (header = line 1); a quoted field that spans lines shifts
  them. For a DataFrame, line = position + 2 (as if written with a header).
- Column names are matched without case or surrounding spaces; an unknown column is an error (a typo such as
  ``flow_gmp`` is never silently ignored).

API (for the app)::

    from sizing.batch import run_batch
    result = run_batch("inventory.csv", edition="2025", progress=None)   # or a DataFrame / file object
    result.results        # DataFrame, RESULT_COLUMNS, one row per sized submittal
    result.rejects        # DataFrame: line (int), submittal_id (str or None), reason (one line)
    result.summary()      # dict: counts, by_required_volume_gal / by_table_volume_gal (histograms),
                          #       undersized ids, not_sized ids, beyond_table count (see BatchResult.summary)
    result.undersized()   # DataFrame: the undersized submittals with their shortfall [gal]
    result.to_dict()      # the JSON contract of ``sizing batch --format json``

``progress`` is an optional callable ``progress(done_rows, total_rows, stage)`` called after each chunk
of rows read (``stage`` is "reading", "sizing" or "done"). A file that cannot be read (missing, not
UTF-8 text, not CSV, required columns missing, an unknown column) raises
:class:`sizing.errors.SizingInputError` with one line naming the problem; a bad edition too.

This module imports neither pint, streamlit, matplotlib nor sympy (pint only on the error path or when a
cell carries a unit), so the command line starts fast.
"""

from __future__ import annotations

import csv
import difflib
import io
import math
import re
import sys
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from sizing import parse
from sizing.cpc import dfu as dfu_clause
from sizing.cpc import gravity as grav
from sizing.errors import SizingInputError, shown
from sizing.jurisdiction import DEFAULT_ID
from sizing.tables import DEFAULT_EDITION, connection_default, editions, load_table

REQUIRED_COLUMNS = ("submittal_id", "fixture_type", "count")
OPTIONAL_COLUMNS = ("flow_gpm", "trap_size_in", "connected_to_interceptor", "installed_volume_gal", "notes")
#: Columns accepted but not read.
IGNORED_COLUMNS = ("notes",)
RESULT_COLUMNS = ("submittal_id", "fixture_lines", "dfu_total", "table_volume_gal", "footnote3_volume_gal",
                  "required_volume_gal", "installed_volume_gal", "undersized", "beyond_table", "warnings")
REJECT_COLUMNS = ("line", "submittal_id", "reason")
#: Rows read per chunk (the progress callback is called once per chunk).
CHUNK_ROWS = 100_000
#: An installed volume is undersized when it is below the required volume by more than this [gal].
UNDERSIZED_TOLERANCE_GAL = 1e-6
#: Fixture types that receive indirect waste (as in sizing.size: an indirect fixture counted 0 needs one).
#: The same bounds sizing.submittal applies to a fixture's trap_size [in] and flow [gpm].
TRAP_MAX_IN = 12
FLOW_MAX_GPM = 10000

ProgressCallback = Callable[[int, int, str], None]


# --- the result -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class BatchResult:
    """The sized inventory. ``results`` and ``rejects`` are DataFrames (see the module docstring)."""

    edition: str
    results: pd.DataFrame
    rejects: pd.DataFrame
    rows_read: int
    not_sized: tuple[str, ...]

    def undersized(self) -> pd.DataFrame:
        """The submittals whose installed volume is below the required volume, with ``shortfall_gal``."""
        r = self.results
        u = r.loc[r["undersized"].fillna(False).astype(bool),
                  ["submittal_id", "dfu_total", "required_volume_gal", "installed_volume_gal"]].copy()
        u["shortfall_gal"] = u["required_volume_gal"] - u["installed_volume_gal"]
        return u.reset_index(drop=True)

    def summary(self) -> dict[str, Any]:
        """Counts for a dashboard: plain Python values only (JSON-ready).

        Keys: ``edition``, ``rows_read``, ``submittals`` (sized + not sized), ``sized``, ``rejected_rows``,
        ``not_sized`` (ids), ``beyond_table``, ``installed_given``, ``undersized_count``, ``undersized`` (ids),
        ``by_table_volume_gal`` and ``by_required_volume_gal``: lists of ``{"volume_gal", "submittals"}``
        ascending (the table sizes; the required sizes incl. footnote 3), beyond-table submittals excluded.
        """
        r = self.results
        undersized = r["undersized"].fillna(False).astype(bool)
        return {
            "edition": self.edition,
            "rows_read": int(self.rows_read),
            "submittals": int(len(r) + len(self.not_sized)),
            "sized": int(len(r)),
            "rejected_rows": int(len(self.rejects)),
            "not_sized": list(self.not_sized),
            "beyond_table": int(r["beyond_table"].sum()),
            "installed_given": int(r["installed_volume_gal"].notna().sum()),
            "undersized_count": int(undersized.sum()),
            "undersized": r.loc[undersized, "submittal_id"].tolist(),
            "by_table_volume_gal": _histogram(r["table_volume_gal"]),
            "by_required_volume_gal": _histogram(r["required_volume_gal"]),
        }

    def provenance(self) -> list[dict[str, Any]]:
        """The tables every size was read from, with their provenance level."""
        out = []
        for name in ("702.1", "702.2-1", "1014.3.6", "fixture-types"):
            t = load_table(name, self.edition)
            out.append({"table": t.meta["table"], "title": t.title, "edition": t.meta["edition"],
                        "level": t.provenance, "carried_from": t.carried_from, "source": t.source})
        return out

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract of ``sizing batch --format json`` (missing values are null)."""
        return {"edition": self.edition, "summary": self.summary(), "results": _records(self.results),
                "rejects": _records(self.rejects), "provenance": self.provenance()}


def csv_text(frame: pd.DataFrame) -> str:
    """The frame as CSV text, as ``frame.to_csv(index=False, lineterminator="\\n")`` writes the result and
    reject frames (missing as empty, minimal quoting by the csv module) but for whole numbers, which are written
    as whole numbers (750, not 750.0: counts, DFU and gallons read as a person writes them; other floats as
    repr), formatting each distinct number once: 3-4 x faster than ``to_csv`` on 100,000 rows. Text cells are
    spreadsheet-safe (:func:`spreadsheet_safe`).

    >>> csv_text(pd.DataFrame({"id": ["a,b", "c", "d"], "v": [750.0, float("nan"), 1.5]}))
    'id,v\\n"a,b",750\\nc,\\nd,1.5\\n'
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([str(c) for c in frame.columns])
    writer.writerows(zip(*[_cells(frame[c]) for c in frame.columns], strict=True))
    return buffer.getvalue()


def _cells(column: pd.Series) -> list[str]:
    dtype = column.dtype
    if pd.api.types.is_numeric_dtype(dtype) or pd.api.types.is_bool_dtype(dtype):
        codes, uniques = pd.factorize(column, use_na_sentinel=True)
        names = np.array([_number_text(_py(u)) for u in uniques] + [""], dtype=object)
        return names[codes].tolist()   # code -1 (missing) -> ""
    return ["" if v is None or v is pd.NA or v != v else spreadsheet_safe(str(v)) for v in column.tolist()]


#: A text cell starting with one of these is a formula to a spreadsheet (=HYPERLINK(...), +cmd, -1+1, @SUM).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(text: str) -> str:
    """Text for a CSV cell that a spreadsheet shows as text, never runs: a cell starting with = + - @ tab or
    carriage return gets a leading apostrophe (as spreadsheet-safe exporters do). Numbers are not text
    cells and are written as they are.

    >>> spreadsheet_safe("=1+1"), spreadsheet_safe("@SUM(A1)"), spreadsheet_safe("A-1")
    ("'=1+1", "'@SUM(A1)", 'A-1')
    """
    return "'" + text if text.startswith(FORMULA_START) else text


def _number_text(value: Any) -> str:
    """750.0 -> '750'; 1.5 -> '1.5'; True -> 'True'."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _histogram(values: pd.Series) -> list[dict[str, Any]]:
    counts = values.dropna().value_counts().sort_index()
    return [{"volume_gal": float(v), "submittals": int(n)} for v, n in counts.items()]


def _records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    out = frame.astype(object).where(frame.notna(), None).to_dict(orient="records")
    for rec in out:
        for k, v in rec.items():
            if isinstance(v, np.generic):
                rec[k] = v.item()
    return out


# --- entry point -----------------------------------------------------------------------------------------

def run_batch(source: str | Path | pd.DataFrame | io.IOBase, edition: str | None = None,
              progress: ProgressCallback | None = None, jurisdiction: Any = DEFAULT_ID) -> BatchResult:
    """Size every submittal of an inventory (path, file object or DataFrame). See the module docstring.
    ``jurisdiction`` (an id or a Jurisdiction) gives the default connections of sanitary fixtures and dishwashers."""
    edition = _edition(edition)
    types = _type_info(edition, jurisdiction)
    chunks: list[_Rows] = []
    bad_lines: list[tuple[int, str]] = []
    if isinstance(source, pd.DataFrame):
        frame = _frame_columns(source)
        chunks.append(_parse_rows(frame, np.arange(len(frame), dtype=np.int64), types))
        raw_lines = None
        if progress:
            progress(len(frame), len(frame), "reading")
    else:
        raw_lines = _Source(source)
        total = raw_lines.count_rows() if progress else 0
        for chunk in raw_lines.chunks(bad_lines):
            chunks.append(_parse_rows(chunk, chunk.index.to_numpy(dtype=np.int64), types))
            if progress and len(chunk):
                progress(min(int(chunk.index[-1]) + 1 + len(bad_lines), total), total, "reading")
    if not chunks:  # a header and no rows
        empty = pd.DataFrame({c: pd.Series([], dtype=object) for c in REQUIRED_COLUMNS})
        chunks.append(_parse_rows(empty, np.zeros(0, dtype=np.int64), types))
    if progress:
        progress(1, 1, "sizing")
    result = _assemble(chunks, bad_lines, raw_lines, types, edition)
    if progress:
        progress(1, 1, "done")
    return result


def _edition(edition: str | None) -> str:
    chosen = DEFAULT_EDITION if edition is None else str(edition).strip()
    if chosen not in editions():
        raise SizingInputError("--edition", edition, "one of " + ", ".join(repr(e) for e in editions()))
    return chosen


# --- fixture types (tables/common/fixture-types.yaml + Table 702.1 of the edition) ------------------------

class _Types:
    """Fixture types as arrays indexed by a type code; unknown types get codes as they are met."""

    def __init__(self, edition: str, jurisdiction: Any):
        spec = load_table("fixture-types").meta["types"]
        self.edition = edition
        self.aliases = {alias: key for key, info in spec.items() for alias in info.get("aliases", ())}
        self.receptors = [key for key, info in spec.items() if info.get("receptor")]
        self.code: dict[str, int] = {}
        self.keys: list[str] = []
        self.row_dfu: list[float] = []
        self.indirect: list[bool] = []
        self.listed: list[bool] = []
        self.note: list[str | None] = []
        self.label: list[str] = []
        #: connected_to_interceptor when the row leaves it empty (sizing.submittal.default_connection)
        self.default_connected: list[bool] = []
        #: the trap [in] a type without a Table 702.1 row is counted at when no trap or flow is given (NaN: none)
        self.default_trap: list[float] = []
        #: type code -> (Table 702.1 row id, rows by trap) for types with a row; the DFU for a given trap size is
        #: sizing.cpc.dfu.fixture_dfu_with_trap, as in sizing size
        self.rows: dict[int, tuple[str, dict[str, str] | None]] = {}
        for key, info in spec.items():
            code = self._add(key, listed=True, label=info["label"], indirect=bool(info.get("indirect")),
                             note=info.get("note"),
                             row_dfu=dfu_clause.fixture_dfu(info["row"], edition)[0] if info.get("row") else None,
                             default_connected=connection_default(bool(info.get("sanitary")),
                                                                   bool(info.get("dishwasher")), jurisdiction)[0],
                             default_trap=info.get("trap_in") if not info.get("row") else None)
            if info.get("row"):
                self.rows[code] = (info["row"], info.get("rows_by_trap"))
        self.minutes = load_table("1014.3.6", edition).meta["footnote_3_minutes"]

    def _add(self, key: str, *, listed: bool, label: str, indirect: bool = False, note: str | None = None,
             row_dfu: float | None = None, default_connected: bool = True, default_trap: float | None = None) -> int:
        self.code[key] = len(self.keys)
        self.default_connected.append(default_connected)
        self.default_trap.append(math.nan if default_trap is None else float(default_trap))
        self.keys.append(key)
        self.row_dfu.append(math.nan if row_dfu is None else float(row_dfu))
        self.indirect.append(indirect)
        self.listed.append(listed)
        self.note.append(note)
        self.label.append(label)
        return self.code[key]

    def resolve(self, value: Any) -> int:
        """Type code of a cell value (as sizing.submittal.resolve_type normalises it); -1 if not text."""
        if not isinstance(value, str) or not value.strip():
            return -1
        key = parse.normalise_key(value)
        key = self.aliases.get(key, key)
        if key not in self.code:
            self._add(key, listed=False, label=key.replace("_", " ").capitalize())
        return self.code[key]

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return (np.array(self.row_dfu, dtype=np.float64), np.array(self.indirect, dtype=bool),
                np.array(self.listed, dtype=bool))


def _type_info(edition: str, jurisdiction: Any) -> _Types:
    return _Types(edition, jurisdiction)  # cheap (the tables are cached); a fresh one per run keeps unknown types local


# --- reading ---------------------------------------------------------------------------------------------

_SKIPPED = re.compile(r"Skipping line (\d+): (.*)")


class _Source:
    """A CSV path or file object: header checked up front, rows read in chunks (a path is streamed)."""

    def __init__(self, source: str | Path | io.IOBase):
        self.path: Path | None = None
        self.text: str | None = None
        if isinstance(source, (str, Path)):
            self.path = Path(source)
            self.name = parse.shown_path(self.path)
            try:
                if self.path.is_dir():
                    raise _file_error(f"{self.name} is a folder, not a CSV file")
                with self.path.open("rb") as fh:
                    head = fh.read(65536)
            except FileNotFoundError:
                raise _file_error(f"no such file: {self.name}") from None
            except OSError as exc:
                raise _file_error(f"cannot read {self.name}: {exc.strerror or exc.__class__.__name__}") from None
        elif hasattr(source, "read"):
            data = source.read()
            self.name = str(getattr(source, "name", "FILE"))
            if isinstance(data, bytes):
                try:
                    data = data.decode("utf-8-sig")
                except UnicodeDecodeError:
                    raise self._not_utf8() from None
            self.text = str(data).removeprefix("\ufeff")
            head = self.text[:65536].encode("utf-8")
        else:
            raise _file_error(f"expected a CSV path, file object or DataFrame, got {type(source).__name__}")
        first = head.split(b"\n", 1)[0]
        try:
            header_line = first.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise self._not_utf8() from None
        if b"\x00" in head:
            raise _file_error(f"{self.name} is not CSV text: save the inventory as CSV (UTF-8)")
        if not header_line.strip():
            raise _file_error(f"{self.name} is empty or its first line is blank; expected a header line "
                              f"{','.join(REQUIRED_COLUMNS)},...")
        try:
            header = next(csv.reader([header_line]))
        except csv.Error as exc:
            raise _file_error(f"{self.name} is not CSV: header line: {exc}") from None
        self.raw_columns = header
        self.columns = _check_columns(header, self.name)
        self._check_first_row(head)

    def _check_first_row(self, head: bytes) -> None:
        """A first data row with more fields than the header is an error: pandas would read its first field
        as a row label and shift every column of every such row (the id would become the type, ...)."""
        text = head.decode("utf-8-sig", errors="replace")
        if len(head) >= 65536:
            text = text[:text.rfind("\n") + 1]  # whole lines only
        reader = csv.reader(io.StringIO(text))
        try:
            next(reader, None)
            for fields in reader:
                if not fields:
                    continue
                if len(fields) > len(self.raw_columns):
                    raise _file_error(f"{self.name}: line {reader.line_num} has {len(fields)} fields, the header has "
                                      f"{len(self.raw_columns)}; add the missing column name to the header, or "
                                      "quote a value that contains a comma")
                break
        except csv.Error:
            pass  # reported by the reader with its line

    def _not_utf8(self) -> SizingInputError:
        return _file_error(f"{self.name} is not UTF-8 text: save the inventory as CSV (UTF-8)")

    def _stream(self) -> Any:
        if self.text is not None:
            return io.StringIO(self.text)
        return self.path.open(encoding="utf-8-sig", newline="")

    def count_rows(self) -> int:
        """Data lines (for progress): newlines counted in 1 MiB blocks."""
        if self.text is not None:
            lines, last = self.text.count("\n"), self.text[-1:]
        else:
            lines, last = 0, "\n"
            with self.path.open("rb") as fh:
                for block in iter(lambda: fh.read(1 << 20), b""):
                    lines += block.count(b"\n")
                    last = block[-1:].decode("latin-1")
        lines += 0 if last in ("\n", "") else 1
        return max(lines - 1, 1)

    def chunks(self, bad_lines: list[tuple[int, str]]) -> Iterable[pd.DataFrame]:
        # The header's own names (not names=/usecols=, with which pandas keeps a line that has too many fields).
        # The id is text exactly as written ("0042" and "42", "1" and "1.0" are different submittals): a
        # categorical column would infer numbers per chunk, merging ids, or splitting one across chunks.
        text_columns = {raw: (str if c == "submittal_id" else "category")
                        for raw, c in zip(self.raw_columns, self.columns, strict=True)
                        if c in ("submittal_id", "fixture_type", "connected_to_interceptor") + IGNORED_COLUMNS}
        options: dict[str, Any] = {}
        if int(pd.__version__.split(".")[0]) < 3:  # pandas 3 parses floats exactly as Python's float()
            options["float_precision"] = "round_trip"
        ignored = [c for c in self.columns if c in IGNORED_COLUMNS]
        with self._stream() as stream:
            try:
                with pd.read_csv(stream, header=0, dtype=text_columns, keep_default_na=False, na_values=[""],
                                 skip_blank_lines=False, on_bad_lines="warn", chunksize=CHUNK_ROWS,
                                 **options) as reader:
                    while True:
                        with warnings.catch_warnings(record=True) as caught:
                            warnings.simplefilter("always", pd.errors.ParserWarning)
                            try:
                                chunk = next(reader)
                            except StopIteration:
                                break
                        _collect_bad_lines(caught, bad_lines)
                        chunk.columns = self.columns
                        yield chunk.drop(columns=ignored) if ignored else chunk
                    _collect_bad_lines(caught, bad_lines)
            except UnicodeDecodeError:
                raise self._not_utf8() from None
            except (pd.errors.ParserError, ValueError) as exc:
                detail = " ".join(str(exc).split())
                raise _file_error(f"{self.name} is not valid CSV: {detail}") from None

    def fields_of_lines(self, lines: set[int]) -> dict[int, list[str]]:
        """The parsed fields of the given physical lines (for rows pandas skipped)."""
        out: dict[int, list[str]] = {}
        last = max(lines, default=0)
        with self._stream() as stream:
            reader = csv.reader(stream)
            start = 1
            for fields in reader:
                if start in lines:
                    out[start] = fields
                start = reader.line_num + 1
                if start > last:
                    break
        return out


def _collect_bad_lines(caught: list, bad_lines: list[tuple[int, str]]) -> None:
    for w in caught:
        for text in str(w.message).splitlines():
            m = _SKIPPED.match(text.strip())
            if m:
                bad_lines.append((int(m.group(1)), m.group(2).strip()))
    caught.clear()


def _file_error(message: str) -> SizingInputError:
    return SizingInputError("FILE", None, "", message=f"FILE: {message}")


def _check_columns(header: Iterable[Any], name: str) -> list[str]:
    columns = [str(c).strip().lower() for c in header]
    allowed = REQUIRED_COLUMNS + OPTIONAL_COLUMNS
    for i, c in enumerate(columns):
        if not c:
            raise _file_error(f"{name}: column {i + 1} of the header has no name; expected {', '.join(allowed)}")
    dupes = sorted({c for c in columns if columns.count(c) > 1})
    if dupes:
        raise _file_error(f"{name}: column {', '.join(dupes)} appears more than once in the header")
    missing = [c for c in REQUIRED_COLUMNS if c not in columns]
    if missing:
        found = ", ".join(columns[:8]) + (", ..." if len(columns) > 8 else "")
        raise _file_error(f"{name}: missing required column{'s' if len(missing) > 1 else ''} "
                          f"{', '.join(missing)} (found: {found}); is it a CSV inventory?")
    unknown = [c for c in columns if c not in allowed]
    if unknown:
        hints = []
        for c in unknown:
            close = difflib.get_close_matches(c, allowed, n=1, cutoff=0.6)
            hints.append(shown(c) + (f" (did you mean {close[0]!r}?)" if close else ""))
        raise _file_error(f"{name}: unknown column{'s' if len(unknown) > 1 else ''} {', '.join(hints)}; "
                          f"expected {', '.join(allowed)}")
    return columns


def _frame_columns(frame: pd.DataFrame) -> pd.DataFrame:
    columns = _check_columns(frame.columns, "DataFrame")
    out = frame.copy()
    out.columns = columns
    return out.drop(columns=[c for c in IGNORED_COLUMNS if c in columns]).reset_index(drop=True)


# --- row parsing (vectorized; scalar parsers run once per distinct bad or textual value) -------------------

@dataclass
class _Rows:
    """Parsed rows of one chunk, as arrays (blank lines dropped)."""

    pos: np.ndarray            # row position in the file's data rows (0 = the line after the header)
    sid_codes: np.ndarray      # into sid_values, -1 = missing
    sid_values: np.ndarray     # the distinct ids of this chunk, stripped
    type_codes: np.ndarray
    dfu: np.ndarray            # DFU of the line if connected, else 0
    fn3: np.ndarray            # footnote 3 volume [gal] if connected, else 0
    fn3_indirect: np.ndarray   # that volume is an indirect appliance's: 0 when a receptor is connected
    installed: np.ndarray      # [gal], NaN = not given
    connected: np.ndarray
    indirect_zero: np.ndarray  # an indirect fixture counted 0 DFU
    receptor: np.ndarray       # a connected floor sink / floor drain
    unlisted: np.ndarray
    rejected: np.ndarray
    reasons: dict[int, list[str]]   # index into this chunk's arrays -> reasons
    forbidden: np.ndarray      # connected as given, where the jurisdiction says it shall not be (a warning)


def _py(value: Any) -> Any:
    return value.item() if isinstance(value, np.generic) else value


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NA or (
        isinstance(value, str) and not value.strip())


def _distinct(series: pd.Series) -> tuple[np.ndarray, list[Any] | pd.Index]:
    """Codes (-1 = missing or blank) and the distinct values (an Index) of a column."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        codes = series.cat.codes.to_numpy().astype(np.int64)
        uniques = series.cat.categories
    else:
        codes, uniques = pd.factorize(series, use_na_sentinel=True)
        uniques = pd.Index(uniques)
    if pd.api.types.is_string_dtype(uniques.dtype) and not pd.api.types.is_object_dtype(uniques.dtype):
        blank = np.flatnonzero(np.asarray(uniques.str.strip() == "", dtype=bool))
    else:
        blank = [j for j, v in enumerate(uniques) if _blank(_py(v))]
    if len(blank):
        codes = codes.copy()
        codes[np.isin(codes, blank)] = -1
    return codes, uniques


def _id_text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _message(check: Callable[[str, Any], Any], field: str, value: Any) -> str:
    try:
        check(field, value)
    except SizingInputError as exc:
        return str(exc)
    return f"{field}: not accepted: {value!r}"  # pragma: no cover - the vector check mirrors the scalar one


def _numbers(series: pd.Series | None, n: int, field: str, check: Callable[[str, Any], float], *,
             minimum: float, maximum: float, strict: bool = False, whole: bool = False
             ) -> tuple[np.ndarray, np.ndarray, dict[int, str]]:
    """Parse a numeric column: (values with NaN where empty, given mask, {row: message} of bad cells).

    Numeric columns are checked vectorized with the same bounds the scalar parser applies; a column holding
    text (units, fractions, junk) is parsed once per distinct value by the scalar parser ``check``.
    """
    if series is None:
        return np.full(n, np.nan), np.zeros(n, dtype=bool), {}
    errors: dict[int, str] = {}
    if pd.api.types.is_numeric_dtype(series.dtype) and not pd.api.types.is_bool_dtype(series.dtype):
        values = series.to_numpy(dtype=np.float64, na_value=np.nan)
        given = ~np.isnan(values)
        with np.errstate(invalid="ignore"):
            bad = given & (~np.isfinite(values) | (values < minimum) | (values > maximum))
            if strict:
                bad |= given & (values <= minimum)
            if whole:
                bad |= given & np.isfinite(values) & (values != np.floor(values))
        if bad.any():
            raw = series.to_numpy()
            cache: dict[Any, str] = {}
            for i in np.flatnonzero(bad):
                v = _py(raw[i])
                if v not in cache:
                    cache[v] = _message(check, field, v)
                errors[int(i)] = cache[v]
            values = np.where(bad, np.nan, values)
        return values, given, errors
    codes, uniques = _distinct(series)
    parsed = np.full(len(uniques) + 1, np.nan)   # last slot: missing
    messages: list[str | None] = [None] * len(uniques)
    for j, v in enumerate(uniques):
        v = _py(v)
        if _blank(v):
            continue
        try:
            parsed[j] = float(check(field, v))
        except SizingInputError as exc:
            messages[j] = str(exc)
    given = codes >= 0
    values = parsed[np.where(given, codes, len(uniques))]
    for j, msg in enumerate(messages):
        if msg is not None:
            for i in np.flatnonzero(codes == j):
                errors[int(i)] = msg
    return values, given, errors


def _quantity(unit: str, **bounds: Any) -> Callable[[str, Any], float]:
    def check(field: str, value: Any) -> float:
        from sizing.units import parse_quantity  # pint: only for text cells and error messages

        return parse_quantity(field, value, unit, **bounds)
    return check


def _whole(field: str, value: Any) -> float:
    return float(parse.whole(field, value, minimum=0))


def _unknown_type_message(value: Any) -> str:
    from sizing.submittal import resolve_type  # the single-submittal message, incl. "did you mean"

    try:
        resolve_type("fixture_type", value, accept_unknown=False)
    except SizingInputError as exc:
        text = str(exc)
        return text[:text.index("any other type needs")] + (
            "any other type needs a trap_size_in (e.g. 2, counted by Table 702.2(1)) or a flow_gpm (counted by "
            "Table 1014.3.6 footnote 3)") if "any other type needs" in text else text
    return f"fixture_type: unknown fixture type {value!r}"  # pragma: no cover


def _parse_rows(frame: pd.DataFrame, pos: np.ndarray, types: _Types) -> _Rows:
    if len(frame.columns) and len(frame):
        keep = ~frame.isna().all(axis=1).to_numpy()
        if not keep.all():
            frame = frame.loc[keep]
            pos = pos[keep]
    n = len(frame)
    reasons: dict[int, list[str]] = {}

    def reject(rows: Iterable[int], message: str | Iterable[str]) -> None:
        msgs = [message] * len(rows) if isinstance(message, str) else message  # type: ignore[arg-type]
        for i, m in zip(rows, msgs, strict=True):
            reasons.setdefault(int(i), []).append(m)

    def column(name: str) -> pd.Series | None:
        return frame[name] if name in frame.columns else None

    # submittal_id
    sid_codes, sid_raw = _distinct(frame["submittal_id"])
    if pd.api.types.is_string_dtype(sid_raw.dtype) and not pd.api.types.is_object_dtype(sid_raw.dtype):
        sid_values = sid_raw.str.strip().to_numpy(dtype=object)
    else:
        sid_values = np.array([_id_text(_py(v)) for v in sid_raw], dtype=object)
    missing = np.flatnonzero(sid_codes < 0)
    if missing.size:
        reject(missing, "submittal_id: expected the submittal's id, got nothing")

    # fixture_type: codes into the type table; unknown types are accepted only with a flow or trap size
    t_codes, t_raw = _distinct(frame["fixture_type"])
    t_raw = [_py(v) for v in t_raw]
    resolved = np.array([types.resolve(v) for v in t_raw] + [-1], dtype=np.int64)
    type_codes = resolved[np.where(t_codes >= 0, t_codes, len(t_raw))]

    # count, connected_to_interceptor, trap_size_in, flow_gpm, installed_volume_gal
    count, count_given, errs = _numbers(frame["count"], n, "count", _whole, minimum=0, maximum=parse.MAX_COUNT,
                                        whole=True)
    count = np.where(count_given, count, 1.0)
    for i, m in errs.items():
        reject([i], m)
    # connected_to_interceptor: as given, else the type's default (sanitary fixtures and, where the
    # jurisdiction forbids it, dishwashers are not connected), as sizing.submittal.default_connection
    default_conn = np.array(types.default_connected, dtype=bool)
    connected = np.where(type_codes >= 0, default_conn[np.maximum(type_codes, 0)], True)
    conn = column("connected_to_interceptor")
    if conn is not None:
        c_codes, c_raw = _distinct(conn)
        flags = np.ones(len(c_raw) + 1, dtype=bool)
        for j, v in enumerate(c_raw):
            v = _py(v)
            try:
                flags[j] = parse.boolean("connected_to_interceptor", v)
            except SizingInputError as exc:
                reject(np.flatnonzero(c_codes == j), str(exc))
        connected = np.where(c_codes >= 0, flags[np.maximum(c_codes, 0)], connected)
        # connected as given, though the type's default says it shall not be (sanitary, dishwasher): a warning
        forbidden = (c_codes >= 0) & connected & (type_codes >= 0) & ~default_conn[np.maximum(type_codes, 0)]
    else:
        forbidden = np.zeros(n, dtype=bool)
    trap, trap_given, errs = _numbers(column("trap_size_in"), n, "trap_size_in",
                                      _quantity("in", minimum=0, strict_minimum=True, maximum=TRAP_MAX_IN),
                                      minimum=0, maximum=TRAP_MAX_IN, strict=True)
    for i, m in errs.items():
        reject([i], m)
    flow, flow_given, errs = _numbers(column("flow_gpm"), n, "flow_gpm",
                                      _quantity("gpm", minimum=0, maximum=FLOW_MAX_GPM),
                                      minimum=0, maximum=FLOW_MAX_GPM)
    for i, m in errs.items():
        reject([i], m)
    installed, _, errs = _numbers(column("installed_volume_gal"), n, "installed_volume_gal",
                                  _quantity("gal", minimum=0), minimum=0, maximum=math.inf)
    for i, m in errs.items():
        reject([i], m)

    row_dfu, indirect, listed = types.arrays()
    unresolved = type_codes < 0
    safe_types = np.where(unresolved, 0, type_codes)
    each = np.where(unresolved, np.nan, row_dfu[safe_types])
    is_indirect = ~unresolved & indirect[safe_types]
    unlisted = ~unresolved & ~listed[safe_types]
    for j in np.unique(t_codes[unresolved]):  # an empty cell (code -1) or a value that is not text
        reject(np.flatnonzero(unresolved & (t_codes == j)), _unknown_type_message(None if j < 0 else t_raw[j]))
    own_value = trap_given | flow_given
    no_value = np.flatnonzero(unlisted & ~own_value)
    for j in np.unique(t_codes[no_value]):
        reject(no_value[t_codes[no_value] == j], _unknown_type_message(t_raw[j]))

    # Table 702.1 by type; a trap larger than the row's trap by Table 702.2(1) (sizing.cpc.dfu.fixture_dfu_with_trap)
    has_row = ~np.isnan(each)
    with_trap = np.flatnonzero(has_row & ~np.isnan(trap))
    if with_trap.size:
        pairs = pd.DataFrame({"code": type_codes[with_trap], "trap": trap[with_trap]})
        for (code, size), idx in pairs.groupby(["code", "trap"], sort=False).indices.items():
            rows = with_trap[idx]
            row_id, rows_by_trap = types.rows[int(code)]
            try:
                each[rows] = dfu_clause.fixture_dfu_with_trap(row_id, float(size), types.edition, rows_by_trap)["dfu"]
            except ValueError as exc:
                reject(rows, str(SizingInputError("trap_size_in", f"{size:g} in", f"a trap size {exc}")))
    # a type without a row counted at its usual trap when neither a trap nor a flow is given
    dtrap = np.array(types.default_trap, dtype=np.float64)[safe_types]
    use_default = ~has_row & ~unresolved & ~trap_given & ~flow_given & ~np.isnan(dtrap)
    trap = np.where(use_default, dtrap, trap)
    trap_given = trap_given | use_default
    # Table 702.2(1) by trap size for types without a row
    by_trap = ~has_row & ~unresolved & ~np.isnan(trap)
    for size in np.unique(trap[by_trap]):
        rows = by_trap & (trap == size)
        try:
            each[rows] = dfu_clause.trap_dfu(float(size), types.edition)[0]
        except ValueError as exc:
            msg = str(SizingInputError("trap_size_in", f"{size:g} in", f"a trap size {exc}"))
            reject(np.flatnonzero(rows), msg)
    # footnote 3 for flow-only fixtures; indirect fixtures without either count 0 at the receptor
    by_flow = ~has_row & ~unresolved & ~trap_given & ~np.isnan(flow)
    each[by_flow] = 0.0
    indirect_only = ~has_row & ~unresolved & ~trap_given & ~flow_given & is_indirect
    each[indirect_only] = 0.0
    needs = np.flatnonzero(~has_row & ~unresolved & ~unlisted & ~trap_given & ~flow_given & ~is_indirect)
    for code in np.unique(type_codes[needs]):
        key = types.keys[code]
        why = types.note[code] or f"{types.label[code]} has no Table 702.1 value"
        reject(needs[type_codes[needs] == code],
               f"trap_size_in: {key} needs a trap_size_in (e.g. 2 for a 2 in trap) or a flow_gpm; {why}")

    rejected = np.zeros(n, dtype=bool)
    if reasons:
        rejected[list(reasons)] = True
    dfu_line = np.where(rejected, 0.0, each * count)
    fn3 = np.where(by_flow & connected & ~rejected, flow * types.minutes * count, 0.0)
    return _Rows(pos=pos, sid_codes=sid_codes, sid_values=sid_values, type_codes=type_codes,
                 dfu=np.where(connected, dfu_line, 0.0), fn3=fn3, fn3_indirect=is_indirect & (fn3 > 0),
                 installed=np.where(rejected, np.nan, installed), connected=connected,
                 indirect_zero=is_indirect & (dfu_line == 0) & ~rejected,
                 receptor=np.isin(type_codes, [types.code[k] for k in types.receptors]) & connected,
                 unlisted=unlisted, rejected=rejected, reasons=reasons,
                 forbidden=forbidden & (count > 0) & ~rejected)


# --- assembling the per-submittal results ----------------------------------------------------------------

def _assemble(chunks: list[_Rows], bad_lines: list[tuple[int, str]], source: _Source | None, types: _Types,
              edition: str) -> BatchResult:
    def cat(name: str) -> np.ndarray:
        return np.concatenate([getattr(c, name) for c in chunks]) if chunks else np.zeros(0)

    pos = cat("pos").astype(np.int64, copy=False)
    # one id space over all chunks, in order of first appearance in the file
    offsets = np.cumsum([0] + [len(c.sid_values) for c in chunks])
    all_ids = np.concatenate([c.sid_values for c in chunks]) if chunks else np.zeros(0, dtype=object)
    id_codes, unique_ids = pd.factorize(all_ids)
    ids = np.asarray(unique_ids, dtype=object)   # the stripped id texts
    sid_parts = []
    for k, c in enumerate(chunks):
        part = np.full(len(c.sid_codes), -1, dtype=np.int64)
        m = c.sid_codes >= 0
        part[m] = id_codes[c.sid_codes[m] + offsets[k]]
        sid_parts.append(part)
    sid = np.concatenate(sid_parts) if sid_parts else np.zeros(0, dtype=np.int64)
    n_sub = len(ids)
    lines = _physical_lines(pos, [b for b, _ in bad_lines])

    rejects: list[tuple[int, str | None, str]] = []
    base = 0
    for c in chunks:
        for i, msgs in c.reasons.items():
            g = sid[base + i]
            rejects.append((int(lines[base + i]), ids[g] if g >= 0 else None, "; ".join(msgs)))
        base += len(c.pos)
    rejected = cat("rejected").astype(bool, copy=False)
    bad_sub = np.zeros(n_sub, dtype=bool)
    if rejected.any():
        bad_sub[sid[rejected & (sid >= 0)]] = True

    # rows pandas skipped (more fields than the header): attribute them to their submittal
    only_bad: list[str] = []
    if bad_lines:
        fields = source.fields_of_lines({b for b, _ in bad_lines}) if source is not None else {}
        index = pd.Index(ids, dtype=object)
        col = source.columns.index("submittal_id") if source is not None else 0
        for line, why in bad_lines:
            f = fields.get(line, [])
            sid_text = f[col].strip() if len(f) > col and f[col].strip() else None
            rejects.append((line, sid_text, f"line has more fields than the header ({why})"))
            if sid_text is not None:
                k = index.get_indexer([sid_text])[0]
                if k >= 0:
                    bad_sub[k] = True
                elif sid_text not in only_bad:
                    only_bad.append(sid_text)  # a submittal seen on skipped lines only

    # installed volume: one per submittal; every value given must equal the first one given
    installed = cat("installed")
    ok = (sid >= 0) & ~rejected
    inst_ref = np.full(n_sub, np.nan)
    given = ok & ~np.isnan(installed)
    if given.any():
        g_sid, g_val, g_line = sid[given], installed[given], lines[given]
        first = np.full(n_sub, len(g_sid), dtype=np.int64)
        np.minimum.at(first, g_sid, np.arange(len(g_sid)))   # each submittal's first row with a value
        has = first < len(g_sid)
        inst_ref[has] = g_val[first[has]]
        ref_line = np.zeros(n_sub, dtype=np.int64)
        ref_line[has] = g_line[first[has]]
        for i in np.flatnonzero(g_val != inst_ref[g_sid]):
            s = g_sid[i]
            rejects.append((int(g_line[i]), ids[s],
                            f"installed_volume_gal: {g_val[i]:g} gal disagrees with {inst_ref[s]:g} gal given on "
                            f"line {ref_line[s]} for the same submittal; give one installed volume per submittal"))
            bad_sub[s] = True

    # sums in file order (np.bincount adds row by row, as sizing.size sums the fixture lines)
    valid = sid >= 0
    s = sid[valid]

    def total(name: str) -> np.ndarray:
        return np.bincount(s, weights=cat(name)[valid], minlength=n_sub)

    def any_row(name: str) -> np.ndarray:
        return np.bincount(s[cat(name)[valid]], minlength=n_sub) > 0

    dfu_total = total("dfu")
    lines_per = np.bincount(s, minlength=n_sub)
    any_connected = any_row("connected")
    indirect_zero = any_row("indirect_zero")
    receptor = any_row("receptor")
    # footnote 3 only for directly connected appliances: an indirect one is carried by its listed receptor
    fn3_rows = cat("fn3")[valid]
    fn3_rows = np.where(cat("fn3_indirect").astype(bool, copy=False)[valid] & receptor[s], 0.0, fn3_rows)
    fn3_total = np.bincount(s, weights=fn3_rows, minlength=n_sub)
    unlisted = any_row("unlisted")

    table = load_table("1014.3.6", edition)
    keys = np.array(table.column("max_dfu"), dtype=np.float64)
    volumes = np.array(table.column("volume_gal"), dtype=np.float64)
    i = np.searchsorted(keys, dfu_total - 1e-9, side="left")  # sizing.cpc.first_at_least, vectorized
    beyond = i >= len(keys)
    table_volume = np.where(beyond, np.nan, volumes[np.minimum(i, len(keys) - 1)])
    required = table_volume + fn3_total
    with np.errstate(invalid="ignore"):
        undersized = np.where(np.isnan(inst_ref) | beyond, np.nan,
                              (inst_ref < required - UNDERSIZED_TOLERANCE_GAL).astype(np.float64))

    type_codes = cat("type_codes").astype(np.int64, copy=False)
    flagged_indirect = indirect_zero & ~receptor
    names_indirect = _names_by_submittal(sid, type_codes, cat("indirect_zero").astype(bool, copy=False), types, n_sub)
    names_unlisted = _names_by_submittal(sid, type_codes, cat("unlisted").astype(bool, copy=False), types, n_sub)
    top = f"{int(keys[-1]):,}"
    warn = np.full(n_sub, "", dtype=object)

    def add(mask: np.ndarray, text: np.ndarray | str) -> None:
        if mask.any():
            part = text[mask] if isinstance(text, np.ndarray) else text
            warn[mask] = np.where(warn[mask] == "", part, warn[mask] + "; " + part)

    add(~any_connected, "no fixture is connected to the interceptor: the size is the table minimum")
    add(flagged_indirect, names_indirect + " drains indirectly, but no floor sink or floor drain is connected to "
                                           "receive it; list its receptor")
    add(unlisted, "not a listed fixture type, counted by the trap size or flow given: " + names_unlisted)
    forbidden = any_row("forbidden")
    names_forbidden = _names_by_submittal(sid, type_codes, cat("forbidden").astype(bool, copy=False), types, n_sub)
    add(forbidden, "connected as given and counted, but the jurisdiction says it shall not be connected to the "
                   "grease interceptor: " + names_forbidden)
    if beyond.any():
        text = np.full(n_sub, "", dtype=object)
        for k in np.flatnonzero(beyond):
            text[k] = f"{dfu_total[k]:g} DFU is " + grav.BEYOND_TABLE.format(max=top)
        add(beyond, text)
        add(beyond & ~np.isnan(inst_ref), "installed volume not compared: the table gives no size")

    keep = ~bad_sub
    results = pd.DataFrame({
        "submittal_id": pd.Series(ids[keep], dtype=object),
        "fixture_lines": lines_per[keep],
        "dfu_total": dfu_total[keep],
        "table_volume_gal": table_volume[keep],
        "footnote3_volume_gal": fn3_total[keep],
        "required_volume_gal": required[keep],
        "installed_volume_gal": inst_ref[keep],
        "undersized": pd.array(np.where(np.isnan(undersized[keep]), None, undersized[keep] == 1), dtype="boolean"),
        "beyond_table": beyond[keep],
        "warnings": pd.Series(warn[keep], dtype=object),
    }, columns=list(RESULT_COLUMNS))
    rejects.sort(key=lambda r: r[0])
    reject_frame = pd.DataFrame({
        "line": pd.Series([r[0] for r in rejects], dtype=np.int64),
        "submittal_id": pd.Series([r[1] for r in rejects], dtype=object),
        "reason": pd.Series([r[2] for r in rejects], dtype=object),
    }, columns=list(REJECT_COLUMNS))
    # in the order of their first rejected line (every submittal not sized has one)
    not_sized = tuple(str(x) for x in dict.fromkeys(r[1] for r in rejects if r[1] is not None))
    rows_read = int(len(pos) + len(bad_lines))
    return BatchResult(edition=edition, results=results, rejects=reject_frame, rows_read=rows_read,
                       not_sized=not_sized)


def _physical_lines(pos: np.ndarray, bad: list[int]) -> np.ndarray:
    """File line of each data row: header on line 1, plus the lines pandas skipped before it."""
    lines = pos + 2
    if bad:
        skipped = np.sort(np.array(bad, dtype=np.int64))
        before = skipped - np.arange(len(skipped)) - 2   # the row position each skipped line would have had
        lines = lines + np.searchsorted(before, pos, side="right")
    return lines


def _names_by_submittal(sid: np.ndarray, type_codes: np.ndarray, mask: np.ndarray, types: _Types,
                        n_sub: int) -> np.ndarray:
    """Per submittal, the type keys of its rows in ``mask`` ("ice_machine, combi_oven"), vectorized by type."""
    names = np.full(n_sub, "", dtype=object)
    m = mask & (sid >= 0)
    for code in np.unique(type_codes[m]):
        has = np.bincount(sid[m & (type_codes == code)], minlength=n_sub) > 0
        names[has] = names[has] + ", " + types.keys[code]
    named = np.flatnonzero(names != "")
    names[named] = [x[2:] for x in names[named]]
    return names


# --- the equivalent single submittal ---------------------------------------------------------------------

#: Inventory column -> submittal fixture field.
FIXTURE_FIELD = {"fixture_type": "type", "count": "count", "flow_gpm": "flow", "trap_size_in": "trap_size",
                 "connected_to_interceptor": "connected_to_interceptor"}


def submittal_document(rows: Iterable[Mapping[str, Any]] | pd.DataFrame, edition: str | None = None
                       ) -> dict[str, Any]:
    """The submittal mapping (for :func:`sizing.submittal.from_dict`) whose size the batch reports for these
    rows of one submittal, in file order. Empty cells are omitted, as in a hand-written submittal.

    >>> submittal_document([{"fixture_type": "floor_drain", "count": "3", "flow_gpm": ""}], "2025")
    {'edition': '2025', 'fixtures': [{'type': 'floor_drain', 'count': '3'}]}
    """
    if isinstance(rows, pd.DataFrame):
        rows = rows.rename(columns=lambda c: str(c).strip().lower()).to_dict(orient="records")
    fixtures = []
    for row in rows:
        row = {str(k).strip().lower(): _py(v) for k, v in row.items()}
        item = {}
        for column, field_name in FIXTURE_FIELD.items():
            value = row.get(column)
            if not _blank(value):
                item[field_name] = value.strip() if isinstance(value, str) else value
        fixtures.append(item)
    return {"edition": _edition(edition), "fixtures": fixtures}


# --- progress on a terminal --------------------------------------------------------------------------------

class TextProgress:
    """A one-line progress bar on a stream (stderr), redrawn in place; stdlib only."""

    def __init__(self, stream: Any = None, width: int = 30, label: str = "sizing batch"):
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.label = label
        self._last = -1

    def __call__(self, done: int, total: int, stage: str) -> None:
        if stage == "done":
            self.stream.write("\n")
            self.stream.flush()
            return
        fraction = 1.0 if total <= 0 else min(done / total, 1.0)
        filled = int(round(fraction * self.width))
        shown = int(fraction * 100)
        if stage == "reading" and shown == self._last:
            return
        self._last = shown
        bar = "#" * filled + "-" * (self.width - filled)
        rows = f" {done:,}/{total:,} rows" if stage == "reading" else ""
        self.stream.write(f"\r{self.label} [{bar}] {shown:3d}% {stage}{rows}   ")
        self.stream.flush()

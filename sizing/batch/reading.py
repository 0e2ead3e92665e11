"""Reading an inventory: the header checked up front, then the rows in chunks (a CSV path is streamed).

A file that cannot be read (missing, not UTF-8 text, not CSV, required columns missing, an unknown column)
raises :class:`sizing.errors.SizingInputError` with one line naming the problem.
"""

from __future__ import annotations

import csv
import difflib
import io
import re
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pandas as pd

from sizing.errors import SizingInputError, shown
from sizing.io import fields as parse
from sizing.io.csv_files import line_end_problem
from sizing.io.sections.parties import CONTACT_COLUMNS, DETAIL_COLUMNS

REQUIRED_COLUMNS = ("submittal_id", "fixture_type", "count")
#: The FSE's own details, for the register's import (``sizing register import-inventory``); not read by sizing.
#: (DETAIL_COLUMNS: name, address, owner; CONTACT_COLUMNS: the owner's and operator's mailing address, e-mail and
#: phone, and the operator's name)
OPTIONAL_COLUMNS = ("flow_gpm", "trap_size_in", "connected_to_interceptor", "installed_volume_gal", "notes",
                    *DETAIL_COLUMNS, *CONTACT_COLUMNS)
#: Columns accepted but not read.
IGNORED_COLUMNS = ("notes", *DETAIL_COLUMNS, *CONTACT_COLUMNS)

_SKIPPED = re.compile(r"Skipping line (\d+): (.*)")


class Source:
    """A CSV path or file object: header checked up front, rows read in chunks (a path is streamed)."""

    def __init__(self, source: str | Path | io.IOBase):
        self.path: Path | None = None
        self.text: str | None = None
        if isinstance(source, (str, Path)):
            self.path = Path(source)
            self.name = parse.shown_path(self.path)
            try:
                if self.path.is_dir():
                    raise file_error(f"{self.name} is a folder, not a CSV file")
                with self.path.open("rb") as fh:
                    head = fh.read(65536)
            except FileNotFoundError:
                raise file_error(f"no such file: {self.name}") from None
            except OSError as exc:
                raise file_error(f"cannot read {self.name}: {exc.strerror or exc.__class__.__name__}") from None
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
            raise file_error(f"expected a CSV path, file object or DataFrame, got {type(source).__name__}")
        problem = line_end_problem(head)
        if problem is not None:
            raise file_error(f"{self.name}: {problem}")
        first = head.split(b"\n", 1)[0]
        try:
            header_line = first.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise self._not_utf8() from None
        if b"\x00" in head:
            raise file_error(f"{self.name} is not CSV text: save the inventory as CSV (UTF-8)")
        if not header_line.strip():
            raise file_error(f"{self.name} is empty or its first line is blank; expected a header line "
                              f"{','.join(REQUIRED_COLUMNS)},...")
        try:
            header = next(csv.reader([header_line]))
        except csv.Error as exc:
            raise file_error(f"{self.name} is not CSV: header line: {exc}") from None
        self.raw_columns = header
        self.columns = check_columns(header, self.name)
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
                    raise file_error(f"{self.name}: line {reader.line_num} has {len(fields)} fields, the header has "
                                      f"{len(self.raw_columns)}; add the missing column name to the header, or "
                                      "quote a value that contains a comma")
                break
        except csv.Error:
            pass  # reported by the reader with its line

    def _not_utf8(self) -> SizingInputError:
        return file_error(f"{self.name} is not UTF-8 text: save the inventory as CSV (UTF-8)")

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

    def chunks(self, bad_lines: list[tuple[int, str]], chunk_rows: int) -> Iterable[pd.DataFrame]:
        # The header's own names (not names=/usecols=, with which pandas keeps a line that has too many fields).
        # The id is text exactly as written ("0042" and "42", "1" and "1.0" are different submittals): a
        # categorical column would infer numbers per chunk, merging ids, or splitting one across chunks.
        text_columns = {raw: (id_dtype() if c == "submittal_id" else "category")
                        for raw, c in zip(self.raw_columns, self.columns, strict=True)
                        if c in ("submittal_id", "fixture_type", "connected_to_interceptor") + IGNORED_COLUMNS}
        options: dict[str, Any] = {}
        if int(pd.__version__.split(".")[0]) < 3:  # pandas 3 parses floats exactly as Python's float()
            options["float_precision"] = "round_trip"
        ignored = [c for c in self.columns if c in IGNORED_COLUMNS]
        with self._stream() as stream:
            try:
                with pd.read_csv(stream, header=0, dtype=text_columns, keep_default_na=False, na_values=[""],
                                 skip_blank_lines=False, on_bad_lines="warn", chunksize=chunk_rows,
                                 **options) as reader:
                    while True:
                        with warnings.catch_warnings(record=True) as caught:
                            warnings.simplefilter("always", pd.errors.ParserWarning)
                            try:
                                chunk = next(reader)
                            except StopIteration:
                                break
                        collect_bad_lines(caught, bad_lines)
                        chunk.columns = self.columns
                        yield chunk.drop(columns=ignored) if ignored else chunk
                    collect_bad_lines(caught, bad_lines)
            except UnicodeDecodeError:
                raise self._not_utf8() from None
            except (pd.errors.ParserError, ValueError) as exc:
                detail = " ".join(str(exc).split())
                raise file_error(f"{self.name} is not valid CSV: {detail}") from None

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


def id_dtype() -> Any:
    """The id column's type: Arrow text where pyarrow is installed (pandas 3's reader then fills the column
    without a Python string per cell, as for the text columns it infers: a third of the reading time of the
    ids), else str. Either is text exactly as written; both strip spaces alike (Arrow's trim)."""
    try:
        import pyarrow
    except ImportError:  # pragma: no cover - pandas 3 installs it; optional for pandas 2
        return str
    return pd.ArrowDtype(pyarrow.large_string())


def collect_bad_lines(caught: list, bad_lines: list[tuple[int, str]]) -> None:
    for w in caught:
        for text in str(w.message).splitlines():
            m = _SKIPPED.match(text.strip())
            if m:
                bad_lines.append((int(m.group(1)), m.group(2).strip()))
    caught.clear()


def file_error(message: str) -> SizingInputError:
    return SizingInputError("FILE", None, "", message=f"FILE: {message}")


def check_columns(header: Iterable[Any], name: str) -> list[str]:
    columns = [str(c).strip().lower() for c in header]
    allowed = REQUIRED_COLUMNS + OPTIONAL_COLUMNS
    for i, c in enumerate(columns):
        if not c:
            raise file_error(f"{name}: column {i + 1} of the header has no name; expected {', '.join(allowed)}")
    dupes = sorted({c for c in columns if columns.count(c) > 1})
    if dupes:
        raise file_error(f"{name}: column {', '.join(dupes)} appears more than once in the header")
    missing = [c for c in REQUIRED_COLUMNS if c not in columns]
    if missing:
        found = ", ".join(columns[:8]) + (", ..." if len(columns) > 8 else "")
        other = next((sep for sep in (";", "\t", "|") if len(columns) == 1 and sep in columns[0]), None)
        hint = (f"; the header is separated by {'tabs' if other == chr(9) else repr(other)}, not commas: save the "
                "inventory as CSV with commas" if other else "; is it a CSV inventory?")
        raise file_error(f"{name}: missing required column{'s' if len(missing) > 1 else ''} "
                          f"{', '.join(missing)} (found: {found}){hint}")
    unknown = [c for c in columns if c not in allowed]
    if unknown:
        hints = []
        for c in unknown:
            close = difflib.get_close_matches(c, allowed, n=1, cutoff=0.6)
            hints.append(shown(c) + (f" (did you mean {close[0]!r}?)" if close else ""))
        raise file_error(f"{name}: unknown column{'s' if len(unknown) > 1 else ''} {', '.join(hints)}; "
                          f"expected {', '.join(allowed)}")
    return columns


def frame_columns(frame: pd.DataFrame) -> pd.DataFrame:
    columns = check_columns(frame.columns, "DataFrame")
    out = frame.copy()
    out.columns = columns
    return out.drop(columns=[c for c in IGNORED_COLUMNS if c in columns]).reset_index(drop=True)


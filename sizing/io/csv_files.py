"""CSV files: the one CSV writer of the project (batch results and rejects, the register's export and due
list and the app's downloads are all written by :func:`csv_text`, so every CSV the tool writes is
spreadsheet-safe), and the line-ending check every CSV reader makes first (:func:`line_end_problem`).

>>> csv_text(["id", "n", "on"], [["=1+1", 750.0, None], ["@SUM(A1)", -2, "2026-01-02"]])
"id,n,on\\n'=1+1,750,\\n'@SUM(A1),-2,2026-01-02\\n"
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Sequence
from typing import Any

from sizing.errors import SizingInputError

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


def cell(value: Any) -> str:
    """One cell: empty for None (and NaN), a number as a number (750.0 -> 750), a date as ISO, text made
    spreadsheet-safe."""
    if value is None or (isinstance(value, float) and value != value):
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return spreadsheet_safe(str(value))


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[Any]], *, cells_ready: bool = False) -> str:
    """A header and rows as CSV text ("\\n" line ends, minimal quoting). ``cells_ready``: the rows' cells are
    already written by :func:`cell` (a fast path for many rows)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([spreadsheet_safe(str(c)) for c in columns])
    writer.writerows(rows if cells_ready else ([cell(v) for v in row] for row in rows))
    return buffer.getvalue()


#: What may make the csv writer quote a field: the delimiter, the quote and line ends.
_QUOTED = (",", '"', "\r", "\n")


def fields(texts: list[str]) -> list[str]:
    """Cells already written by :func:`cell` as :func:`csv_text`'s writer writes each in a row of two or
    more fields (minimal quoting): a text holding a comma, a quote or a line end is written by the csv writer
    itself, any other as it is (the writer changes nothing else). For many cells written once each.

    >>> fields(["a", "x,y", ""])
    ['a', '"x,y"', '']
    """
    joined = "".join(texts)
    if not any(c in joined for c in _QUOTED):  # the usual case, checked at C speed
        return texts
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    out = []
    for text in texts:
        if any(c in text for c in _QUOTED):
            buffer.seek(0)
            buffer.truncate()
            writer.writerow((text, ""))
            text = buffer.getvalue()[:-2]   # less the empty second field's "," and the line end
        out.append(text)
    return out


def line_end_problem(sample: str | bytes) -> str | None:
    """What is wrong with the line ends of a CSV's first block, or None: carriage returns alone (old Mac
    files) end no line for a CSV reader, which would read the whole file as one line."""
    cr, lf = ("\r", "\n") if isinstance(sample, str) else (b"\r", b"\n")
    if cr in sample and lf not in sample:
        return ("its lines end in carriage returns only (an old Mac format); save it as CSV with Windows (CRLF) "
                "or Unix (LF) line ends")
    return None


def read_text(data: bytes | str, name: str, max_bytes: int, what: str, limit_of: str, *, field: str = "FILE",
              too_large: str = "") -> str:
    """A CSV file's bytes as text, or the one line of what is wrong (:class:`~sizing.errors.SizingInputError` for
    ``field``): larger than ``max_bytes`` (the limit for ``limit_of``, then ``too_large``: what to do), not UTF-8 (a
    byte-order mark is dropped), lines ending in carriage returns only, a NUL byte. ``what``: what the file holds,
    as the messages name it ("the manifests")."""
    def error(message: str) -> SizingInputError:
        return SizingInputError(field, None, "", message=message)

    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    if len(raw) > max_bytes:
        raise error(f"{name} is larger than {max_bytes / 1_000_000:g} MB, the limit for {limit_of}{too_large}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(f"{name} is not UTF-8 text: save {what} as CSV (UTF-8)") from None
    problem = line_end_problem(text[:65536])
    if problem is not None:
        raise error(f"{name}: {problem}")
    if "\x00" in text:
        raise error(f"{name} is not CSV text: save {what} as CSV (UTF-8)")
    return text

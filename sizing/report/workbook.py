"""A full export of the register, rendered: one CSV per table in a ZIP file, or one workbook with a sheet per table.

Both write each cell through :func:`sizing.io.csv_files.cell`, the project's one spreadsheet-safe cell writer: a
text starting with = + - @ is written with a leading apostrophe, as text, never as a formula (in the workbook too,
where every cell is written as a string or a number, never a formula).
"""

from __future__ import annotations

import io
import math
import zipfile
from collections.abc import Mapping, Sequence
from typing import Any

from sizing.io.csv_files import cell, csv_text

Tables = Mapping[str, tuple[Sequence[str], Sequence[Sequence[Any]]]]


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def csv_zip(tables: Tables) -> bytes:
    """Every table as ``TABLE.csv`` in one ZIP file."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, (columns, rows) in tables.items():
            z.writestr(f"{name}.csv", csv_text(columns, rows))
    return buffer.getvalue()


def xlsx(tables: Tables) -> bytes:
    """Every table as a sheet of one workbook (.xlsx): a header row, then the rows; numbers as numbers, every
    other cell as spreadsheet-safe text."""
    from openpyxl import Workbook  # a heavy optional library: loaded when a workbook is made

    book = Workbook(write_only=True)
    for name, (columns, rows) in tables.items():
        sheet = book.create_sheet(title=name[:31])  # a sheet's name: at most 31 characters
        sheet.append(list(columns))
        for row in rows:
            sheet.append([v if _number(v) else cell(v) for v in row])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()

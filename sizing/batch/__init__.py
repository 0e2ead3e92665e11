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

Each submittal is sized exactly as ``sizing size`` (:func:`sizing.cpc.size.size`) sizes the submittal whose
``fixtures`` are its lines in file order (:func:`submittal_document` builds that document), by the same
functions: each distinct kind of line (type, trap size, flow, connection cell, count above 0) is resolved once
by :func:`sizing.cpc.fixture_lines.fixture_line` (DFU by Table 702.1, by trap size from Table 702.2(1), footnote 3 for
flow-only fixtures, indirect fixtures, connection defaults of the jurisdiction) and the results are spread
over the rows (:mod:`sizing.batch.resolve`); each distinct DFU total is looked up once in Table 1014.3.6
(:func:`sizing.cpc.gravity.gravity_interceptor_volume`); above the last row the volume is empty
(``beyond_table``), never extrapolated.

Package: :mod:`~sizing.batch.reading` (the CSV and its header), :mod:`~sizing.batch.rows` (cells, vectorized),
:mod:`~sizing.batch.resolve` (the fixture lines), :mod:`~sizing.batch.volumes` (per-submittal results),
:mod:`~sizing.batch.output` (the result, CSV text), :mod:`~sizing.batch.progress`, :mod:`~sizing.batch.document`.

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

import io
from pathlib import Path

import numpy as np
import pandas as pd

from sizing.batch.document import FIXTURE_FIELD, edition_of, submittal_document
from sizing.batch.output import REJECT_COLUMNS, RESULT_COLUMNS, BatchResult, csv_text, spreadsheet_safe
from sizing.batch.progress import ProgressCallback, TextProgress
from sizing.batch.reading import IGNORED_COLUMNS, OPTIONAL_COLUMNS, REQUIRED_COLUMNS, Source, frame_columns
from sizing.batch.resolve import Resolver
from sizing.batch.rows import FLOW_MAX_GPM, TRAP_MAX_IN, Rows, parse_rows
from sizing.batch.volumes import UNDERSIZED_TOLERANCE_GAL, assemble
from sizing.jurisdiction.profile import Jurisdiction, default_jurisdiction

__all__ = ["CHUNK_ROWS", "FIXTURE_FIELD", "FLOW_MAX_GPM", "IGNORED_COLUMNS", "OPTIONAL_COLUMNS", "REJECT_COLUMNS",
           "REQUIRED_COLUMNS", "RESULT_COLUMNS", "TRAP_MAX_IN", "UNDERSIZED_TOLERANCE_GAL", "BatchResult",
           "ProgressCallback", "TextProgress", "csv_text", "run_batch", "spreadsheet_safe", "submittal_document"]

#: Rows read per chunk (the progress callback is called once per chunk).
CHUNK_ROWS = 100_000


def run_batch(source: str | Path | pd.DataFrame | io.IOBase, edition: str | None = None,
              progress: ProgressCallback | None = None, jurisdiction: Jurisdiction | None = None) -> BatchResult:
    """Size every submittal of an inventory (path, file object or DataFrame). See the module docstring.
    ``jurisdiction`` (None: the default profile) gives the default connections of sanitary fixtures and dishwashers."""
    edition = edition_of(edition)
    resolver = Resolver(edition, jurisdiction or default_jurisdiction())  # a fresh one per run keeps unknown types local
    chunks: list[Rows] = []
    bad_lines: list[tuple[int, str]] = []
    if isinstance(source, pd.DataFrame):
        frame = frame_columns(source)
        chunks.append(parse_rows(frame, np.arange(len(frame), dtype=np.int64), resolver))
        raw_lines = None
        if progress:
            progress(len(frame), len(frame), "reading")
    else:
        raw_lines = Source(source)
        total = raw_lines.count_rows() if progress else 0
        for chunk in raw_lines.chunks(bad_lines, CHUNK_ROWS):
            chunks.append(parse_rows(chunk, chunk.index.to_numpy(dtype=np.int64), resolver))
            if progress and len(chunk):
                progress(min(int(chunk.index[-1]) + 1 + len(bad_lines), total), total, "reading")
    if not chunks:  # a header and no rows
        empty = pd.DataFrame({c: pd.Series([], dtype=object) for c in REQUIRED_COLUMNS})
        chunks.append(parse_rows(empty, np.zeros(0, dtype=np.int64), resolver))
    if progress:
        progress(1, 1, "sizing")
    result = assemble(chunks, bad_lines, raw_lines, resolver, edition)
    if progress:
        progress(1, 1, "done")
    return result

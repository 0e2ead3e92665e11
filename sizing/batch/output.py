"""The sized inventory (:class:`BatchResult`) and its CSV text (results and rejects) and JSON contract."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from sizing.io.csv_files import FORMULA_START, fields, spreadsheet_safe  # noqa: F401  (the one CSV writer's rules)
from sizing.io.csv_files import csv_text as write_csv
from sizing.io.tables import load_table

RESULT_COLUMNS = ("submittal_id", "fixture_lines", "dfu_total", "table_volume_gal", "footnote3_volume_gal",
                  "required_volume_gal", "installed_volume_gal", "undersized", "beyond_table", "warnings")
REJECT_COLUMNS = ("line", "submittal_id", "reason")
#: Result or reject rows written at a time by :meth:`BatchResult.json_chunks` and :func:`csv_chunks`.
BLOCK_ROWS = 20_000


def py(value: Any) -> Any:
    """A numpy scalar as the Python value."""
    return value.item() if isinstance(value, np.generic) else value


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

    def json_chunks(self) -> Iterator[str]:
        """The text of ``json.dumps(self.to_dict(), indent=2, ensure_ascii=False, default=str)`` in pieces: the
        results and rejects are encoded BLOCK_ROWS rows at a time, so the records of a large inventory are
        never all in memory at once (the JSON text of a million submittals is a few hundred megabytes)."""
        parts = {"edition": self.edition, "summary": self.summary(), "results": self.results,
                 "rejects": self.rejects, "provenance": self.provenance()}
        yield "{"
        for k, (key, value) in enumerate(parts.items()):
            yield ("," if k else "") + "\n  " + json.dumps(key, ensure_ascii=False) + ": "
            if isinstance(value, pd.DataFrame):
                yield from _json_records(value)
            else:
                yield _dumps(value).replace("\n", "\n  ")
        yield "\n}"


def csv_text(frame: pd.DataFrame) -> str:
    """The frame as CSV text, as ``frame.to_csv(index=False, lineterminator="\\n")`` writes the result and
    reject frames (missing as empty, minimal quoting by the csv module) but for whole numbers, which are written
    as whole numbers (750, not 750.0: counts, DFU and gallons read as a person writes them; other floats as
    repr), formatting each distinct number once: 3-4 x faster than ``to_csv`` on 100,000 rows. Written by the
    project's one CSV writer (:mod:`sizing.io.csv_files`): text cells are
    spreadsheet-safe (:func:`spreadsheet_safe`).

    >>> csv_text(pd.DataFrame({"id": ["a,b", "c", "d"], "v": [750.0, float("nan"), 1.5]}))
    'id,v\\n"a,b",750\\nc,\\nd,1.5\\n'
    """
    return write_csv([str(c) for c in frame.columns], zip(*[_cells(frame[c]) for c in frame.columns], strict=True),
                     cells_ready=True)


def csv_chunks(frame: pd.DataFrame) -> Iterator[str]:
    """:func:`csv_text` of the frame in pieces of BLOCK_ROWS rows (the header with the first), so the
    cells of a large inventory's results are never all in memory as text at once. Each column's distinct
    cells are written (and quoted, :func:`sizing.io.csv_files.fields`) once, and each block's text is one join of
    its fields and separators."""
    if len(frame.columns) < 2:  # a lone empty field is quoted by the csv writer ('""'): its own rules
        yield csv_text(frame.iloc[:BLOCK_ROWS])
        for start in range(BLOCK_ROWS, len(frame), BLOCK_ROWS):
            text = csv_text(frame.iloc[start:start + BLOCK_ROWS])
            yield text[text.index("\n") + 1:]   # the header's names hold no line break
        return
    header = write_csv([str(c) for c in frame.columns], [])
    if not len(frame):
        yield header
    for start in range(0, len(frame), BLOCK_ROWS):
        block = frame.iloc[start:start + BLOCK_ROWS]
        pieces = np.full((len(block), 2 * len(block.columns)), ",", dtype=object)
        pieces[:, -1] = "\n"
        for k, column in enumerate(block.columns):
            codes, names = _distinct_cells(block[column])
            names = np.array(fields(names.tolist()), dtype=object)
            pieces[:, 2 * k] = names if codes is None else names[codes]
        yield (header if not start else "") + "".join(pieces.ravel().tolist())


def _cells(column: pd.Series) -> list[str]:
    """Each cell's text (:func:`sizing.io.csv_files.cell`'s rules), each distinct value written once."""
    codes, names = _distinct_cells(column)
    return (names if codes is None else names[codes]).tolist()


def _distinct_cells(column: pd.Series) -> tuple[np.ndarray | None, np.ndarray]:
    """(codes, texts): the column's distinct cells written once (missing: the last, ""), and each row's code
    into them; codes None when the texts are the rows' own (a column of mixed values)."""
    dtype = column.dtype
    if pd.api.types.is_numeric_dtype(dtype) or pd.api.types.is_bool_dtype(dtype):
        codes, uniques = pd.factorize(column, use_na_sentinel=True)
        return codes, np.array([_number_text(py(u)) for u in uniques] + [""], dtype=object)  # -1 (missing) -> ""
    if pd.api.types.infer_dtype(column, skipna=True) not in ("string", "empty"):  # 1 and True hash alike
        return None, np.array(["" if v is None or v is pd.NA or v != v else spreadsheet_safe(str(v))
                               for v in column.tolist()], dtype=object)
    codes, uniques = pd.factorize(column, use_na_sentinel=True)   # each distinct text made safe once
    return codes, np.array([spreadsheet_safe(str(u)) for u in uniques] + [""], dtype=object)


def _number_text(value: Any) -> str:
    """750.0 -> '750'; 1.5 -> '1.5'; True -> 'True'."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _histogram(values: pd.Series) -> list[dict[str, Any]]:
    counts = values.dropna().value_counts().sort_index()
    return [{"volume_gal": float(v), "submittals": int(n)} for v, n in counts.items()]


def _dumps(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, default=str)


def _json_records(frame: pd.DataFrame) -> Iterator[str]:
    """A frame's records as ``_dumps`` writes them at the second level of the document, a block at a time; each
    column's distinct values encoded once, and each block's text one join of its pieces (a record's key
    texts and cells in turn): no string is built per record or per cell."""
    if not len(frame):
        yield "[]"
        return
    yield "["
    keys = [json.dumps(str(c), ensure_ascii=False) for c in frame.columns]
    for start in range(0, len(frame), BLOCK_ROWS):
        block = frame.iloc[start:start + BLOCK_ROWS]
        pieces = np.empty((len(block), 2 * len(keys) + 1), dtype=object)
        for k, (key, column) in enumerate(zip(keys, block.columns, strict=True)):
            pieces[:, 2 * k] = (",\n    {\n      " if not k else ",\n      ") + key + ": "
            pieces[:, 2 * k + 1] = _json_cells(block[column])
        pieces[:, -1] = "\n    }"
        if not start:  # the array's first record has no comma before it
            pieces[0, 0] = "\n    {\n      " + keys[0] + ": "
        yield "".join(pieces.ravel().tolist())
    yield "\n  ]"


def _json_cells(column: pd.Series) -> np.ndarray:
    """Each cell's JSON text as ``_records`` and ``_dumps`` write it (missing: null), each distinct value once."""
    if pd.api.types.is_float_dtype(column.dtype):  # by bit pattern: -0.0 is not 0.0
        values = column.to_numpy(dtype=np.float64, na_value=np.nan)
        bits, codes = np.unique(values.view(np.int64), return_inverse=True)
        texts = np.array([_float_json(v) for v in bits.view(np.float64).tolist()], dtype=object)[codes]
        texts[np.isnan(values)] = "null"
        return texts
    kind = pd.api.types.infer_dtype(column, skipna=True)
    if kind in ("string", "empty", "integer", "boolean"):  # one kind: no 1 and True hashed alike
        codes, uniques = pd.factorize(column, use_na_sentinel=True)
        if kind == "string":  # what dumps does with text (a numpy str is a str)
            texts = list(map(json.encoder.encode_basestring, uniques))
        else:
            texts = [_dumps(py(u)) for u in uniques]
        return np.array(texts + ["null"], dtype=object)[codes]
    return np.array([_dumps(next(iter(r.values()))) for r in _records(column.to_frame())], dtype=object)


def _float_json(value: float) -> str:
    """A float as json.dumps writes it: ``float.__repr__`` when finite (json's own float text), else its names."""
    return float.__repr__(value) if math.isfinite(value) else _dumps(value)


def _records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    out = frame.astype(object).where(frame.notna(), None).to_dict(orient="records")
    for rec in out:
        for k, v in rec.items():
            if isinstance(v, np.generic):
                rec[k] = v.item()
    return out


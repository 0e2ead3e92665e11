"""Reading the cells of an inventory's rows, vectorized: each column checked with the bounds the submittal parser
applies, the scalar parsers run once per distinct textual or bad value; each row's fixture line resolved by
:mod:`sizing.batch.resolve`. A bad cell rejects its row, with the line number and the submittal parser's message.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from sizing.batch.output import py
from sizing.batch.resolve import Resolver
from sizing.errors import SizingInputError, shown
from sizing.io import fields as parse
from sizing.io.submittal import resolve_type
from sizing.io.units import parse_quantity

#: The bounds sizing.io.submittal applies to a fixture's trap_size [in] and flow [gpm].
TRAP_MAX_IN = 12
FLOW_MAX_GPM = 10000


@dataclass
class Rows:
    """Parsed rows of one chunk, as arrays (blank lines dropped)."""

    pos: np.ndarray            # row position in the file's data rows (0 = the line after the header)
    sid_codes: np.ndarray      # into sid_values, -1 = missing
    sid_values: np.ndarray     # the distinct ids of this chunk, stripped
    type_codes: np.ndarray     # Resolver type codes, -1 = not a fixture type
    line_codes: np.ndarray     # Resolver line codes, -1 = not resolved (the row is rejected)
    count: np.ndarray
    installed: np.ndarray      # [gal], NaN = not given
    rejected: np.ndarray
    reasons: dict[int, list[str]]   # index into this chunk's arrays -> reasons


def blank(value: Any) -> bool:
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
        empty = np.flatnonzero(np.asarray(uniques.str.strip() == "", dtype=bool))
    else:
        empty = [j for j, v in enumerate(uniques) if blank(py(v))]
    if len(empty):
        codes = codes.copy()
        codes[np.isin(codes, empty)] = -1
    return codes, uniques


def id_problem(sid: str) -> str | None:
    """Why an id cannot be a submittal's (and the register's FSE) id, or None: at most parse.MAX_ID characters
    (control and invisible characters are refused when the id is read, :func:`sizing.io.fields.identifier`)."""
    if len(sid) > parse.MAX_ID:
        return f"submittal_id: expected an id of at most {parse.MAX_ID} characters, got {len(sid):,}: {shown(sid)}"
    return None


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
                v = py(raw[i])
                if v not in cache:
                    cache[v] = _message(check, field, v)
                errors[int(i)] = cache[v]
            values = np.where(bad, np.nan, values)
        return values, given, errors
    codes, uniques = _distinct(series)
    parsed = np.full(len(uniques) + 1, np.nan)   # last slot: missing
    messages: list[str | None] = [None] * len(uniques)
    for j, v in enumerate(uniques):
        v = py(v)
        if blank(v):
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

        return parse_quantity(field, value, unit, **bounds)
    return check


def _whole(field: str, value: Any) -> float:
    return float(parse.whole(field, value, minimum=0))


def _unknown_type_message(value: Any) -> str:

    try:  # not a type at all (empty, too long, a character no report can print)
        resolve_type("fixture_type", value, accept_unknown=True)
    except SizingInputError as exc:
        return str(exc)
    try:
        resolve_type("fixture_type", value, accept_unknown=False)
    except SizingInputError as exc:
        text = str(exc)
        return text[:text.index("any other type needs")] + (
            "any other type needs a trap_size_in (e.g. 2, counted by Table 702.2(1)) or a flow_gpm (counted by "
            "Table 1014.3.6 footnote 3)") if "any other type needs" in text else text
    return f"fixture_type: unknown fixture type {value!r}"  # pragma: no cover


def _identifiers(codes: np.ndarray, values: np.ndarray, reject) -> tuple[np.ndarray, np.ndarray]:
    """The ids as the register files them (:func:`sizing.io.fields.identifier`: NFKC, Unicode dashes as hyphens):
    ids that print alike are one submittal; an id with an invisible or control character rejects its rows."""
    if _plain_ids(values):  # parse.identifier leaves each as it is: ids that strip alike are one submittal
        remap, unique = pd.factorize(values)
        remap = np.append(remap, -1)
        return remap[np.where(codes >= 0, codes, len(values))], np.asarray(unique, dtype=object)
    normal: dict[str, int] = {}
    remap = np.full(len(values) + 1, -1, dtype=np.int64)
    for j, v in enumerate(values):
        if v is None:
            continue
        try:
            text = parse.identifier("submittal_id", v)
        except SizingInputError as exc:  # its rows are rejected; the id is kept as read, to name them
            reject(np.flatnonzero(codes == j), exc.message)
            text = v
        remap[j] = normal.setdefault(text, len(normal))
    return remap[np.where(codes >= 0, codes, len(values))], np.array(list(normal), dtype=object)


def _plain_ids(values: np.ndarray) -> bool:
    """Whether every id is text of printable ASCII within the register's length (checked at C speed, joined)."""
    try:
        joined = " ".join(values)
    except TypeError:  # a missing or non-text value
        return False
    return joined.isascii() and joined.isprintable() and max(map(len, values), default=0) <= parse.MAX_ID


def parse_rows(frame: pd.DataFrame, pos: np.ndarray, resolver: Resolver) -> Rows:
    """The rows of one chunk read cell by cell, column by column (blank lines dropped), each bad cell's row
    rejected with the submittal parser's message, each row's fixture line resolved."""
    if len(frame.columns) and len(frame):
        keep = ~frame.isna().all(axis=1).to_numpy()
        if not keep.all():
            frame = frame.loc[keep]
            pos = pos[keep]
    n = len(frame)
    reasons: dict[int, list[str]] = {}

    def reject(rows: Iterable[int], message: str) -> None:
        for i in rows:
            reasons.setdefault(int(i), []).append(message)

    sid_codes, sid_values = _submittal_ids(frame["submittal_id"], reject)
    t_codes, t_raw = _distinct(frame["fixture_type"])
    t_raw = [py(v) for v in t_raw]
    resolved = np.array([resolver.type_code(v) for v in t_raw] + [-1], dtype=np.int64)
    type_codes = resolved[np.where(t_codes >= 0, t_codes, len(t_raw))]
    cells = _cells(frame, n, reject)
    unresolved = type_codes < 0
    no_value = _type_problems(t_codes, t_raw, type_codes, cells, resolver, reject)

    # the fixture line of each row whose cells were read (sizing.cpc.fixture_lines, once per distinct line)
    eligible = ~unresolved & ~cells["bad_value"]
    eligible[no_value] = False
    line_codes = resolver.line_codes(type_codes, cells["trap"], cells["flow"], cells["connected"],
                                     cells["count"] > 0, eligible)
    errors = resolver.error
    failed = np.array([e is not None for e in errors] + [False], dtype=bool)[line_codes]  # -1: the last, False
    if failed.any():
        for code in np.unique(line_codes[failed]):
            reject(np.flatnonzero(line_codes == code), errors[code])

    rejected = np.zeros(n, dtype=bool)
    if reasons:
        rejected[list(reasons)] = True
    return Rows(pos=pos, sid_codes=sid_codes, sid_values=sid_values, type_codes=type_codes, line_codes=line_codes,
                count=cells["count"], installed=np.where(rejected, np.nan, cells["installed"]), rejected=rejected,
                reasons=reasons)


def _submittal_ids(column: pd.Series, reject: Callable[[Iterable[int], str], None
                                                        ]) -> tuple[np.ndarray, np.ndarray]:
    """Each row's code into the chunk's distinct ids (stripped, as the register files them); a row without an
    id, or with one the register cannot file, is rejected."""
    sid_codes, sid_raw = _distinct(column)
    if pd.api.types.is_string_dtype(sid_raw.dtype) and not pd.api.types.is_object_dtype(sid_raw.dtype):
        sid_values = sid_raw.str.strip().to_numpy(dtype=object)
    else:
        sid_values = np.array([_id_text(py(v)) for v in sid_raw], dtype=object)
    sid_codes, sid_values = _identifiers(sid_codes, sid_values, reject)
    missing = np.flatnonzero(sid_codes < 0)
    if missing.size:
        reject(missing, "submittal_id: expected the submittal's id, got nothing")
    if max(map(len, sid_values), default=0) > parse.MAX_ID:  # the register's limits: ids become FSE ids
        for j, sid in enumerate(sid_values):
            message = id_problem(sid)
            if message is not None:
                reject(np.flatnonzero(sid_codes == j), message)
    return sid_codes, sid_values


def _cells(frame: pd.DataFrame, n: int, reject: Callable[[Iterable[int], str], None]) -> dict[str, np.ndarray]:
    """count, connected_to_interceptor (-1: empty, the type's default applies), trap_size_in [in], flow_gpm
    [gpm] and installed_volume_gal [gal] of each row, with given masks; a bad cell rejects its row."""
    def column(name: str) -> pd.Series | None:
        return frame[name] if name in frame.columns else None

    count, count_given, errs = _numbers(frame["count"], n, "count", _whole, minimum=0, maximum=parse.MAX_COUNT,
                                        whole=True)
    for i, m in errs.items():
        reject([i], m)
    trap, trap_given, trap_errs = _numbers(column("trap_size_in"), n, "trap_size_in",
                                           _quantity("in", minimum=0, strict_minimum=True, maximum=TRAP_MAX_IN),
                                           minimum=0, maximum=TRAP_MAX_IN, strict=True)
    flow, flow_given, flow_errs = _numbers(column("flow_gpm"), n, "flow_gpm",
                                           _quantity("gpm", minimum=0, maximum=FLOW_MAX_GPM),
                                           minimum=0, maximum=FLOW_MAX_GPM)
    installed, _, inst_errs = _numbers(column("installed_volume_gal"), n, "installed_volume_gal",
                                       _quantity("gal", minimum=0, maximum=parse.MAX_VOLUME_GAL), minimum=0,
                                       maximum=parse.MAX_VOLUME_GAL)
    connected = _connections(column("connected_to_interceptor"), n, reject)
    for errors in (trap_errs, flow_errs, inst_errs):
        for i, m in errors.items():
            reject([i], m)
    bad_value = np.zeros(n, dtype=bool)
    bad_value[list(trap_errs) + list(flow_errs)] = True
    return {"count": np.where(count_given, count, 1.0), "connected": connected, "trap": trap,
            "trap_given": trap_given, "flow": flow, "flow_given": flow_given, "installed": installed,
            "bad_value": bad_value}


def _connections(conn: pd.Series | None, n: int, reject: Callable[[Iterable[int], str], None]) -> np.ndarray:
    """connected_to_interceptor of each row: 1, 0, or -1 when empty (the type's default applies)."""
    if conn is None:
        return np.full(n, -1, dtype=np.int64)
    c_codes, c_raw = _distinct(conn)
    flags = np.full(len(c_raw) + 1, -1, dtype=np.int64)
    for j, v in enumerate(c_raw):
        v = py(v)
        try:
            flags[j] = int(parse.boolean("connected_to_interceptor", v))
        except SizingInputError as exc:
            reject(np.flatnonzero(c_codes == j), str(exc))
    return flags[np.where(c_codes >= 0, c_codes, len(c_raw))]


def _type_problems(t_codes: np.ndarray, t_raw: list[Any], type_codes: np.ndarray, cells: dict[str, np.ndarray],
                   resolver: Resolver, reject: Callable[[Iterable[int], str], None]) -> np.ndarray:
    """Reject a type that is not a fixture type, or an unlisted one without its own trap size or flow, with the
    submittal parser's message (sizing.io.submittal.resolve_type); the rows of the latter."""
    unresolved = type_codes < 0
    listed = np.array(resolver.listed + [True], dtype=bool)
    unlisted = ~unresolved & ~listed[type_codes]
    for j in np.unique(t_codes[unresolved]):  # an empty cell (code -1) or a value that is not text
        reject(np.flatnonzero(unresolved & (t_codes == j)), _unknown_type_message(None if j < 0 else t_raw[j]))
    no_value = np.flatnonzero(unlisted & ~(cells["trap_given"] | cells["flow_given"]))
    for j in np.unique(t_codes[no_value]):
        reject(no_value[t_codes[no_value] == j], _unknown_type_message(t_raw[j]))
    return no_value

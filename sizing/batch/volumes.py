"""Per submittal: the DFU and footnote-3 totals of its rows, the Table 1014.3.6 size, the installed volume
compared, the warnings; the rejects, by line. CPC Section 1014.3.6, Table 1014.3.6."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sizing.batch.output import REJECT_COLUMNS, RESULT_COLUMNS, BatchResult
from sizing.batch.reading import Source
from sizing.batch.resolve import WARNING_BITS, Resolver
from sizing.batch.rows import Rows
from sizing.cpc import gravity as grav
from sizing.io.tables import load_table
from sizing.quantities import show

#: An installed volume is undersized when it is below the required volume by more than this [gal].
UNDERSIZED_TOLERANCE_GAL = 1e-6


def assemble(chunks: list[Rows], bad_lines: list[tuple[int, str]], source: Source | None, resolver: Resolver,
             edition: str) -> BatchResult:
    """The per-submittal results of the parsed chunks: sums in file order, the Table 1014.3.6 size of each
    distinct total, the warnings of the submittal's lines, and the rejects sorted by line."""
    pos = _cat(chunks, "pos").astype(np.int64, copy=False)
    ids, sid = _submittal_ids(chunks)
    n_sub = len(ids)
    lines = physical_lines(pos, [b for b, _ in bad_lines])
    rejects = _row_rejects(chunks, sid, ids, lines)
    rejected = _cat(chunks, "rejected").astype(bool, copy=False)
    bad_sub = np.zeros(n_sub, dtype=bool)
    if rejected.any():
        bad_sub[sid[rejected & (sid >= 0)]] = True
    _skipped_lines(bad_lines, source, ids, bad_sub, rejects)
    ok = (sid >= 0) & ~rejected
    inst_ref = _installed(_cat(chunks, "installed"), ok, sid, lines, ids, bad_sub, rejects)
    del pos, lines, ok
    sums = _sums(chunks, sid, rejected, resolver, n_sub)
    del sid, rejected
    sizes = _sizes(sums["dfu_total"], sums["fn3_total"], inst_ref, edition)
    warn = _warnings(sums, sizes["beyond"], inst_ref, resolver, edition, n_sub)
    results = _results(ids, ~bad_sub, sums, sizes, inst_ref, warn)
    reject_frame, not_sized = _rejects(rejects)
    rows_read = sum(len(c.pos) for c in chunks) + len(bad_lines)
    return BatchResult(edition=edition, results=results, rejects=reject_frame, rows_read=int(rows_read),
                       not_sized=not_sized)


def _cat(chunks: list[Rows], name: str) -> np.ndarray:
    return np.concatenate([getattr(c, name) for c in chunks]) if chunks else np.zeros(0)


def _submittal_ids(chunks: list[Rows]) -> tuple[np.ndarray, np.ndarray]:
    """The stripped id texts in order of first appearance in the file, and each row's code into them (-1: none):
    one id space over all chunks."""
    offsets = np.cumsum([0] + [len(c.sid_values) for c in chunks])
    all_ids = np.concatenate([c.sid_values for c in chunks]) if chunks else np.zeros(0, dtype=object)
    id_codes, unique_ids = pd.factorize(all_ids)
    ids = np.asarray(unique_ids, dtype=object)
    sid_parts = []
    for k, c in enumerate(chunks):
        part = np.full(len(c.sid_codes), -1, dtype=np.int64)
        m = c.sid_codes >= 0
        part[m] = id_codes[c.sid_codes[m] + offsets[k]]
        sid_parts.append(part)
    sid = np.concatenate(sid_parts) if sid_parts else np.zeros(0, dtype=np.int64)
    return ids, sid


def _row_rejects(chunks: list[Rows], sid: np.ndarray, ids: np.ndarray, lines: np.ndarray
                 ) -> list[tuple[int, str | None, str]]:
    """(line, submittal id or None, reasons) of each row a bad cell rejects."""
    rejects: list[tuple[int, str | None, str]] = []
    base = 0
    for c in chunks:
        for i, msgs in c.reasons.items():
            g = sid[base + i]
            rejects.append((int(lines[base + i]), ids[g] if g >= 0 else None, "; ".join(msgs)))
        base += len(c.pos)
    return rejects


def _skipped_lines(bad_lines: list[tuple[int, str]], source: Source | None, ids: np.ndarray, bad_sub: np.ndarray,
                   rejects: list[tuple[int, str | None, str]]) -> None:
    """Rows pandas skipped (more fields than the header): rejected, and their submittal not sized."""
    if not bad_lines:
        return
    only_bad: list[str] = []
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


def _installed(installed: np.ndarray, ok: np.ndarray, sid: np.ndarray, lines: np.ndarray, ids: np.ndarray,
               bad_sub: np.ndarray, rejects: list[tuple[int, str | None, str]]) -> np.ndarray:
    """The installed volume of each submittal [gal] (NaN: none given): every value given must equal the first
    one given; a line that disagrees is rejected and its submittal not sized."""
    n_sub = len(ids)
    inst_ref = np.full(n_sub, np.nan)
    given = ok & ~np.isnan(installed)
    if not given.any():
        return inst_ref
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
                        f"installed_volume_gal: {show(g_val[i], 'gal')} disagrees with {show(inst_ref[s], 'gal')} given on "
                        f"line {ref_line[s]} for the same submittal; give one installed volume per submittal"))
        bad_sub[s] = True
    return inst_ref


def _sums(chunks: list[Rows], sid: np.ndarray, rejected: np.ndarray, resolver: Resolver, n_sub: int
          ) -> dict[str, np.ndarray]:
    """Each row's fixture line (sizing.cpc.fixture_lines, via the resolver) summed per submittal in file order (np.bincount
    adds row by row, as sizing.cpc.size sums the fixture lines); the submittal, type and warning bits of the rows
    that have warnings."""
    per_line = resolver.arrays()
    valid = sid >= 0
    every = bool(valid.all())   # no row without an id: no copies

    def rows(values: np.ndarray) -> np.ndarray:
        return values if every else values[valid]

    s = rows(sid)
    ln = rows(_cat(chunks, "line_codes").astype(np.int64, copy=False))
    count = rows(_cat(chunks, "count"))
    bad = rows(rejected)
    connected = per_line["connected"][ln]
    receptor = np.bincount(s[per_line["receptor"][ln]], minlength=n_sub) > 0
    with_receptor = receptor[s]
    # a line not connected counts 0 DFU (0.0 x a count is 0.0); a rejected row counts nothing
    dfu_rows = np.where(per_line["connected"], per_line["dfu_each"], 0.0)[ln] * count
    # footnote 3: an indirect appliance's flow is carried by a listed receptor (sizing.cpc.fixture_lines decides, per line)
    fn3_rows = np.where(with_receptor, per_line["fn3_each_1"][ln], per_line["fn3_each_0"][ln]) * count
    if bad.any():
        dfu_rows[bad] = 0.0
        fn3_rows[bad] = 0.0
    bits = np.where(with_receptor, per_line["bits_1"][ln], per_line["bits_0"][ln])
    warned = np.flatnonzero(bits)   # the warnings are made from these rows only
    return {
        "s": s[warned],
        "type_codes": rows(_cat(chunks, "type_codes").astype(np.int64, copy=False))[warned],
        "bits": bits[warned],
        "lines_per": np.bincount(s, minlength=n_sub),
        "any_connected": np.bincount(s[connected], minlength=n_sub) > 0,
        "dfu_total": np.bincount(s, weights=dfu_rows, minlength=n_sub),
        "fn3_total": np.bincount(s, weights=fn3_rows, minlength=n_sub),
    }


def _sizes(dfu_total: np.ndarray, fn3_total: np.ndarray, inst_ref: np.ndarray, edition: str
           ) -> dict[str, np.ndarray]:
    """Table 1014.3.6, once per distinct total (sizing.cpc.gravity.gravity_interceptor_volume); the required
    volume and whether the installed one is below it (NaN: not compared)."""
    totals, where = np.unique(dfu_total, return_inverse=True)
    sized = [grav.gravity_interceptor_volume(float(t), edition)[0] for t in totals]
    table_volume = np.array([np.nan if v is None else float(v) for v in sized], dtype=np.float64)[where]
    beyond = np.isnan(table_volume)
    required = table_volume + fn3_total
    with np.errstate(invalid="ignore"):
        undersized = np.where(np.isnan(inst_ref) | beyond, np.nan,
                              (inst_ref < required - UNDERSIZED_TOLERANCE_GAL).astype(np.float64))
    return {"table_volume": table_volume, "beyond": beyond, "required": required, "undersized": undersized}


def _warnings(sums: dict[str, np.ndarray], beyond: np.ndarray, inst_ref: np.ndarray, resolver: Resolver,
              edition: str, n_sub: int) -> np.ndarray:
    """Each submittal's warnings, as ``sizing size`` words them, the fixture types named."""
    s, bits = sums["s"], sums["bits"]
    warn = np.full(n_sub, "", dtype=object)

    def add(mask: np.ndarray, text: np.ndarray | str) -> None:
        if mask.any():
            part = text[mask] if isinstance(text, np.ndarray) else text
            warn[mask] = np.where(warn[mask] == "", part, warn[mask] + "; " + part)

    def named(key: str, before: str, after: str = "") -> None:
        rows = (bits & WARNING_BITS[key]) != 0
        has = np.bincount(s[rows], minlength=n_sub) > 0
        if has.any():
            add(has, before + _names_by_submittal(s, sums["type_codes"], rows, resolver.keys, n_sub) + after)

    add(~sums["any_connected"], "no fixture is connected to the interceptor: the size is the table minimum")
    named("indirect_no_receptor", "", " drains indirectly, but no floor sink or floor drain is connected to "
                                      "receive it; list its receptor")
    named("unlisted", "not a listed fixture type, counted by the trap size or flow given: ")
    named("forbidden_connection", "connected as given and counted, but the jurisdiction says it shall not be "
                                  "connected to the grease interceptor: ")
    named("default_trap", "no trap_size_in given: counted at the type's usual trap by Table 702.2(1): ",
          "; give its trap_size_in or flow_gpm if it differs")
    named("unconfirmed_default", "connected_to_interceptor empty: taken by the jurisdiction's default, whose basis "
                                 "is unconfirmed: ", "; state connected_to_interceptor to settle it")
    if beyond.any():
        top = f"{load_table('1014.3.6', edition).rows[-1]['max_dfu']:,}"
        text = np.full(n_sub, "", dtype=object)
        for k in np.flatnonzero(beyond):
            text[k] = f"{show(sums['dfu_total'][k], 'DFU')} is " + grav.BEYOND_TABLE.format(max=top)
        add(beyond, text)
        add(beyond & ~np.isnan(inst_ref), "installed volume not compared: the table gives no size")
    return warn


def _results(ids: np.ndarray, keep: np.ndarray, sums: dict[str, np.ndarray], sizes: dict[str, np.ndarray],
             inst_ref: np.ndarray, warn: np.ndarray) -> pd.DataFrame:
    """One row per sized submittal (RESULT_COLUMNS)."""
    undersized = sizes["undersized"][keep]
    return pd.DataFrame({
        "submittal_id": pd.Series(ids[keep], dtype=object),
        "fixture_lines": sums["lines_per"][keep],
        "dfu_total": sums["dfu_total"][keep],
        "table_volume_gal": sizes["table_volume"][keep],
        "footnote3_volume_gal": sums["fn3_total"][keep],
        "required_volume_gal": sizes["required"][keep],
        "installed_volume_gal": inst_ref[keep],
        "undersized": pd.array(np.where(np.isnan(undersized), None, undersized == 1), dtype="boolean"),
        "beyond_table": sizes["beyond"][keep],
        "warnings": pd.Series(warn[keep], dtype=object),
    }, columns=list(RESULT_COLUMNS))


def _rejects(rejects: list[tuple[int, str | None, str]]) -> tuple[pd.DataFrame, tuple[str, ...]]:
    """The rejects sorted by line (REJECT_COLUMNS), and the submittals not sized in the order of their first
    rejected line (every submittal not sized has one)."""
    rejects.sort(key=lambda r: r[0])
    frame = pd.DataFrame({
        "line": pd.Series([r[0] for r in rejects], dtype=np.int64),
        "submittal_id": pd.Series([r[1] for r in rejects], dtype=object),
        "reason": pd.Series([r[2] for r in rejects], dtype=object),
    }, columns=list(REJECT_COLUMNS))
    return frame, tuple(str(x) for x in dict.fromkeys(r[1] for r in rejects if r[1] is not None))


def physical_lines(pos: np.ndarray, bad: list[int]) -> np.ndarray:
    """File line of each data row: header on line 1, plus the lines pandas skipped before it."""
    lines = pos + 2
    if bad:
        skipped = np.sort(np.array(bad, dtype=np.int64))
        before = skipped - np.arange(len(skipped)) - 2   # the row position each skipped line would have had
        lines = lines + np.searchsorted(before, pos, side="right")
    return lines


def _names_by_submittal(sid: np.ndarray, type_codes: np.ndarray, mask: np.ndarray, keys: list[str],
                        n_sub: int) -> np.ndarray:
    """Per submittal, the type keys of its rows in ``mask`` ("ice_machine, combi_oven"), vectorized by type."""
    names = np.full(n_sub, "", dtype=object)
    m = mask & (sid >= 0)
    for code in np.unique(type_codes[m]):
        has = np.bincount(sid[m & (type_codes == code)], minlength=n_sub) > 0
        names[has] = names[has] + ", " + keys[code]
    named = np.flatnonzero(names != "")
    names[named] = [x[2:] for x in names[named]]
    return names


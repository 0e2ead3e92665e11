"""Benchmark of ``sizing batch`` against a bare pandas/numpy pass over the same inventory.

    python benchmarks/batch_benchmark.py                 # 100,000 submittals x 10 fixture rows
    python benchmarks/batch_benchmark.py -n 2000 --sample 50 --repeat 1

Prints, from one run:
- the wall time and peak memory (RSS) of ``sizing batch FILE --output OUT`` run as a subprocess;
- the wall time of a bare pandas/numpy pass over the same file (read CSV, map DFU, group sum, Table
  1014.3.6 lookup, write CSV), run as a subprocess too so both pay the same interpreter and pandas start-up;
- the ratio batch / bare (target <= 1.5);
- the same work timed inside each process (start-up excluded): run_batch + writing its CSV against the bare
  pass, and their ratio;
- how many of a random sample of submittals the batch output sizes exactly as ``sizing.size.size`` does.

With ``--repeat N`` each subprocess runs N times and the fastest run is reported (the machine may be shared).
The inventory is seeded random with a realistic type mix: listed fixtures, aliases and mixed case, floor
sinks and special-purpose sinks by trap size (incl. sizes between listed ones and metric sizes), unlisted
appliances by flow, unconnected dishwashers, installed volumes (repeated on every row or given once), and
a few food courts beyond Table 1014.3.6.
"""

from __future__ import annotations

import argparse
import csv
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parent.parent

#: (fixture_type as written, weight, counts to draw from, trap sizes [in] or None, flows [gpm] or None)
MIX = [
    ("food_prep_sink", 10, [1, 1, 2, 3], None, None),
    ("prep_sink", 2, [1, 2], None, None),
    ("three_compartment_sink", 8, [1, 1, 2], None, None),
    ("Pot Sink", 1, [1], None, None),
    ("hand_sink", 12, [1, 2, 3, 4], None, None),
    ("floor_drain", 14, [1, 2, 3, 4, 6, 8], None, None),
    ("Floor Drain", 2, [1, 2], None, None),
    ("floor_sink", 10, [1, 2, 3], [1.5, 2, 2, 3, 4, 2.5, 1.97, 3.15], None),
    ("mop_sink", 6, [1], None, None),
    ("service_sink", 1, [1], None, None),
    ("ice_machine", 5, [1, 2], None, None),
    ("dishwasher", 5, [1], None, None),
    ("bar_sink", 4, [1, 2, 3], None, None),
    ("food_waste_disposer", 3, [1], None, None),
    ("drinking_fountain", 3, [1, 2, 3], None, None),
    ("special_purpose_sink", 3, [1, 2], [1.5, 2, 3], None),
    ("combi_oven", 3, [1, 2], None, [1.5, 2, 3.2, 5, 7.5]),
    ("steam_kettle", 2, [1], None, [2.5, 4.1, 6]),
    ("wok_station", 1, [1, 2], [2, 3], None),
]
INSTALLED = [500, 750, 1000, 1250, 1500, 2000, 3000]
COLUMNS = ["submittal_id", "fixture_type", "count", "flow_gpm", "trap_size_in", "connected_to_interceptor",
           "installed_volume_gal"]


def generate(path: Path, submittals: int, rows_per: int = 10, seed: int = 2026) -> Path:
    """Write a seeded random inventory CSV of ``submittals`` x ``rows_per`` fixture rows."""
    rng = np.random.default_rng(seed)
    n = submittals * rows_per
    weights = np.array([m[1] for m in MIX], dtype=float)
    kind = rng.choice(len(MIX), size=n, p=weights / weights.sum())
    names = np.array([m[0] for m in MIX], dtype=object)
    sub = np.repeat(np.arange(submittals), rows_per)
    count = np.empty(n, dtype=np.int64)
    trap = np.full(n, "", dtype=object)
    flow = np.full(n, "", dtype=object)
    for k, (_, _, counts, traps, flows) in enumerate(MIX):
        idx = np.flatnonzero(kind == k)
        count[idx] = rng.choice(counts, size=idx.size)
        if traps is not None:
            given = idx if MIX[k][0] != "special_purpose_sink" else idx[rng.random(idx.size) < 0.6]
            trap[given] = [f"{t:g}" for t in rng.choice(traps, size=given.size)]
        if flows is not None:
            flow[idx] = [f"{f:g}" for f in rng.choice(flows, size=idx.size)]
    # Food courts: a few submittals beyond the table (thousands of DFU).
    big = rng.choice(submittals, size=max(1, submittals // 500), replace=False)
    first_rows = big * rows_per
    kind_names = names[kind]
    kind_names[first_rows] = "floor_drain"
    count[first_rows] = rng.integers(1300, 1500, size=first_rows.size)
    trap[first_rows] = ""
    flow[first_rows] = ""
    connected = np.full(n, "", dtype=object)
    dish = kind_names == "dishwasher"
    connected[dish] = np.where(rng.random(dish.sum()) < 0.8, "no", "yes")
    other = ~dish & (rng.random(n) < 0.05)
    connected[other] = rng.choice(["yes", "true", "false", "1"], size=other.sum())
    # Installed volumes: 60 % of submittals, repeated on every row (half) or given on the first row only.
    has = rng.random(submittals) < 0.6
    repeated = rng.random(submittals) < 0.5
    volume = rng.choice(INSTALLED, size=submittals)
    installed = np.full(n, "", dtype=object)
    row_in_sub = np.tile(np.arange(rows_per), submittals)
    give = has[sub] & (repeated[sub] | (row_in_sub == 0))
    installed[give] = volume[sub[give]].astype(str)
    ids = np.char.add("FSE-", np.char.zfill(sub.astype(str), 6))
    frame = pd.DataFrame({"submittal_id": ids, "fixture_type": kind_names, "count": count, "flow_gpm": flow,
                          "trap_size_in": trap, "connected_to_interceptor": connected,
                          "installed_volume_gal": installed}, columns=COLUMNS)
    frame.to_csv(path, index=False)
    return path


BARE = r'''
import sys, time
t0 = time.perf_counter()
import numpy as np, pandas as pd
from sizing.tables import load_table
src, out, edition = sys.argv[1], sys.argv[2], sys.argv[3]
t1 = time.perf_counter()
types = load_table("fixture-types").meta["types"]
rows = {r["id"]: r["dfu"] for r in load_table("702.1", edition).rows}
dfu_by_type = {k: rows[v["row"]] for k, v in types.items() if v.get("row")}
traps = {r["trap_in"]: r["dfu"] for r in load_table("702.2-1", edition).rows}
t = load_table("1014.3.6", edition)
keys = np.array(t.column("max_dfu"), dtype=float); vols = np.array(t.column("volume_gal"), dtype=float)
df = pd.read_csv(src)
ftype = df["fixture_type"].str.lower().str.replace(" ", "_")
dfu = ftype.map(dfu_by_type).fillna(df["trap_size_in"].map(traps)).fillna(0.0) * df["count"]
g = dfu.groupby(df["submittal_id"], sort=False).sum()
i = np.searchsorted(keys, g.to_numpy() - 1e-9)
vol = np.where(i < len(keys), vols[np.minimum(i, len(keys) - 1)], np.nan)
pd.DataFrame({"submittal_id": g.index, "dfu_total": g.to_numpy(), "required_volume_gal": vol}).to_csv(out, index=False)
t2 = time.perf_counter()
print(f"{t2 - t1:.6f}")
'''

# The same work as `sizing batch FILE --output OUT`, timed inside the process (start-up excluded).
BATCH_INNER = r'''
import sys, time
t0 = time.perf_counter()
from sizing.batch import csv_text, run_batch
src, out, edition = sys.argv[1], sys.argv[2], sys.argv[3]
t1 = time.perf_counter()
result = run_batch(src, edition=edition)
with open(out, "w", encoding="utf-8") as fh:
    fh.write(csv_text(result.results))
print(f"{time.perf_counter() - t1:.6f}")
'''


# A small launcher between this (large) process and the measured one: on Linux a child's peak RSS starts
# from the RSS of the process it was forked from, so forking the command from here would report this
# process's memory. The launcher is small; it times its child and reaps it with wait4 for its own peak RSS.
LAUNCHER = r'''
import os, subprocess, sys, time
report, cmd = sys.argv[1], sys.argv[2:]
start = time.perf_counter()
child = subprocess.Popen(cmd)
_, status, usage = os.wait4(child.pid, 0)
wall = time.perf_counter() - start
with open(report, "w") as fh:
    fh.write(f"{wall} {usage.ru_maxrss} {os.waitstatus_to_exitcode(status)}")
'''


def _run_reaped(cmd: list[str]) -> tuple[float, int, str]:
    """Run ``cmd`` through the launcher: (wall seconds, peak RSS [KiB] of that process alone, stdout)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report"
        with open(Path(tmp) / "out", "w+") as out, open(Path(tmp) / "err", "w+") as err:
            subprocess.run([sys.executable, "-S", "-c", LAUNCHER, str(report), *cmd], stdout=out, stderr=err,
                           check=True)
            out.seek(0)
            err.seek(0)
            text, error = out.read(), err.read()
        wall, rss, code = report.read_text().split()
    if int(code) not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed ({code}): {error.strip()[-500:]}")
    return float(wall), int(rss), text


def sample_check(inventory: Path, output: Path, sample: int, edition: str, seed: int = 7) -> tuple[int, int]:
    """Size ``sample`` random submittals with sizing.size.size from the raw CSV rows; count exact matches."""
    from sizing import submittal as submittal_mod
    from sizing.batch import submittal_document
    from sizing.size import size

    results = pd.read_csv(output, dtype={"submittal_id": str}, keep_default_na=False, na_values=[""])
    results = results.set_index("submittal_id")
    rng = np.random.default_rng(seed)
    chosen = set(rng.choice(results.index.to_numpy(), size=min(sample, len(results)), replace=False))
    rows: dict[str, list[dict[str, str]]] = {s: [] for s in chosen}
    with open(inventory, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            key = row["submittal_id"].strip()
            if key in rows:
                rows[key].append(row)
    matches = 0
    for sid, lines in rows.items():
        expected = size(submittal_mod.from_dict(submittal_document(lines, edition)))
        got = results.loc[sid]
        gravity = expected.gravity
        same = (got["dfu_total"] == expected.dfu_total
                and _same(got["required_volume_gal"], gravity["required_volume_gal"])
                and _same(got["table_volume_gal"], gravity["table_volume_gal"])
                and got["footnote3_volume_gal"] == gravity["footnote3_volume_gal"]
                and bool(got["beyond_table"]) == (gravity["required_volume_gal"] is None))
        matches += bool(same)
    return matches, len(rows)


def _same(got: float, expected: float | None) -> bool:
    return (expected is None and pd.isna(got)) or (expected is not None and got == expected)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-n", "--submittals", type=int, default=100_000)
    p.add_argument("--rows", type=int, default=10, help="fixture rows per submittal")
    p.add_argument("--sample", type=int, default=200, help="submittals checked against sizing.size.size")
    p.add_argument("--repeat", type=int, default=3, help="runs of each subprocess; the fastest is reported")
    p.add_argument("--edition", default="2025")
    p.add_argument("--keep", metavar="DIR", help="keep the generated files in DIR")
    args = p.parse_args(argv)

    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="sizing-batch-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    inventory = folder / "inventory.csv"
    t0 = time.perf_counter()
    generate(inventory, args.submittals, args.rows)
    size_mb = inventory.stat().st_size / 1e6
    print(f"inventory: {args.submittals:,} submittals x {args.rows} rows = {args.submittals * args.rows:,} rows, "
          f"{size_mb:.1f} MB (generated in {time.perf_counter() - t0:.1f} s)")

    out = folder / "results.csv"
    bare_out = folder / "bare.csv"
    sizing_cmd = [sys.executable, "-m", "sizing", "batch", str(inventory), "--output", str(out),
                  "--edition", args.edition, "--progress"]
    bare_cmd = [sys.executable, "-c", BARE, str(inventory), str(bare_out), args.edition]
    inner_cmd = [sys.executable, "-c", BATCH_INNER, str(inventory), str(folder / "inner.csv"), args.edition]
    batch_runs, bare_runs, batch_inner, bare_inner = [], [], [], []
    for _ in range(max(1, args.repeat)):  # interleaved, so a busy moment hits both
        batch_runs.append(_run_reaped(sizing_cmd)[:2])
        wall, rss, text = _run_reaped(bare_cmd)
        bare_runs.append((wall, rss))
        bare_inner.append(float(text.strip().splitlines()[-1]))
        batch_inner.append(float(_run_reaped(inner_cmd)[2].strip().splitlines()[-1]))
    wall, rss = min(batch_runs)
    bare_wall, bare_rss = min(bare_runs)
    print(f"sizing batch:  wall {wall:.2f} s, peak RSS {rss / 1024:.0f} MiB   "
          f"(runs: {', '.join(f'{w:.2f}' for w, _ in batch_runs)} s)")
    print(f"bare pandas:   wall {bare_wall:.2f} s, peak RSS {bare_rss / 1024:.0f} MiB   "
          f"(runs: {', '.join(f'{w:.2f}' for w, _ in bare_runs)} s)")
    print(f"ratio batch / bare: {wall / bare_wall:.2f} (target <= 1.5; both as subprocesses, start-up included)")
    print(f"in-process work, start-up excluded: batch {min(batch_inner):.2f} s, bare {min(bare_inner):.2f} s, "
          f"ratio {min(batch_inner) / min(bare_inner):.2f}")
    matches, checked = sample_check(inventory, out, args.sample, args.edition)
    print(f"sample check: {matches}/{checked} submittals identical to sizing.size.size")
    if not args.keep:
        for f in (inventory, out, bare_out, folder / "inner.csv"):
            f.unlink(missing_ok=True)
        folder.rmdir()
    return 0 if matches == checked else 1


if __name__ == "__main__":
    sys.exit(main())

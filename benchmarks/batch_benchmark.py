"""Benchmark of ``sizing batch`` against a bare pandas/numpy pass over the same inventory.

    python benchmarks/batch_benchmark.py                 # 100,000 submittals x 10 fixture rows, CSV and JSON
    python benchmarks/batch_benchmark.py -n 2000 --sample 50 --repeat 1
    python benchmarks/batch_benchmark.py -n 1000000 --repeat 1 --no-inner --sample 20   # 10,000,000 rows
    python benchmarks/batch_benchmark.py --source /tmp/other-checkout                    # another version

Prints, each figure with the machine's load average beside it:
- the wall time and peak memory (RSS) of a bare pandas/numpy pass over the file (read CSV, map DFU, group sum,
  Table 1014.3.6 lookup, write CSV), run as a subprocess: the floor;
- the wall time and peak RSS of ``sizing batch FILE --output OUT`` (CSV and JSON output) run as a subprocess too,
  so both pay the same interpreter and pandas start-up, and their ratios to the floor (goal: time <= 1.1,
  memory <= 1.0);
- the same work timed inside each process (start-up excluded): run_batch + writing its CSV against the bare
  pass, and their ratio;
- how many of a random sample of submittals the batch output sizes exactly as ``sizing.cpc.size.size`` does.

With ``--repeat N`` the commands run N times in turn (bare, batch csv, batch json, ...) and the medians of the
paired ratios are reported (the machine may be shared).
The inventory is seeded random with a realistic type mix: listed fixtures, aliases and mixed case, floor
sinks and special-purpose sinks by trap size (incl. sizes between listed ones and metric sizes), unlisted
appliances by flow, unconnected dishwashers, installed volumes (repeated on every row or given once), and
a few food courts beyond Table 1014.3.6.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import statistics
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
from sizing.io.tables import load_table
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


def sample_check(inventory: Path, output: Path, sample: int, edition: str, seed: int = 7, fmt: str = "csv"
                 ) -> tuple[int, int]:
    """Size ``sample`` random submittals with sizing.cpc.size.size from the raw CSV rows; count exact matches."""
    from sizing.batch import submittal_document
    from sizing.cpc.size import size
    from sizing.io import submittal as submittal_mod

    if fmt == "json":
        results = pd.DataFrame(json.loads(output.read_text(encoding="utf-8"))["results"])
        results = results.astype({"table_volume_gal": float, "required_volume_gal": float})
    else:
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


def _args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-n", "--submittals", type=int, default=100_000)
    p.add_argument("--rows", type=int, default=10, help="fixture rows per submittal (rows = submittals x rows)")
    p.add_argument("--sample", type=int, default=200, help="submittals checked against sizing.cpc.size.size")
    p.add_argument("--repeat", type=int, default=3, help="paired runs of each command; medians are reported")
    p.add_argument("--edition", default="2025")
    p.add_argument("--format", choices=("csv", "json", "both"), default="both", help="sizing batch output")
    p.add_argument("--no-inner", action="store_true", help="skip the in-process timing (large inventories)")
    p.add_argument("--source", metavar="DIR", help="time the sizing package of another checkout (PYTHONPATH)")
    p.add_argument("--keep", metavar="DIR", help="keep the generated files in DIR")
    return p.parse_args(argv)


def _load() -> str:
    return f"load {os.getloadavg()[0]:.2f}"


def _line(name: str, runs: list[tuple[float, int]], floor: list[tuple[float, int]] | None = None) -> str:
    walls = [w for w, _ in runs]
    rss = max(r for _, r in runs) / 1024
    text = (f"{name:<22} wall {statistics.median(walls):6.2f} s (runs {', '.join(f'{w:.2f}' for w in walls)}), "
            f"peak RSS {rss:6.0f} MiB")
    if floor is not None:
        ratios = [a / b for (a, _), (b, _) in zip(runs, floor, strict=True)]
        floor_rss = max(r for _, r in floor) / 1024
        text += (f"; vs bare: time {statistics.median(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f}), "
                 f"memory {rss / floor_rss:.2f}")
    return f"{text}; {_load()}"


def main(argv: list[str] | None = None) -> int:
    args = _args(argv)
    if args.source:
        os.environ["PYTHONPATH"] = str(Path(args.source).resolve())
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="sizing-batch-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    inventory = folder / "inventory.csv"
    t0 = time.perf_counter()
    generate(inventory, args.submittals, args.rows)
    print(f"inventory: {args.submittals:,} submittals x {args.rows} rows = {args.submittals * args.rows:,} rows, "
          f"{inventory.stat().st_size / 1e6:.1f} MB (generated in {time.perf_counter() - t0:.1f} s); "
          f"{args.repeat} paired runs, medians; peak RSS the largest of the runs; {_load()}")
    formats = ("csv", "json") if args.format == "both" else (args.format,)
    commands = {f"sizing batch ({fmt})": [sys.executable, "-m", "sizing", "batch", str(inventory), "--output",
                                          str(folder / f"results.{fmt}"), "--format", fmt, "--edition", args.edition]
                for fmt in formats}
    bare_cmd = [sys.executable, "-c", BARE, str(inventory), str(folder / "bare.csv"), args.edition]
    inner_cmd = [sys.executable, "-c", BATCH_INNER, str(inventory), str(folder / "inner.csv"), args.edition]
    runs: dict[str, list[tuple[float, int]]] = {name: [] for name in ["bare pandas", *commands]}
    inner: dict[str, list[float]] = {"batch": [], "bare": []}
    for _ in range(max(1, args.repeat)):  # interleaved, so a busy moment hits every side
        wall, rss, text = _run_reaped(bare_cmd)
        runs["bare pandas"].append((wall, rss))
        inner["bare"].append(float(text.strip().splitlines()[-1]))
        for name, cmd in commands.items():
            runs[name].append(_run_reaped(cmd)[:2])
        if not args.no_inner:
            inner["batch"].append(float(_run_reaped(inner_cmd)[2].strip().splitlines()[-1]))
    print(_line("bare pandas (floor)", runs["bare pandas"]))
    for name in commands:
        print(_line(name, runs[name], runs["bare pandas"]))
    print("goal: time at most 1.1 x the bare pass (both as subprocesses, start-up included), memory at most 1.0 x")
    if inner["batch"]:
        b, f = statistics.median(inner["batch"]), statistics.median(inner["bare"])
        print(f"in-process work, start-up excluded: batch {b:.2f} s, bare {f:.2f} s, ratio {b / f:.2f}")
    status = 0
    if args.sample:
        matches, checked = sample_check(inventory, folder / f"results.{formats[0]}", args.sample, args.edition,
                                        fmt=formats[0])
        print(f"sample check: {matches}/{checked} submittals identical to sizing.cpc.size.size")
        status = 0 if matches == checked else 1
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())

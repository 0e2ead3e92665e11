"""What loading and checking every shipped jurisdiction profile adds to a command, paired run by run.

Each round runs two fresh processes one after the other (A B A B ...): A imports ``sizing.jurisdiction`` and
loads every shipped profile with ``jurisdiction.get`` (read, checked against the schema and the rule registry,
parameters converted); B imports what every command imports before it reads a profile (PyYAML, the code tables'
reader, ``sizing.jurisdiction``). The difference A - B
is taken pair by pair and its median quoted, with the machine's load average beside it. Three cases: the profiles'
check cache warm (a profile whose content passed once is not checked against its schema again: every command
after the first on a machine), cold (an empty cache folder each run: the first command after an install or
an edit of a profile), and the one profile a command works under (Tracy's, the default), warm. Then the same
reads timed inside each process, after the floor's imports (the start-up of a process varies by tens of
milliseconds from one to the next on a shared machine; inside it, the profiles' own time does not).

    .venv/bin/python benchmarks/profiles_load.py          # 9 rounds each
    .venv/bin/python benchmarks/profiles_load.py -n 15
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOAD_ALL = ("from sizing import jurisdiction as j\n"
            "ids = j.available()\n"
            "[j.get(i) for i in ids]\n"
            "assert len(ids) >= 2, ids\n")
#: What a command does: the one profile it works under (the default, Tracy's).
LOAD_ONE = "from sizing import jurisdiction as j\nj.get('tracy')\n"
#: What every command imports anyway: PyYAML (the CLI floor imports it too) and the code tables' reader.
FLOOR = "import yaml, sizing.tables, sizing.jurisdiction\n"


def run_once(code: str, cache: str) -> float:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "SIZING_CACHE_DIR": cache}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True)
    return time.perf_counter() - start


def inside(rounds: int, folder: Path, code: str) -> list[float]:
    """The time ``code`` takes inside fresh processes that have already imported the floor's modules (what
    reading the profiles adds, without the start-up of a process and its noise), one figure a process."""
    timed = (FLOOR + "import time\nstart = time.perf_counter()\n" + code
             + "print(time.perf_counter() - start)\n")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "SIZING_CACHE_DIR": str(folder / "warm")}
    return [float(subprocess.run([sys.executable, "-c", timed], cwd=ROOT, env=env, check=True, capture_output=True,
                                 text=True).stdout) for _ in range(rounds)]


def paired(rounds: int, cold: bool, folder: Path, code: str = LOAD_ALL) -> tuple[list[float], list[float]]:
    a, b = [], []
    warm = str(folder / "warm")
    run_once(LOAD_ALL, warm)  # the warm cache holds every shipped profile
    for i in range(rounds + 1):
        cache = str(folder / f"cold-{i}") if cold else warm
        wall_a = run_once(code, cache)
        wall_b = run_once(FLOOR, cache)
        if i:  # the first pair warms the file cache
            a.append(wall_a)
            b.append(wall_b)
    return a, b


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--rounds", type=int, default=9, help="paired rounds per case (default 9)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from sizing import jurisdiction

    print(f"profiles: {', '.join(jurisdiction.available())}; A = import sizing.jurisdiction + get() each, "
          f"B = import yaml, sizing.tables, sizing.jurisdiction; {args.rounds} paired rounds, medians (min, max)")
    # the package's bytecode written first, as any first run writes it: the runs below (which write none) read it
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "sizing")], check=True,
                   stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as tmp:
        for cold, code in ((False, LOAD_ALL), (True, LOAD_ALL), (False, LOAD_ONE)):
            a, b = paired(args.rounds, cold, Path(tmp), code)
            added = [(x - y) * 1000 for x, y in zip(a, b, strict=True)]
            what = "one profile (tracy), warm" if code is LOAD_ONE else "cold" if cold else "warm"
            print(f"{what} cache: A {statistics.median(a) * 1000:6.1f} ms   "
                  f"B {statistics.median(b) * 1000:6.1f} ms   added {statistics.median(added):6.1f} ms "
                  f"({min(added):.1f}, {max(added):.1f})   load {os.getloadavg()[0]:.2f}")
        for what, code in (("every shipped profile", LOAD_ALL), ("one profile (tracy)", LOAD_ONE)):
            took = [t * 1000 for t in inside(args.rounds, Path(tmp), code)]
            print(f"{what}, warm cache, timed inside the process after the floor's imports: "
                  f"{statistics.median(took):6.1f} ms ({min(took):.1f}, {max(took):.1f})   "
                  f"load {os.getloadavg()[0]:.2f}")
    print("goal: at most 20 ms added (warm cache: every command after the first)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

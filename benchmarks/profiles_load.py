"""What loading and checking every shipped jurisdiction profile adds to a command, paired run by run.

Each round runs two fresh processes one after the other (A B A B ...): A imports ``sizing.jurisdiction.profile`` and
loads every shipped profile with ``jurisdiction.get`` (read, checked against the schema and the rule registry,
parameters converted); B imports what every command imports before it reads a profile (PyYAML, the code tables'
reader, ``sizing.jurisdiction.profile``) and builds the unit registry (every command that reads a unit builds it). The difference A - B
is taken pair by pair and its median quoted, with the machine's load average beside it. Two cases: every shipped
profile, and the one profile a command works under (Tracy's, the default). Every profile is checked in full each
time a process loads it (there is no cache of checks between runs). Then the same reads timed inside each process, after the floor's imports (the start-up of a process varies by tens of
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
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOAD_ALL = ("from sizing.jurisdiction import profile as j\n"
            "ids = j.available()\n"
            "[j.get(i) for i in ids]\n"
            "assert len(ids) >= 2, ids\n")
#: What a command does: the one profile it works under (the default, Tracy's).
LOAD_ONE = "from sizing.jurisdiction import profile as j\nj.get('tracy')\n"
#: What every command imports anyway: PyYAML and the unit registry (the CLI floor has both) and the code tables'
#: reader.
FLOOR = "import yaml, sizing.io.tables, sizing.jurisdiction.profile, sizing.io.units\nsizing.io.units.registry()\n"


def run_once(code: str) -> float:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True)
    return time.perf_counter() - start


def inside(rounds: int, code: str) -> list[float]:
    """The time ``code`` takes inside fresh processes that have already imported the floor's modules (what
    reading the profiles adds, without the start-up of a process and its noise), one figure a process."""
    timed = (FLOOR + "import time\nstart = time.perf_counter()\n" + code
             + "print(time.perf_counter() - start)\n")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return [float(subprocess.run([sys.executable, "-c", timed], cwd=ROOT, env=env, check=True, capture_output=True,
                                 text=True).stdout) for _ in range(rounds)]


def paired(rounds: int, code: str = LOAD_ALL) -> tuple[list[float], list[float]]:
    a, b = [], []
    for i in range(rounds + 1):
        wall_a = run_once(code)
        wall_b = run_once(FLOOR)
        if i:  # the first pair warms the file cache
            a.append(wall_a)
            b.append(wall_b)
    return a, b


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--rounds", type=int, default=9, help="paired rounds per case (default 9)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from sizing.jurisdiction import profile as jurisdiction

    print(f"profiles: {', '.join(jurisdiction.available())}; A = import sizing.jurisdiction.profile + get() each, "
          f"B = import yaml, sizing.io.tables, sizing.jurisdiction.profile and build the unit registry; {args.rounds} paired rounds, medians (min, max)")
    # the package's bytecode written first, as any first run writes it: the runs below (which write none) read it
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "sizing")], check=True,
                   stdout=subprocess.DEVNULL)
    for code in (LOAD_ALL, LOAD_ONE):
        a, b = paired(args.rounds, code)
        added = [(x - y) * 1000 for x, y in zip(a, b, strict=True)]
        what = "one profile (tracy)" if code is LOAD_ONE else "every shipped profile"
        print(f"{what}: A {statistics.median(a) * 1000:6.1f} ms   "
              f"B {statistics.median(b) * 1000:6.1f} ms   added {statistics.median(added):6.1f} ms "
              f"({min(added):.1f}, {max(added):.1f})   load {os.getloadavg()[0]:.2f}")
    for what, code in (("every shipped profile", LOAD_ALL), ("one profile (tracy)", LOAD_ONE)):
        took = [t * 1000 for t in inside(args.rounds, code)]
        print(f"{what}, timed inside the process after the floor's imports: "
              f"{statistics.median(took):6.1f} ms ({min(took):.1f}, {max(took):.1f})   "
              f"load {os.getloadavg()[0]:.2f}")
    print("what a command pays for its profile beside the floor (no goal of its own: the commands' goal is in "
          "cli_start.py)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Cold start of the command line against a bare Python that imports the command's own third-party dependencies
and does nothing else, paired run by run.

The floor of size, review, waiver and maintenance is ``python -c 'import yaml, pint; pint.UnitRegistry()'`` (they
read a YAML file and convert units); the register commands' floor is ``import yaml, sqlalchemy`` (their database
layer). Each round runs the command and its floor one after the other as fresh
processes (A B A B ...), so a change in the machine's speed affects both; the ratio is taken pair by pair and
its median quoted. Wall time is measured around each process; CPU time (user + system) from the operating
system's accounting of the finished child.

    .venv/bin/python benchmarks/cli_start.py            # every command below; 7 rounds each
    .venv/bin/python benchmarks/cli_start.py -n 11 --only size --only register-due

The register commands read a register made for the run in a temporary folder (``register init`` and ``register
add`` of the four examples under ``examples/register/``); each figure is printed with the machine's load average
(1 minute) at the time, since the machine may be shared.
    .venv/bin/python benchmarks/cli_start.py --source /tmp/other-checkout   # another version of the code
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = [sys.executable, "-c", "import yaml, pint; pint.UnitRegistry()"]
#: The register commands are also timed against the floor of their database layer.
REGISTER_FLOOR = [sys.executable, "-c", "import yaml, sqlalchemy"]
COMMANDS = {
    "size": ["size", "examples/restaurant.yaml", "--format", "json"],
    "review": ["review", "examples/review-compliant.yaml", "--format", "json"],
    "waiver": ["waiver", "examples/waiver-coffee-bar.yaml", "--format", "json"],
    "maintenance": ["maintenance", "examples/maintenance-restaurant.yaml", "--format", "json"],
    "register-show": ["register", "show", "FSE-0417", "--db", "{db}"],
    "register-due": ["register", "due", "--as-of", "2026-07-01", "--within", "90", "--db", "{db}"],
}
#: The documents stored in the register the register commands read.
REGISTER_EXAMPLES = ("corner-cafe-cycle1.yaml", "corner-cafe-cycle2.yaml", "corner-coffee-waiver.yaml",
                     "example-bistro-maintenance.yaml")


def make_register(sizing: list[str], folder: Path, cwd: Path = ROOT) -> str:
    """A register file in ``folder`` holding the register examples (what ``register show`` and ``due`` read)."""
    db = str(folder / "register.db")
    subprocess.run(sizing + ["register", "init", "--db", db], cwd=cwd, check=True, capture_output=True)
    for name in REGISTER_EXAMPLES:
        done = subprocess.run(sizing + ["register", "add", f"examples/register/{name}", "--db", db], cwd=cwd,
                              capture_output=True, text=True)
        if done.returncode not in (0, 1):
            raise SystemExit(f"register add {name}: {done.stderr.strip()}")
    return db


def load() -> str:
    """The 1-minute load average, as printed beside each figure."""
    return f"load {os.getloadavg()[0]:.2f}"


def sizing_command(source: str | None = None) -> list[str]:
    """The installed ``sizing`` script beside this interpreter, else ``python -m sizing`` (with ``source``,
    run in that checkout, whose folder ``-m`` puts first on the path)."""
    if source:
        return [sys.executable, "-m", "sizing"]
    script = Path(sys.executable).with_name("sizing")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "sizing"]


def run_once(argv: list[str], cwd: Path = ROOT) -> tuple[float, float, int]:
    """(wall s, cpu s, exit code) of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def paired(command: list[str], rounds: int, warmup: int = 1, cwd: Path = ROOT,
           second_floor: list[str] | None = None) -> dict[str, list[float]]:
    """A and the floor B (and a second floor C, when given) in turn, A B [C] A B [C] ..."""
    sides = {"a": (command, cwd), "b": (BASELINE, ROOT)}
    if second_floor:
        sides["c"] = (second_floor, ROOT)
    for _ in range(warmup):
        for argv, where in sides.values():
            run_once(argv, where)
    figures: dict[str, list[float]] = {f"{k}_{s}": [] for s in sides for k in ("wall", "cpu")}
    codes = set()
    for _ in range(rounds):
        for side, (argv, where) in sides.items():
            wall, cpu, code = run_once(argv, where)
            if side == "a":
                codes.add(code)
            figures[f"wall_{side}"].append(wall)
            figures[f"cpu_{side}"].append(cpu)
    figures["codes"] = sorted(codes)
    return figures


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:7.0f} ms (min {min(values) * 1000:.0f}, max {max(values) * 1000:.0f})"


def _ratio(a: list[float], b: list[float]) -> str:
    ratios = [x / y for x, y in zip(a, b, strict=True)]
    return f"{statistics.median(ratios):5.2f} (min {min(ratios):.2f}, max {max(ratios):.2f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--rounds", type=int, default=7, help="paired rounds per command (default 7)")
    parser.add_argument("--only", choices=sorted(COMMANDS), action="append", help="one command (repeatable)")
    parser.add_argument("--source", metavar="DIR", help="time the sizing package of another checkout")
    args = parser.parse_args(argv)
    names = args.only or list(COMMANDS)
    cwd = Path(args.source).resolve() if args.source else ROOT
    print(f"floor B: {' '.join(BASELINE[1:])!s} ({Path(sys.executable).name}); {args.rounds} paired rounds, "
          f"medians; ratio = A/B pair by pair; {load()} at the start")
    # the package's bytecode written first, as any first run writes it: the runs below (which write none) read it
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(cwd / "sizing")], check=True,
                   stdout=subprocess.DEVNULL)
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        db = make_register(sizing_command(args.source), Path(tmp), cwd) if any(
            n.startswith("register") for n in names) else ""
        for name in names:
            argv = [a.format(db=db) for a in COMMANDS[name]]
            f = paired(sizing_command(args.source) + argv, args.rounds, cwd=cwd,
                       second_floor=REGISTER_FLOOR if name.startswith("register") else None)
            ratios = [x / y for x, y in zip(f["wall_a"], f["wall_b"], strict=True)]
            worst = max(worst, statistics.median(ratios))
            shown = " ".join("REGISTER.db" if a == db else a for a in argv)
            print(f"\nA: sizing {shown}   (exit {f['codes']}; {load()})")
            print(f"  wall  A {_ms(f['wall_a'])}   B {_ms(f['wall_b'])}   A/B {_ratio(f['wall_a'], f['wall_b'])}")
            print(f"  cpu   A {_ms(f['cpu_a'])}   B {_ms(f['cpu_b'])}   A/B {_ratio(f['cpu_a'], f['cpu_b'])}")
            if "wall_c" in f:
                print(f"  wall  C {_ms(f['wall_c'])} (C: {' '.join(REGISTER_FLOOR[1:])})   "
                      f"A/C {_ratio(f['wall_a'], f['wall_c'])}")
    print(f"\nlargest median wall ratio: {worst:.2f} (goal: at most 1.3; {load()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

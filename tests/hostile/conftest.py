"""Run the command line on hostile input in a forked child with a wall-clock timeout and memory and CPU
limits, so an input that hangs or grows without bound fails its test instead of freezing the run.

A fork of the test process starts in milliseconds (pandas and pint are already imported), which keeps the
whole folder fast; the child gets its own stdout and stderr files and calls ``sizing.cli.main.main``.
"""

from __future__ import annotations

import io
import os
import resource
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

import sizing.batch  # noqa: F401 - each child is forked with these already imported: it starts at once
import sizing.cli.main
import sizing.cpc.size  # noqa: F401
import sizing.report.letter  # noqa: F401
import sizing.report.pdf  # noqa: F401
import sizing.report.review  # noqa: F401
import sizing.rules.maintenance  # noqa: F401
import sizing.rules.review  # noqa: F401
import sizing.rules.waiver  # noqa: F401

#: Wall-clock bound per case [s] (a case takes well under 1 s; a hang is killed here).
TIME_S = 15.0
#: Memory a case may add to the test process's address space [bytes] (the unit-expression hang and the
#: alias bomb grew past 2.5 GB).
MEMORY_BYTES = 768 * 2**20

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@dataclass
class Run:
    rc: int
    out: bytes
    err: str
    seconds: float
    #: CPU time of the child (user + system) [s]: the work, whatever the load of the machine
    cpu_seconds: float = 0.0

    @property
    def stdout(self) -> str:
        return self.out.decode("utf-8", errors="replace")


def _address_space() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0  # pragma: no cover - not Linux


def run_cli(args: Sequence[str], cwd: str | Path, *, stdout: str | int | None = None,
            env: dict[str, str] | None = None, setup: Callable[[], None] | None = None,
            file_size: int | None = None, timeout: float = TIME_S, memory: int = MEMORY_BYTES,
            interrupt_after: float | None = None, cpu: int | None = None) -> Run:
    """``sizing ARGS`` in a forked child: exit code, stdout bytes, stderr text, seconds.

    ``stdout``: a path or an open fd to use as standard output (default: captured). ``setup`` runs in the
    child first (e.g. to shrink a chunk size). ``file_size``: RLIMIT_FSIZE in bytes, as ``ulimit -f``.
    ``memory``: what the child may add to the address space [bytes]. ``interrupt_after``: send SIGINT (Ctrl-C)
    that many seconds after the start. ``cpu``: the CPU seconds the child may use (killed beyond them);
    default the wall-clock ``timeout``.
    """
    out_file = tempfile.TemporaryFile()
    err_file = tempfile.TemporaryFile()
    limit = _address_space() + memory
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 70
        try:
            signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C as in a fresh interpreter
            os.chdir(cwd)
            for key, value in (env or {}).items():
                os.environ[key] = value
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            cpu_limit = cpu if cpu is not None else int(timeout) + 1
            resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit + 1))
            if file_size is not None:
                resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))
            if isinstance(stdout, int):
                os.dup2(stdout, 1)
            elif stdout is not None:
                fd = os.open(stdout, os.O_WRONLY)
                os.dup2(fd, 1)
            else:
                os.dup2(out_file.fileno(), 1)
            os.dup2(err_file.fileno(), 2)
            sys.stdin = io.TextIOWrapper(io.BytesIO(b""))
            sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8")
            sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8", write_through=True)
            if setup is not None:
                setup()
            try:
                code = sizing.cli.main.main(list(args))
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
            except BaseException:  # what the interpreter would print: a traceback, exit 1
                traceback.print_exc()
                code = 1
            try:  # the interpreter flushes stdout at exit; a failure there prints "Exception ignored"
                sys.stdout.flush()
            except BaseException:
                print("Exception ignored in stdout flush:", file=sys.stderr)
                traceback.print_exc()
                code = 120
            sys.stderr.flush()
        finally:
            os._exit(code if isinstance(code, int) else 1)
    deadline = start + timeout
    interrupt_at = None if interrupt_after is None else start + interrupt_after
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"sizing {' '.join(args)[:120]} did not finish within {timeout:g} s")
        if interrupt_at is not None and time.monotonic() >= interrupt_at:
            os.kill(pid, signal.SIGINT)
            interrupt_at = None
        time.sleep(0.002)
    seconds = time.monotonic() - start
    rc = os.waitstatus_to_exitcode(status)
    out_file.seek(0)
    err_file.seek(0)
    out, err = out_file.read(), err_file.read().decode("utf-8", errors="replace")
    out_file.close()
    err_file.close()
    return Run(rc=rc, out=out, err=err, seconds=seconds, cpu_seconds=usage.ru_utime + usage.ru_stime)


def one_line_error(run: Run, command: str, starts: str) -> str:
    """Assert exit 2 and exactly one stderr line 'sizing COMMAND: STARTS...', no traceback; return it."""
    assert "Traceback" not in run.err and "Exception ignored" not in run.err, run.err[-2000:]
    assert run.rc == 2, (run.rc, run.err[-500:])
    lines = run.err.splitlines()
    assert len(lines) == 1, lines[:5]
    assert lines[0].startswith(f"sizing {command}: {starts}"), lines[0][:300]
    assert len(lines[0]) < 600, len(lines[0])
    return lines[0]


@pytest.fixture
def cli(tmp_path):
    """``cli(*args, **options)``: run_cli in a fresh folder."""
    def run(*args: str, **options) -> Run:
        return run_cli(args, tmp_path, **options)
    return run


def run_call(fn: Callable[[], object], *, timeout: float = TIME_S, memory: int = MEMORY_BYTES,
             cpu: int | None = None) -> tuple[str, float]:
    """``fn()`` in a forked child with the same limits as :func:`run_cli`: ("ok" or "ExceptionName: message",
    CPU seconds of the child). A child that is killed (time, memory, CPU) fails the test."""
    result = tempfile.TemporaryFile()
    limit = _address_space() + memory
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            cpu_limit = cpu if cpu is not None else int(timeout) + 1
            resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit + 1))
            try:
                fn()
                text = "ok"
            except BaseException as exc:  # reported to the test, which decides
                text = f"{exc.__class__.__name__}: {exc}"
            os.write(result.fileno(), text.encode("utf-8", errors="replace"))
        finally:
            os._exit(0)
    deadline = start + timeout
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"{fn!r} did not finish within {timeout:g} s")
        time.sleep(0.002)
    seconds = usage.ru_utime + usage.ru_stime
    assert os.waitstatus_to_exitcode(status) == 0, f"the child ended with {os.waitstatus_to_exitcode(status)}"
    result.seek(0)
    text = result.read().decode("utf-8")
    result.close()
    return text, seconds

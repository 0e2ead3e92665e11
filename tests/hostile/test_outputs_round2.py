"""Outputs that are devices, pipes or links; two outputs on one path; the same bytes for the same input."""

from __future__ import annotations

import os
import resource
import shutil
import stat
import subprocess
import sys
import time

import pytest

from tests.hostile.conftest import EXAMPLES, TIME_S, one_line_error


def copy(tmp_path, name: str) -> str:
    shutil.copy(EXAMPLES / name, tmp_path / name)
    return name


def device(tmp_path, name: str, minor: int) -> str:
    """A character device in the test's folder: 1,3 is what /dev/null is, 1,7 /dev/full (root only)."""
    try:
        os.mknod(tmp_path / name, stat.S_IFCHR | 0o666, os.makedev(1, minor))
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot make a device node here: {exc}")
    return name


def test_output_to_a_null_device_keeps_the_device(cli, tmp_path):
    """Item 1: -o /dev/null (as root) replaced the device with a regular file, exit 0."""
    name = copy(tmp_path, "restaurant.yaml")
    null = device(tmp_path, "null", 3)
    run = cli("size", name, "-o", null)
    assert run.rc == 0, run.err
    assert stat.S_ISCHR(os.stat(tmp_path / null).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == [null, name]  # no temporary file left


def test_output_to_a_full_device_reports_disk_full(cli, tmp_path):
    """Item 1: -o /dev/full never reported disk full (the device was replaced by the rename)."""
    name = copy(tmp_path, "review-noncompliant.yaml")
    full = device(tmp_path, "full", 7)
    one_line_error(cli("review", name, "-o", full), "review", "--output: cannot write full: No space left on device")
    full_svg = device(tmp_path, "full.svg", 7)
    one_line_error(cli("maintenance", copy(tmp_path, "maintenance-restaurant.yaml"), "--plot", full_svg),
                   "maintenance", "--plot: cannot write full.svg: No space left on device")
    assert stat.S_ISCHR(os.stat(tmp_path / full).st_mode) and stat.S_ISCHR(os.stat(tmp_path / full_svg).st_mode)


def test_output_to_a_pipe_is_written_into_the_pipe(cli, tmp_path):
    """Item 1: an output that exists and is not a regular file (a named pipe) is written in place."""
    name = copy(tmp_path, "restaurant.yaml")
    os.mkfifo(tmp_path / "pipe")
    reader = os.open(tmp_path / "pipe", os.O_RDONLY | os.O_NONBLOCK)
    try:
        run = cli("size", name, "-o", "pipe")
        data = b""
        while chunk := os.read(reader, 65536):
            data += chunk
    except BlockingIOError:
        pass
    finally:
        os.close(reader)
    assert run.rc == 0, run.err
    assert stat.S_ISFIFO(os.stat(tmp_path / "pipe").st_mode)
    assert data.startswith(b"Grease interceptor sizing") or b"gal" in data, data[:200]


def test_output_to_a_link_to_standard_output(cli, tmp_path):
    """Item 1: -o /dev/stdout replaced the link with a regular file; it now writes to standard output (here a
    link to /proc/self/fd/1, as /dev/stdout is)."""
    name = copy(tmp_path, "restaurant.yaml")
    os.symlink("/proc/self/fd/1", tmp_path / "stdout")
    (tmp_path / "captured").write_bytes(b"")
    run = cli("size", name, "--format", "json", "-o", "stdout", stdout=str(tmp_path / "captured"))
    assert run.rc == 0, run.err
    assert os.readlink(tmp_path / "stdout") == "/proc/self/fd/1"
    assert (tmp_path / "captured").read_bytes().startswith(b"{")


def test_output_through_a_link_keeps_the_link(cli, tmp_path):
    """Item 1: a symbolic link to a regular file: the file it points to is replaced, the link kept."""
    name = copy(tmp_path, "restaurant.yaml")
    (tmp_path / "real.json").write_text("old")
    os.symlink("real.json", tmp_path / "link.json")
    assert cli("size", name, "--format", "json", "-o", "link.json").rc == 0
    assert os.readlink(tmp_path / "link.json") == "real.json"
    assert (tmp_path / "real.json").read_text().startswith("{")


@pytest.mark.parametrize(("args", "starts"), [
    (("waiver", "waiver-coffee-bar.yaml", "--format", "json", "-o", "x.md", "--letter", "x.md"),
     "--letter: x.md is the same file as --output"),
    (("waiver", "waiver-coffee-bar.yaml", "--format", "json", "-o", "x.md", "--letter", "./sub/../x.md"),
     "--letter: ./sub/../x.md is the same file as --output"),
    (("waiver", "waiver-coffee-bar.yaml", "--format", "pdf", "--letter", "waiver-coffee-bar-letter.pdf"),
     "--letter: waiver-coffee-bar-letter.pdf is the same file as --output"),
    (("maintenance", "maintenance-restaurant.yaml", "--format", "pdf", "-o", "m.pdf", "--plot", "m.pdf"),
     "--plot: m.pdf is the same file as --output"),
    (("maintenance", "maintenance-restaurant.yaml", "--format", "pdf", "--plot", "maintenance-restaurant-maintenance.pdf"),
     "--plot: maintenance-restaurant-maintenance.pdf is the same file as --output"),
    (("batch", "inventory.csv", "-o", "r.csv", "--rejects", "hard.csv"),
     "--rejects: hard.csv is the same file as --output"),
])
def test_one_path_for_two_outputs_is_refused(cli, tmp_path, args, starts):
    """Item 2: one path given to two outputs: one silently overwrote the other. Resolved paths are compared,
    so ./sub/../x.md and a hard link count too; nothing is written."""
    copy(tmp_path, args[1])
    (tmp_path / "sub").mkdir()
    (tmp_path / "r.csv").write_text("old")
    os.link(tmp_path / "r.csv", tmp_path / "hard.csv")
    before = sorted(p.name for p in tmp_path.iterdir())
    one_line_error(cli(*args), args[0], starts)
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert (tmp_path / "r.csv").read_text() == "old"


def test_two_outputs_to_a_null_device_are_allowed(cli, tmp_path):
    """Item 2: a device takes both outputs (nothing is overwritten), and stays a device."""
    name = copy(tmp_path, "maintenance-restaurant.yaml")
    null = device(tmp_path, "null.pdf", 3)
    run = cli("maintenance", name, "--format", "pdf", "-o", null, "--plot", null)
    assert run.rc == 0, run.err
    assert run.err == ""
    assert stat.S_ISCHR(os.stat(tmp_path / null).st_mode)


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))
    resource.setrlimit(resource.RLIMIT_CPU, (int(TIME_S) * 4, int(TIME_S) * 4 + 1))


def plot_bytes(tmp_path, suffix: str, seed: str, extra_env: dict[str, str] | None = None) -> bytes:
    """``sizing maintenance --plot`` in a new interpreter (the hash seed is fixed at its start), with a memory
    and CPU limit and a timeout."""
    name = copy(tmp_path, "maintenance-restaurant.yaml")
    out = tmp_path / f"plot-{seed}-{time.monotonic_ns()}{suffix}"
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    env.update({"PYTHONHASHSEED": seed, **(extra_env or {})})
    proc = subprocess.run([sys.executable, "-m", "sizing", "maintenance", name, "--plot", str(out)], cwd=tmp_path,
                          env=env, capture_output=True, timeout=TIME_S * 4, preexec_fn=_limits, check=False)
    assert proc.returncode in (0, 1), proc.stderr[-500:]
    return out.read_bytes()


@pytest.mark.parametrize("suffix", [".pdf", ".svg", ".png"])
def test_plots_are_the_same_bytes_run_to_run_and_across_hash_seeds(tmp_path, suffix):
    """Item 15: --plot x.pdf differed run to run (creation date now); x.svg between runs and hash seeds."""
    first = plot_bytes(tmp_path, suffix, "0")
    time.sleep(1.1)  # a creation date of "now" would move on
    assert plot_bytes(tmp_path, suffix, "0") == first
    assert plot_bytes(tmp_path, suffix, "12345") == first
    if suffix == ".pdf":
        assert b"/CreationDate (D:20250620000000Z)" in first  # the log's as_of date, 00:00 UTC
        assert b"Matplotlib" not in first


def test_plot_respects_source_date_epoch(tmp_path):
    """Item 15: SOURCE_DATE_EPOCH is the plot's date too, as for every PDF."""
    data = plot_bytes(tmp_path, ".pdf", "1", {"SOURCE_DATE_EPOCH": "1700000000"})
    assert b"/CreationDate (D:20231114221320Z)" in data
    svg = plot_bytes(tmp_path, ".svg", "1", {"SOURCE_DATE_EPOCH": "1700000000"})
    assert b"<dc:date>2023-11-14</dc:date>" in svg

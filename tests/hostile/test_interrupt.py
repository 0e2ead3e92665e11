"""Ctrl-C during ``sizing batch``: one line, exit 130, nothing written."""

from __future__ import annotations

import io
import time

import pytest

#: Data rows of the inventory (about 12 MB; sized in about a second).
ROWS = 400_000
TYPES = ("floor_drain", "food_prep_sink", "three_compartment_sink", "mop_sink", "hand_sink")


@pytest.fixture(scope="module")
def huge(tmp_path_factory):
    folder = tmp_path_factory.mktemp("interrupt")
    with open(folder / "huge.csv", "w") as fh:
        fh.write("submittal_id,fixture_type,count,installed_volume_gal\n")
        fh.writelines(f"FSE-{i // 4},{TYPES[i % 5]},{1 + i % 3},750\n" for i in range(ROWS))
    return folder / "huge.csv"


def check_interrupted(run, tmp_path) -> None:
    assert run.rc == 130, (run.rc, run.err[-800:])
    assert run.err == "sizing batch: interrupted\n", run.err[-800:]
    assert run.out == b""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["huge.csv"]  # no output, no temporary file


@pytest.mark.parametrize("after", [0.05, 0.08, 0.15, 0.25, 0.35, 0.5])
def test_ctrl_c_during_batch(cli, tmp_path, huge, after):
    """Item 10: Ctrl-C during sizing batch was a KeyboardInterrupt traceback (23 of 24 timings). A run that
    ends before the signal arrives has written its whole output instead."""
    (tmp_path / "huge.csv").symlink_to(huge)
    run = cli("batch", "huge.csv", "-o", "out.csv", "--rejects", "rejects.csv", interrupt_after=after)
    if run.rc in (0, 1) and (tmp_path / "out.csv").exists():  # finished first: the whole output is there
        assert (tmp_path / "out.csv").read_text().count("\n") == ROWS // 4 + 1
        return
    check_interrupted(run, tmp_path)


class _SlowFile(io.RawIOBase):
    """A file that takes 20 ms per read, so that Ctrl-C lands inside pandas' read of the CSV."""

    def __init__(self, stream):
        self.stream, self.inner = stream, stream.buffer  # the text stream kept open with its buffer

    def readable(self):
        return True

    def readinto(self, buffer):
        time.sleep(0.02)
        data = self.inner.read(min(len(buffer), 65536))
        buffer[:len(data)] = data
        return len(data)


def _slow_reads():
    from sizing.batch import reading

    original = reading.Source._stream

    def slow(self):
        stream = original(self)
        return io.TextIOWrapper(io.BufferedReader(_SlowFile(stream)), encoding="utf-8-sig", newline="")
    reading.Source._stream = slow


def test_ctrl_c_during_the_csv_read_is_not_blamed_on_the_file(cli, tmp_path, huge):
    """Item 10: Ctrl-C during the CSV read said 'huge.csv is not valid CSV ... Calling read(nbytes) on source
    failed' and exited 2, blaming the file."""
    (tmp_path / "huge.csv").symlink_to(huge)
    run = cli("batch", "huge.csv", "-o", "out.csv", setup=_slow_reads, interrupt_after=0.3)
    check_interrupted(run, tmp_path)


def test_ctrl_c_with_output_to_stdout(cli, tmp_path, huge):
    """Item 10: to standard output: nothing of the results is printed."""
    (tmp_path / "huge.csv").symlink_to(huge)
    run = cli("batch", "huge.csv", setup=_slow_reads, interrupt_after=0.2)
    check_interrupted(run, tmp_path)


def _interrupt_after_rename():
    """Ctrl-C that arrives while the first output file is renamed into place: Python raises it just after."""
    import os
    import signal

    original = os.replace
    calls = []

    def replace(src, dst):
        original(src, dst)
        if not calls:
            calls.append(dst)
            os.kill(os.getpid(), signal.SIGINT)
    os.replace = replace


def test_ctrl_c_as_the_first_output_is_put_in_place(cli, tmp_path, huge):
    """A Ctrl-C raised once the results are in place exited 130, 'interrupted', with the results written and the
    rejects not: the command now finishes its outputs (all of them are written, or none) and ends as it would."""
    (tmp_path / "huge.csv").symlink_to(huge)
    run = cli("batch", "huge.csv", "-o", "out.csv", "--rejects", "rejects.csv", setup=_interrupt_after_rename)
    assert (run.rc, run.err) == (0, ""), run.err[-800:]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["huge.csv", "out.csv", "rejects.csv"]
    assert (tmp_path / "out.csv").read_text().count("\n") == ROWS // 4 + 1


def _interrupt_as_the_temporary_file_is_made():
    """Ctrl-C that arrives while the temporary output file is created: Python raises it as the open returns,
    before the caller has its result."""
    import os
    import signal

    original = os.open

    def open_(path, flags, *rest, **kw):
        fd = original(path, flags, *rest, **kw)
        if str(path).endswith(".tmp"):
            os.kill(os.getpid(), signal.SIGINT)
        return fd
    os.open = open_


def test_ctrl_c_as_the_temporary_file_is_made(cli, tmp_path, huge):
    """A Ctrl-C handled just as the temporary file was created (inside mkstemp, before its name was returned)
    left '.out.csv.<random>.tmp' beside the input: the name is now kept before the file is made."""
    (tmp_path / "huge.csv").symlink_to(huge)
    run = cli("batch", "huge.csv", "-o", "out.csv", "--rejects", "rejects.csv",
              setup=_interrupt_as_the_temporary_file_is_made)
    check_interrupted(run, tmp_path)

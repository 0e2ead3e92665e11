"""Odd paths and devices, and outputs written whole or not at all."""

from __future__ import annotations

import os
import re
import shutil

import pytest

from tests.hostile.conftest import EXAMPLES, one_line_error


def copy(tmp_path, name: str) -> str:
    shutil.copy(EXAMPLES / name, tmp_path / name)
    return name


@pytest.mark.parametrize(("make", "path", "why"), [
    (lambda p: (os.symlink("b", p / "a"), os.symlink("a", p / "b")), "a", "Too many levels of symbolic links"),
    (lambda p: None, "n" * 300 + ".yaml", "File name too long"),
    (lambda p: (p / "f.yaml").write_text("x"), "f.yaml/s.yaml", "Not a directory"),
])
def test_unreadable_paths_are_one_line(cli, tmp_path, make, path, why):
    """Item 5: a symlink loop, a name too long and a path through a file were tracebacks."""
    make(tmp_path)
    line = one_line_error(cli("size", path), "size", "FILE: cannot read ")
    assert line.endswith(why)


def test_inventory_name_too_long(cli):
    """Item 5: an inventory path whose name is too long was a traceback."""
    line = one_line_error(cli("batch", "n" * 300 + ".csv"), "batch", "FILE: cannot read nnn")
    assert line.endswith("...: File name too long")


def test_dev_zero_is_refused_without_reading_it_all(cli):
    """Item 5: /dev/zero as the input was read without end."""
    one_line_error(cli("size", "/dev/zero"), "size", "FILE: /dev/zero is larger than 1 MB")


def test_stdout_to_dev_full(cli, tmp_path):
    """Item 5: stdout to /dev/full was a traceback at exit ('Exception ignored ... No space left')."""
    name = copy(tmp_path, "restaurant.yaml")
    one_line_error(cli("size", name, stdout="/dev/full"), "size",
                   "cannot write to standard output: No space left on device")


def test_failed_write_keeps_the_old_output(cli, tmp_path):
    """Item 7: a failure halfway (ulimit -f 2) left a 4 KB '%PDF' stub and the old content was gone."""
    name = copy(tmp_path, "review-noncompliant.yaml")
    (tmp_path / "r.json").write_bytes(b"old report")
    run = cli("review", name, "--format", "json", "-o", "r.json", file_size=2048)
    one_line_error(run, "review", "--output: cannot write r.json: File too large")
    assert (tmp_path / "r.json").read_bytes() == b"old report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json", name]  # no temporary file left


def test_output_equal_to_the_input_is_refused(cli, tmp_path):
    """Item 7: --output equal to the input file overwrote the submittal."""
    name = copy(tmp_path, "restaurant.yaml")
    before = (tmp_path / name).read_bytes()
    one_line_error(cli("size", name, "-o", name), "size", f"--output: {name} is the input file")
    one_line_error(cli("size", name, "-o", f"./{name}"), "size", f"--output: ./{name} is the input file")
    assert (tmp_path / name).read_bytes() == before


def test_empty_output_is_an_error(cli, tmp_path):
    """Item 12: -o "" wrote to standard output."""
    name = copy(tmp_path, "restaurant.yaml")
    run = cli("size", name, "-o", "")
    one_line_error(run, "size", "--output: expected a file path")
    assert run.out == b""


def test_waiver_pdf_without_output_is_not_written_to_the_terminal(cli, tmp_path):
    """Item 12: waiver --format pdf without --output wrote binary to standard output."""
    name = copy(tmp_path, "waiver-coffee-bar.yaml")
    run = cli("waiver", name, "--format", "pdf")
    assert run.rc == 0, run.err
    assert run.out == b""
    assert (tmp_path / "waiver-coffee-bar-letter.pdf").read_bytes().startswith(b"%PDF")


def test_pdf_to_a_terminal_is_refused(cli, tmp_path):
    """Item 12: a PDF asked for on standard output (-o -) that is a terminal."""
    name = copy(tmp_path, "review-compliant.yaml")
    master, slave = os.openpty()
    try:
        run = cli("review", name, "--format", "pdf", "-o", "-", stdout=slave)
    finally:
        os.close(slave)
        os.close(master)
    one_line_error(run, "review", "--output: standard output is a terminal and a PDF is binary")


def test_letter_error_names_letter(cli, tmp_path):
    """Item 12: a --letter path that cannot be written was reported as --output."""
    name = copy(tmp_path, "waiver-coffee-bar.yaml")
    (tmp_path / "file").write_text("x")
    one_line_error(cli("waiver", name, "--letter", "file/l.md"), "waiver", "--letter: cannot write file/l.md: ")


def test_pdfs_are_byte_identical_run_to_run(cli, tmp_path):
    """Item 12: PDFs differed run to run (creation date = now); it is now the review date."""
    name = copy(tmp_path, "review-noncompliant.yaml")
    first = cli("review", name, "--format", "pdf", "-o", "1.pdf")
    second = cli("review", name, "--format", "pdf", "-o", "2.pdf")
    assert first.rc == 1 and second.rc == 1, first.err
    one, two = (tmp_path / "1.pdf").read_bytes(), (tmp_path / "2.pdf").read_bytes()
    assert one == two
    review_date = re.search(r"^review_date: \"?(\d{4})-(\d\d)-(\d\d)", (tmp_path / name).read_text(), re.M).groups()
    assert b"/CreationDate (D:" + "".join(review_date).encode() + b"000000" in one


def test_source_date_epoch_fixes_the_creation_date(cli, tmp_path):
    """Item 12: SOURCE_DATE_EPOCH, when set, is the creation date of every PDF (reproducible builds)."""
    name = copy(tmp_path, "restaurant.yaml")
    run = cli("size", name, "--format", "pdf", "-o", "s.pdf", env={"SOURCE_DATE_EPOCH": "1700000000"})
    assert run.rc == 0, run.err
    data = (tmp_path / "s.pdf").read_bytes()
    assert b"/CreationDate (D:20231114221320" in data

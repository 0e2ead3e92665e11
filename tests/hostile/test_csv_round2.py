"""CSV in and out: formulas from the register, the batch's numeric and id limits, old-Mac line ends."""

from __future__ import annotations

import csv
import io
import shutil

import pytest

from sizing.io import fields as parse
from sizing.program import evaluated
from tests.hostile.conftest import EXAMPLES, one_line_error

HEADER = "submittal_id,fixture_type,count,installed_volume_gal\n"


def csv_cells(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8"))))


def hostile_review(tmp_path, fse_id: str, name: str) -> str:
    text = (EXAMPLES / "review-noncompliant.yaml").read_text()
    text = text.replace("fse_id: FSE-0417", f"fse_id: {fse_id!r}").replace(
        "name: Corner Cafe, 25 W 10th St, Tracy CA", f"name: {name!r}")
    (tmp_path / "r.yaml").write_text(text)
    return "r.yaml"


def test_register_export_and_due_csv_neutralise_formulas(cli, tmp_path):
    """Item 4: register export --format csv and due --format csv wrote =1+1, =HYPERLINK(...), @SUM(A1) as they
    were; the register's CSV now goes through the one CSV writer."""
    name = hostile_review(tmp_path, "=1+1", '=HYPERLINK("http://x.example","y")')
    added = cli("register", "add", name, "--db", "r.db")
    assert added.rc == 1, added.err  # stored; the review is not compliant
    export = cli("register", "export", "--format", "csv", "--db", "r.db")
    assert export.rc == 0, export.err
    header, row = csv_cells(export.out)
    assert row[header.index("fse_id")] == "'=1+1"
    assert row[header.index("name")] == "'=HYPERLINK(\"http://x.example\",\"y\")"
    due = cli("register", "due", "--format", "csv", "--within", "36500", "--as-of", "2026-01-05", "--db", "r.db")
    assert due.rc in (0, 1), due.err
    rows = csv_cells(due.out)
    assert rows[0] == ["date", "status", "fse_id", "what", "detail", "citation"]
    assert len(rows) > 1
    assert {r[2] for r in rows[1:]} == {"'=1+1"}


def test_batch_and_register_csv_share_one_writer():
    """Item 4: one CSV writer: the batch's and the register's text are the same for the same cells."""
    import pandas as pd

    from sizing.batch import csv_text
    from sizing.program.report import csv_rows

    rows = [{"a": "@SUM(A1)", "b": 750.0}, {"a": "-2+3", "b": None}, {"a": "\tx", "b": 1.5}]
    assert csv_text(pd.DataFrame(rows)) == csv_rows(rows, ("a", "b")) == "a,b\n'@SUM(A1),750\n'-2+3,\n'\tx,1.5\n"


@pytest.mark.parametrize(("cell", "expected"), [
    ("1e308", "line 2: installed_volume_gal: expected a volume such as '750 gal' or '2839 L', <= 1000000 gal, got 1e+308"),
    ("1000001", "line 2: installed_volume_gal: expected a volume such as '750 gal' or '2839 L', <= 1000000 gal, got 1000001"),
    ("1e7 L", "line 2: installed_volume_gal: expected a volume such as '750 gal' or '2839 L', <= 1000000 gal, got '1e7 L'"),
])
def test_batch_volume_shares_the_submittal_limit(cli, tmp_path, cell, expected):
    """Item 5: installed_volume_gal 1e308 was accepted and written as a 309-digit integer; a submittal's volume
    is capped at 1,000,000 gal, and so is the inventory's."""
    (tmp_path / "inv.csv").write_text(HEADER + f"A,floor_drain,1,{cell}\nB,floor_drain,1,750\n")
    run = cli("batch", "inv.csv")
    assert run.rc == 1, run.err
    assert run.out.decode().splitlines() == [
        "submittal_id,fixture_lines,dfu_total,table_volume_gal,footnote3_volume_gal,required_volume_gal,"
        "installed_volume_gal,undersized,beyond_table,warnings",
        run.out.decode().splitlines()[1]]
    assert run.out.decode().splitlines()[1].startswith("B,")
    assert expected in run.err, run.err
    assert max(len(x) for x in run.out.decode().split(",")) < 100


def test_a_long_id_is_rejected_by_line_in_batch_and_import(cli, tmp_path):
    """Item 13: import-inventory --skip-rejects with one 65-character id (which batch sized) refused the whole
    import and named no line. Batch now applies the register's id limits; the row is rejected by its line."""
    long_id = "X" * (parse.MAX_ID + 1)
    assert evaluated.FSE_ID_MAX == parse.MAX_ID
    (tmp_path / "inv.csv").write_text(HEADER + "A,floor_drain,1,750\n" + f"{long_id},floor_drain,1,750\n")
    batch = cli("batch", "inv.csv")
    assert batch.rc == 1
    assert f"line 3: submittal_id: expected an id of at most {parse.MAX_ID} characters, got 65" in batch.err
    skip = cli("register", "import-inventory", "inv.csv", "--skip-rejects", "--db", "r.db")
    assert skip.rc == 1, skip.err
    assert skip.stdout.strip() == f"imported 1 FSEs (1 new), 1 interceptor records; 1 rows rejected (line 3), not imported: {long_id}"
    strict = cli("register", "import-inventory", "inv.csv", "--db", "r.db")
    line = one_line_error(strict, "register", "inv.csv: line 3: submittal_id: expected an id of at most 64")
    assert "nothing imported" in line and len(line) < 300


def test_an_id_with_a_control_character_is_rejected_by_line(cli, tmp_path):
    """Item 13: as the register refuses control characters in an FSE id, so does batch."""
    (tmp_path / "inv.csv").write_text(HEADER + '"A\x1b[2J",floor_drain,1,750\n')
    run = cli("batch", "inv.csv")
    assert run.rc == 1
    first = run.err.splitlines()[0]
    assert first.startswith("sizing batch: line 2: submittal_id: ") and "control character" in first, first
    assert "\x1b" not in run.err and "\\x1b[2J" in run.err


def test_cr_only_line_ends_are_named(cli, tmp_path):
    """Item 14: a CSV with old-Mac CR-only line ends showed Python's 'do you need to open the file in
    universal-newline mode?'."""
    (tmp_path / "mac.csv").write_bytes((HEADER + "A,floor_drain,1,750\n").replace("\n", "\r").encode())
    assert cli("register", "add", hostile_review(tmp_path, "FSE-1", "Cafe"), "--db", "r.db").rc == 1  # the register
    # exists: no "created" line below
    for args, command in ((("batch", "mac.csv"), "batch"),
                          (("register", "import-inventory", "mac.csv", "--db", "r.db"), "register")):
        line = one_line_error(cli(*args), command, "FILE: mac.csv: its lines end in carriage returns only")
        assert "universal-newline" not in line and line.endswith("(LF) line ends")


def test_app_fixture_csv_cr_only_is_named():
    """Item 14: the app's fixture-schedule upload says the same."""
    from app_pages.widgets.examples import read_upload
    from sizing.errors import SizingInputError

    with pytest.raises(SizingInputError, match="FILE: f.csv: its lines end in carriage returns only"):
        read_upload("f.csv", b"type,count\rfloor_drain,2\r")


def test_crlf_is_still_read(cli, tmp_path):
    """Item 14: Windows line ends are fine."""
    shutil.copy(EXAMPLES / "inventory.csv", tmp_path / "w.csv")
    (tmp_path / "w.csv").write_bytes((tmp_path / "w.csv").read_bytes().replace(b"\n", b"\r\n"))
    assert cli("batch", "w.csv").rc in (0, 1)

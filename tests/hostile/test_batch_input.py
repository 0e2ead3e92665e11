"""The inventory CSV: ids as written, bad rows by line, spreadsheet-safe output."""

from __future__ import annotations

import csv
import io

from tests.hostile.conftest import one_line_error

HEADER = "submittal_id,fixture_type,count\n"


def rows_of(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_ids_are_text_exactly_as_written(cli, tmp_path):
    """Item 3: 0042 and 42 (also 1, 1.0, 01, 1e0) were merged into one submittal, summed and flagged undersized."""
    ids = ["0042", "42", "1", "1.0", "01", "1e0"]
    (tmp_path / "inv.csv").write_text(
        "submittal_id,fixture_type,count,installed_volume_gal\n"
        + "".join(f"{i},floor_drain,4,500\n" for i in ids), encoding="utf-8")
    run = cli("batch", "inv.csv")
    assert run.rc == 0, run.err
    rows = rows_of(run.stdout)
    assert [r["submittal_id"] for r in rows] == ids
    assert {r["dfu_total"] for r in rows} == {"8"}       # 4 floor drains x 2 DFU each, never summed across ids
    assert {r["required_volume_gal"] for r in rows} == {"500"}  # 8 DFU -> 500 gal (Table 1014.3.6)
    assert {r["undersized"] for r in rows} == {"False"}


def test_a_chunk_boundary_never_splits_or_merges_an_id(cli, tmp_path):
    """Item 3: ids read per chunk were inferred per chunk (numbers in one, text in another)."""
    import sizing.batch

    lines = ["7,floor_drain,1", "7,floor_drain,1", "07,floor_drain,1", "7,floor_drain,1", "x,floor_drain,1",
             "7.0,floor_drain,1"]
    (tmp_path / "inv.csv").write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")

    def small_chunks() -> None:
        sizing.batch.CHUNK_ROWS = 2

    run = cli("batch", "inv.csv", setup=small_chunks)
    assert run.rc == 0, run.err
    got = {r["submittal_id"]: r["fixture_lines"] for r in rows_of(run.stdout)}
    assert got == {"7": "3", "07": "1", "x": "1", "7.0": "1"}


def test_first_row_with_an_extra_field_is_an_error_by_line(cli, tmp_path):
    """Item 4: a first data row with an extra field gave a traceback or shifted every column (pandas took
    the extra leading field as an index)."""
    (tmp_path / "inv.csv").write_text(HEADER + "5,A,floor_drain,1\n6,floor_drain,2\n", encoding="utf-8")
    run = cli("batch", "inv.csv")
    one_line_error(run, "batch", "FILE: inv.csv: line 2 has 4 fields, the header has 3")
    assert run.out == b""


def test_400_digit_count_in_a_row(cli, tmp_path):
    """Item 5: a 400-digit count in the inventory was a traceback."""
    (tmp_path / "inv.csv").write_text(HEADER + "A," + "floor_drain," + "9" * 400 + "\nB,floor_drain,1\n",
                                      encoding="utf-8")
    run = cli("batch", "inv.csv")
    assert run.rc == 1, run.err
    assert "Traceback" not in run.err
    assert "line 2: count: expected a whole number >= 0 and <= 1,000,000" in run.err
    assert [r["submittal_id"] for r in rows_of(run.stdout)] == ["B"]


def test_formulas_are_neutralised_in_results_and_rejects(cli, tmp_path):
    """Item 6: ids starting with = + - @ went unescaped into the batch CSV and the rejects file."""
    (tmp_path / "inv.csv").write_text(
        HEADER + '"=HYPERLINK(""http://x"",""y"")",floor_drain,1\n+1,floor_drain,1\n-2,floor_drain,1\n'
                 "@SUM(A1),floor_drain,1\n=1+1,flor_drain,1\nA-1,floor_drain,1\n", encoding="utf-8")
    run = cli("batch", "inv.csv", "--rejects", "bad.csv")
    assert run.rc == 1, run.err
    ids = [r["submittal_id"] for r in rows_of(run.stdout)]
    assert ids == ["'=HYPERLINK(\"http://x\",\"y\")", "'+1", "'-2", "'@SUM(A1)", "A-1"]
    rejects = rows_of((tmp_path / "bad.csv").read_text(encoding="utf-8"))
    assert [r["submittal_id"] for r in rejects] == ["'=1+1"]
    assert "-2,1,2,500," in run.stdout.replace("'-2", "-2")  # numbers stay numbers


def test_rejects_error_names_its_own_option(cli, tmp_path):
    """Item 12: a --rejects path that cannot be written was reported as --output."""
    (tmp_path / "inv.csv").write_text(HEADER + "A,flor_drain,1\n", encoding="utf-8")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    run = cli("batch", "inv.csv", "-o", "out.csv", "--rejects", "file/bad.csv")
    one_line_error(run, "batch", "--rejects: cannot write file/bad.csv: ")

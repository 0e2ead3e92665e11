"""``sizing batch`` writes its CSV and JSON output in pieces (a block of rows at a time, never the whole text in
memory): the text is the same, byte for byte, as the whole text the result renders at once."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from sizing.batch import csv_text, output, run_batch
from sizing.cli.main import main
from sizing.cli.output import to_json
from tests.test_batch import random_rows, write_csv

ROOT = Path(__file__).resolve().parent.parent
INVENTORIES = ["examples/inventory.csv", "examples/inventory-code-rules.csv"]


@pytest.fixture(scope="module")
def seeded(tmp_path_factory) -> Path:
    """A seeded inventory of 300 submittals with bad rows (rejects), food courts and installed volumes."""
    return write_csv(tmp_path_factory.mktemp("inv") / "seeded.csv", random_rows(random.Random(26), 300))


@pytest.mark.parametrize("block", [1, 7, 20_000])
def test_json_in_pieces_is_the_whole_json(block, seeded, monkeypatch):
    monkeypatch.setattr(output, "BLOCK_ROWS", block)
    for path in [ROOT / p for p in INVENTORIES] + [seeded]:
        result = run_batch(path)
        whole = json.dumps(result.to_dict(), indent=2, ensure_ascii=False, default=str)
        assert "".join(result.json_chunks()) == whole


@pytest.mark.parametrize("block", [1, 7, 20_000])
def test_csv_in_pieces_is_the_whole_csv(block, seeded, monkeypatch):
    monkeypatch.setattr(output, "BLOCK_ROWS", block)
    for path in [ROOT / p for p in INVENTORIES] + [seeded]:
        result = run_batch(path)
        assert "".join(output.csv_chunks(result.results)) == csv_text(result.results)
    empty = run_batch(ROOT / INVENTORIES[0]).results.iloc[:0]
    assert "".join(output.csv_chunks(empty)) == ",".join(empty.columns) + "\n"


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_the_command_writes_the_whole_text(fmt, seeded, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(output, "BLOCK_ROWS", 11)
    result = run_batch(seeded)
    whole = to_json(result.to_dict()) if fmt == "json" else csv_text(result.results)
    out = tmp_path / f"out.{fmt}"
    assert main(["batch", str(seeded), "--format", fmt, "-o", str(out), "--rejects", str(tmp_path / "r.csv")]) == 1
    assert out.read_text(encoding="utf-8") == whole
    assert main(["batch", str(seeded), "--format", fmt, "--rejects", str(tmp_path / "r.csv")]) == 1
    assert capsys.readouterr().out == whole + ("\n" if fmt == "json" else "")
    assert (len(result.results), len(result.rejects)) == (229, 85)  # many blocks, and the rejects too


def test_json_cells_are_written_as_json_writes_the_records():
    """Each kind of column: floats (-0.0 kept apart from 0.0, NaN as null), ints, text with quotes and None,
    nullable booleans, a column of mixed values (1, "1" and True are three values)."""
    frame = pd.DataFrame({"f": [0.0, -0.0, np.nan, 1.5, 1e300], "i": [1, 2, 3, 4, 5],
                          "t": ["x", None, "y", "x", 'say "q"'],
                          "u": pd.array([True, None, False, True, True], dtype="boolean"),
                          "b": [True, False, True, True, False], "m": [1, "1", True, None, 2.0]})
    text = "".join(output._json_records(frame))
    assert text == json.dumps(output._records(frame), indent=2, ensure_ascii=False).replace("\n", "\n  ")
    assert json.loads(text)[1] == {"f": -0.0, "i": 2, "t": None, "u": None, "b": False, "m": "1"}
    assert '"f": -0.0' in text and '"m": true' in text


@pytest.mark.parametrize("block", [1, 2, 20_000])
def test_csv_pieces_quote_as_the_csv_writer(block, monkeypatch):
    """Each distinct cell is quoted once (sizing.io.csv_files.fields): commas, quotes, line ends and carriage
    returns, formula starts, empty and missing cells, a column of mixed values, a frame of one column."""
    monkeypatch.setattr(output, "BLOCK_ROWS", block)
    texts = ["a,b", 'say "q"', "two\nlines", "cr\rx", "=1+1", "", None, "plain", "a,b", " lead", "\t"]
    frame = pd.DataFrame({"id": texts, "n": [750.0, np.nan, 1.5, -0.0, 2, 3, 4, 5, 6, 7, 8],
                          "m": [1, "1", True, None, 2.5, "x,y", "", "=a", 0, False, "q"],
                          "u": pd.array([True, None, False] * 3 + [True, None], dtype="boolean")})
    assert "".join(output.csv_chunks(frame)) == csv_text(frame)
    for column in frame.columns:
        one = frame[[column]]
        assert "".join(output.csv_chunks(one)) == csv_text(one)
    assert "".join(output.csv_chunks(frame.iloc[:0])) == csv_text(frame.iloc[:0])


def test_visible_checks_ascii_as_the_pattern_does():
    """visible()'s quick check of ASCII text finds every control the regular expression finds."""
    from sizing.errors import _CONTROL, _escape, visible

    for code in [*range(0x80), 0x85, 0x9f, 0xe9, 0x202e, 0x2066]:
        text = f"a{chr(code)}b\n"
        assert visible(text) == _CONTROL.sub(_escape, text)

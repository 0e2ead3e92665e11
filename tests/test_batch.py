"""`sizing batch`: the vectorized inventory path gives what `sizing size` gives, rejects bad rows by line."""

import csv
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sizing.batch import REJECT_COLUMNS, RESULT_COLUMNS, TextProgress, run_batch, submittal_document
from sizing.cli.main import main
from sizing.cpc.size import size
from sizing.errors import SizingInputError
from sizing.io.submittal import from_dict

ROOT = Path(__file__).resolve().parent.parent
HEADER = ["submittal_id", "fixture_type", "count", "flow_gpm", "trap_size_in", "connected_to_interceptor",
          "installed_volume_gal"]

# Cells as a user would type them, incl. the edge cases of the single-submittal parser.
TYPES = ["food_prep_sink", "three_compartment_sink", "Pot Sink", "prep_sink", "hand_sink", "floor_drain",
         "Floor Drain", "floor_drain_emergency", "floor_sink", "mop_sink", "service_sink", "bar_sink",
         "special_purpose_sink", "dishwasher", "food_waste_disposer", "ice_machine", "drinking_fountain",
         "water_closet", "urinal", "lavatory", "combi_oven", "steam kettle", "wok_range", "clothes_washer",
         "laundry_sink", "commercial_dishwasher", "Glass Washer", "two_compartment_sink", "dish_machine",
         "pasta_cooker", "flor_drain", ""]
COUNTS = ["1", "2", "3", "0", "12", "", "2.0", " 4 "]
TRAPS = ["1.25", "1.5", "2", "3", "4", "2.5", "1.97", "3.15", "0.5", "4.2", "12", "50 mm", "1-1/2", "2 in"]
FLOWS = ["2", "3.2", "0.1", "7.5", "0", "0.2 L/s", "5 gpm", "4.1"]
CONNECTED = ["yes", "no", "true", "False", "1", "0", "N"]
# Cells the single-submittal parser refuses (or, for a trap over 4 in, refuses on a type without a row).
BAD_COUNTS = ["-1", "1.5", "x", "nan", "NA"]
BAD_TRAPS = ["4.5", "5", "13", "0", "2 kg", "abc"]
BAD_FLOWS = ["10001", "-1", "3 in", "inf"]
BAD_CONNECTED = ["maybe", "2"]


def cell(rng: random.Random, good: list[str], bad: list[str], p_given: float, p_bad: float = 0.01) -> str:
    if rng.random() < p_bad:
        return rng.choice(bad)
    return rng.choice(good) if rng.random() < p_given else ""


def random_rows(rng: random.Random, submittals: int, big: bool = True) -> list[list[str]]:
    rows = []
    for s in range(submittals):
        sid = f"S{s:04d}" if rng.random() < 0.98 else f" S{s:04d} "
        installed = rng.choice(["", "", "500", "750", "1000", "1250", "753"])
        repeat = rng.random() < 0.5
        for k in range(rng.randint(1, 6)):
            ftype = rng.choice(TYPES[:-2]) if rng.random() < 0.99 else rng.choice(TYPES[-2:])
            count = cell(rng, COUNTS, BAD_COUNTS, 0.3) or str(rng.randint(1, 4))
            if big and rng.random() < 0.02:
                ftype, count = "floor_drain", str(rng.randint(1000, 1500))
            inst = installed if (repeat or k == 0) else ""
            if rng.random() < 0.005:
                inst = "1500"  # disagrees with the first value
            p_trap = 0.9 if ftype in ("floor_sink", "special_purpose_sink") else 0.1
            p_flow = 0.9 if ftype in ("combi_oven", "steam kettle") else 0.05
            rows.append([sid, ftype, count, cell(rng, FLOWS, BAD_FLOWS, p_flow), cell(rng, TRAPS, BAD_TRAPS, p_trap),
                         cell(rng, CONNECTED, BAD_CONNECTED, 0.1), inst])
    return rows


def write_csv(path: Path, rows: list[list[str]], header: list[str] = HEADER) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(rows)
    return path


def single(rows: list[list[str]], edition: str):
    """The single-submittal path on the equivalent submittal (None if it raises)."""
    doc = submittal_document([dict(zip(HEADER, r, strict=True)) for r in rows], edition)
    try:
        return size(from_dict(doc))
    except SizingInputError:
        return None


def assert_same_as_single(rows: list[list[str]], result, edition: str) -> int:
    by_sid: dict[str, list[list[str]]] = {}
    for r in rows:
        by_sid.setdefault(r[0].strip(), []).append(r)
    got = result.results.set_index("submittal_id")
    checked = 0
    for sid, lines in by_sid.items():
        expected = single(lines, edition)
        installed = {float(r[6]) for r in lines if r[6]}
        if expected is None or len(installed) > 1:
            assert sid in result.not_sized and sid not in got.index, sid
            continue
        assert sid not in result.not_sized, (sid, result.rejects)
        row = got.loc[sid]
        g = expected.gravity
        assert row["dfu_total"] == expected.dfu_total, sid
        assert row["footnote3_volume_gal"] == g["footnote3_volume_gal"], sid
        if g["required_volume_gal"] is None:
            assert row["beyond_table"] and np.isnan(row["required_volume_gal"]) and np.isnan(row["table_volume_gal"])
        else:
            assert not row["beyond_table"]
            assert row["table_volume_gal"] == g["table_volume_gal"], sid
            assert row["required_volume_gal"] == g["required_volume_gal"], sid
        for text in ("not a listed fixture type", "drains indirectly", "no fixture is connected", "beyond Table"):
            assert (text in row["warnings"]) == any(text in w for w in expected.warnings), (sid, text)
        checked += 1
    return checked


@pytest.mark.parametrize("seed,edition", [(1, "2025"), (2, "2022"), (3, "2025")])
def test_seeded_inventory_equals_single_submittal_sizing(tmp_path, seed, edition):
    rows = random_rows(random.Random(seed), 250)
    result = run_batch(write_csv(tmp_path / "inv.csv", rows), edition=edition)
    assert len(result.rejects) > 0 and len(result.results) > 50
    assert assert_same_as_single(rows, result, edition) == len(result.results)


cells = st.tuples(st.sampled_from(["A", "B", "C"]), st.sampled_from(TYPES), st.sampled_from(COUNTS + BAD_COUNTS),
                  st.sampled_from(["", ""] + FLOWS + BAD_FLOWS), st.sampled_from(["", ""] + TRAPS + BAD_TRAPS),
                  st.sampled_from(["", ""] + CONNECTED + BAD_CONNECTED),
                  st.sampled_from(["", "750", "1000"]))


@settings(max_examples=40, deadline=None)
@given(st.lists(cells, min_size=1, max_size=12))
def test_any_inventory_equals_single_submittal_sizing(rows):
    rows = [list(r) for r in rows]
    frame = pd.DataFrame(rows, columns=HEADER).replace("", None)
    result = run_batch(frame, edition="2025")
    assert_same_as_single(rows, result, "2025")


def test_sizing_rules_match_sizing_size():
    """The batch applies the same trap-size rule, connection defaults and footnote-3 rule as `sizing size`: a 3 in
    floor drain is 6 DFU (Table 702.2(1)); toilets and the dishwasher are not connected by default; an
    indirect combi oven next to a floor sink adds no footnote-3 volume, a directly connected cooker does."""
    frame = pd.DataFrame({
        "submittal_id": ["A", "A", "A", "A", "B", "B", "C", "C"],
        "fixture_type": ["floor_drain", "water_closet", "dishwasher", "special_purpose_sink", "floor_sink", "combi_oven",
                         "food_prep_sink", "pasta_cooker"],
        "count": [1, 2, 1, 1, 1, 1, 1, 1],
        "trap_size_in": ["3", None, None, "50 mm", "2", None, None, None],
        "flow_gpm": [None, None, None, None, None, 2, None, 2]})
    r = run_batch(frame).results.set_index("submittal_id")
    assert (r.loc["A", "dfu_total"], r.loc["A", "required_volume_gal"]) == (10, 750)   # 6 + 4 (50 mm -> 2 in row)
    assert (r.loc["B", "dfu_total"], r.loc["B", "footnote3_volume_gal"], r.loc["B", "required_volume_gal"]) == (4, 0, 500)
    assert (r.loc["C", "footnote3_volume_gal"], r.loc["C", "required_volume_gal"]) == (60, 560)
    assert r.loc["A", "warnings"] == ""
    flagged = run_batch(pd.DataFrame({"submittal_id": ["D", "D"], "fixture_type": ["floor_drain", "toilet"],
                                      "count": [1, 1], "connected_to_interceptor": [None, "yes"]})).results
    assert flagged["dfu_total"].tolist() == [6.0]
    assert "shall not be connected to the grease interceptor: water_closet" in flagged["warnings"][0]
    for sid, rows in frame.groupby("submittal_id", sort=False):
        expected = size(from_dict(submittal_document(rows.drop(columns="submittal_id"))))
        assert (r.loc[sid, "dfu_total"], r.loc[sid, "required_volume_gal"]) == (expected.dfu_total,
                                                                                expected.required_volume_gal)


def test_csv_output_round_trips_the_numbers(tmp_path):
    rows = random_rows(random.Random(9), 120)
    src = write_csv(tmp_path / "inv.csv", rows)
    out = tmp_path / "out.csv"
    assert main(["batch", str(src), "--output", str(out), "--rejects", str(tmp_path / "rej.csv")]) == 1
    back = pd.read_csv(out, dtype={"submittal_id": str}, keep_default_na=False, na_values=[""])
    assert list(back.columns) == list(RESULT_COLUMNS)
    direct = run_batch(src).results
    for col in ("dfu_total", "table_volume_gal", "footnote3_volume_gal", "required_volume_gal"):
        np.testing.assert_array_equal(back[col].to_numpy(), direct[col].to_numpy())


# --- the code example, undersized, beyond the table ------------------------------------------------------

def test_example_inventory(examples):
    result = run_batch(examples / "inventory.csv")
    r = result.results.set_index("submittal_id")
    # CPC 1014.3.6 code example: 1 food-prep sink + 3 floor drains + 1 mop sink = 12 DFU -> 750 gal.
    assert (r.loc["FSE-0001", "dfu_total"], r.loc["FSE-0001", "required_volume_gal"]) == (12, 750)
    assert r.loc["FSE-0001", "undersized"] == False  # noqa: E712 (pandas boolean)
    # 2 x 3 + 4 floor sinks (2 in trap, 4 DFU) + 3 hand sinks = 25 DFU -> 1000 gal; the combi oven drains
    # indirectly to the floor sinks (no footnote-3 volume); 750 gal installed.
    assert (r.loc["FSE-0002", "dfu_total"], r.loc["FSE-0002", "required_volume_gal"]) == (25, 1000)
    assert r.loc["FSE-0002", "undersized"] == True  # noqa: E712
    assert pd.isna(r.loc["FSE-0004", "undersized"]) and r.loc["FSE-0004", "required_volume_gal"] == 500
    assert result.not_sized == ("FSE-0003",)
    assert result.rejects.to_dict("records") == [{"line": 11, "submittal_id": "FSE-0003", "reason": pytest.approx(
        result.rejects["reason"][0])}]
    assert result.rejects["reason"][0].startswith("fixture_type: unknown fixture type 'flor_drain'; did you mean")
    s = result.summary()
    assert (s["submittals"], s["sized"], s["undersized"], s["rejected_rows"]) == (4, 3, ["FSE-0002"], 1)
    assert s["by_table_volume_gal"] == [{"volume_gal": 500.0, "submittals": 1}, {"volume_gal": 750.0, "submittals": 1},
                                        {"volume_gal": 1000.0, "submittals": 1}]
    u = result.undersized()
    assert u.to_dict("records") == [{"submittal_id": "FSE-0002", "dfu_total": 25.0, "required_volume_gal": 1000.0,
                                     "installed_volume_gal": 750.0, "shortfall_gal": 250.0}]


def test_float_noise_in_footnote_3_is_not_undersized():
    # 2.16 and 2.22 gpm x 30 min: 500 + 64.8 + 66.6 = 631.4 gal, 631.4000000000001 in floating point;
    # an installed 631.4 gal interceptor fits.
    frame = pd.DataFrame({"submittal_id": ["A", "A", "A"], "fixture_type": ["hand_sink", "combi_oven", "combi_oven"],
                          "count": [1, 1, 1], "flow_gpm": [None, 2.16, 2.22],
                          "installed_volume_gal": [631.4, None, None]})
    r = run_batch(frame).results.iloc[0]
    assert r["required_volume_gal"] == size(from_dict({"fixtures": [
        {"type": "hand_sink"}, {"type": "combi_oven", "flow": 2.16}, {"type": "combi_oven", "flow": 2.22}]})
    ).required_volume_gal
    assert r["required_volume_gal"] > 631.4 and r["undersized"] == False  # noqa: E712
    frame.loc[0, "installed_volume_gal"] = 631.3
    assert run_batch(frame).results["undersized"].tolist() == [True]


def test_beyond_table_row_has_no_volume():
    frame = pd.DataFrame({"submittal_id": ["court", "court", "cafe"], "fixture_type": ["floor_drain", "pasta_cooker", "floor_drain"],
                          "count": [1400, 1, 1], "flow_gpm": [None, 2, None],
                          "installed_volume_gal": [15000, None, None]})
    result = run_batch(frame)
    court = result.results.set_index("submittal_id").loc["court"]
    assert court["dfu_total"] == 2800 and court["beyond_table"]
    assert np.isnan(court["required_volume_gal"]) and np.isnan(court["table_volume_gal"])
    assert court["footnote3_volume_gal"] == 60 and pd.isna(court["undersized"])
    assert "2,800 DFU is beyond Table 1014.3.6 (over 2,640 DFU)" in court["warnings"]
    assert "installed volume not compared" in court["warnings"]
    assert result.summary()["beyond_table"] == 1
    assert result.to_dict()["results"][0]["required_volume_gal"] is None
    # 2,640 DFU is still in the table.
    assert run_batch(pd.DataFrame({"submittal_id": ["x"], "fixture_type": ["floor_drain"], "count": [1320]})
                     ).results["required_volume_gal"].tolist() == [15000]


# --- bad rows, line numbers -------------------------------------------------------------------------------

BAD = """submittal_id,fixture_type,count,flow_gpm,trap_size_in,connected_to_interceptor,installed_volume_gal
A,food_prep_sink,1,,,,1000
A,floor_drain,3,,,,

B,floor_sink,2,,2.5,,500
C,flor_drain,2,,,,
C,floor_sink,1,,,,
D,floor_drain,1,,,,,,
E,floor_drain,1,,,,750
E,floor_drain,1,,,,1000
F,floor_sink,1,,5,,
G,hand_sink,-1,,,maybe,
,hand_sink,1
H,combi_oven,1,2 kg,,,
I,combi_oven,1,0.2 L/s,,,
"""


def test_bad_rows_are_reported_with_their_line(tmp_path):
    src = tmp_path / "bad.csv"
    src.write_text(BAD, encoding="utf-8")
    result = run_batch(src)
    rej = {r["line"]: (r["submittal_id"], r["reason"]) for r in result.rejects.to_dict("records")}
    assert list(result.rejects.columns) == list(REJECT_COLUMNS)
    assert sorted(rej) == [6, 7, 8, 10, 11, 12, 13, 14]
    assert rej[6][1].startswith("fixture_type: unknown fixture type 'flor_drain'; did you mean 'floor_drain'?")
    assert rej[7][1].startswith("trap_size_in: floor_sink needs a trap_size_in")
    assert rej[8] == ("D", "line has more fields than the header (expected 7 fields, saw 9)")
    assert rej[10][1].startswith("installed_volume_gal: 1,000 gal disagrees with 750 gal given on line 9")
    assert rej[11][1] == "trap_size_in: expected a trap size Table 702.2(1) lists traps up to 4 in, got '5 in'"
    assert rej[12][1] == ("count: expected a whole number >= 0, got -1; "
                          "connected_to_interceptor: expected true or false, got 'maybe'")
    assert rej[13] == (None, "submittal_id: expected the submittal's id, got nothing")
    assert rej[14][1].startswith("flow_gpm: expected a flow rate such as '5 gpm'")
    assert result.not_sized == ("C", "D", "E", "F", "G", "H")
    r = result.results.set_index("submittal_id")
    assert list(r.index) == ["A", "B", "I"]
    assert r.loc["B", "dfu_total"] == 12  # 2-1/2 in trap rounds up to 3 in: 6 DFU each
    assert r.loc["I", "footnote3_volume_gal"] == pytest.approx(0.2 * 60 / 3.785411784 * 30)


def test_cli_exit_1_lists_rejects_on_stderr(tmp_path, capsys):
    src = tmp_path / "bad.csv"
    src.write_text(BAD, encoding="utf-8")
    assert main(["batch", str(src)]) == 1
    captured = capsys.readouterr()
    err = captured.err.splitlines()
    assert err[0].startswith("sizing batch: line 6: fixture_type: unknown fixture type 'flor_drain'")
    assert err[-1] == "sizing batch: 8 rows rejected; 6 submittals not sized: C, D, E, F, G, H"
    assert captured.out.splitlines()[0] == ",".join(RESULT_COLUMNS)
    rejects = tmp_path / "rejects.csv"
    assert main(["batch", str(src), "--rejects", str(rejects), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["not_sized"] == ["C", "D", "E", "F", "G", "H"]
    assert {r["submittal_id"] for r in data["results"]} == {"A", "B", "I"}
    assert pd.read_csv(rejects)["line"].tolist() == [6, 7, 8, 10, 11, 12, 13, 14]


def test_cli_exit_0_and_output_file(tmp_path, capsys, examples):
    good = tmp_path / "good.csv"
    good.write_text("\n".join((examples / "inventory.csv").read_text().splitlines()[:4]) + "\n")
    out = tmp_path / "sub" / "out.csv"
    assert main(["batch", str(good), "--output", str(out), "--edition", "2022", "--progress"]) == 0
    captured = capsys.readouterr()
    assert "100% reading" in captured.err and captured.out == ""
    assert out.read_text().splitlines()[1].startswith("FSE-0001,3,12,750,0,750,750,False,False,")


@pytest.mark.parametrize("content,expected", [
    (None, r"^sizing batch: FILE: no such file: .*missing\.csv$"),
    (b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00\xa0\xff", r"^sizing batch: FILE: .* is not UTF-8 text"),
    (b"", r"^sizing batch: FILE: .* is empty"),
    (b"edition: '2025'\nfixtures: []\n", r"missing required columns submittal_id, fixture_type, count"),
    (b"submittal_id,fixture_type\nA,floor_drain\n", r"missing required column count \(found: submittal_id"),
    (b"submittal_id,fixture_type,count,flow_gmp\n", r"unknown column 'flow_gmp' \(did you mean 'flow_gpm'\?\)"),
    (b"submittal_id,fixture_type,count\nA,\"floor_drain,1\n", r"is not valid CSV"),
])
def test_unreadable_file_exits_2_with_one_line(tmp_path, capsys, content, expected):
    path = tmp_path / "missing.csv"
    if content is not None:
        path.write_bytes(content)
    assert main(["batch", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert pytest.importorskip("re").search(expected, err.strip())


def test_bad_edition_exits_2(capsys, examples):
    assert main(["batch", str(examples / "inventory.csv"), "--edition", "2019"]) == 2
    assert capsys.readouterr().err.strip() == "sizing batch: --edition: expected one of '2022', '2025', got '2019'"


def test_exit_codes_in_a_subprocess(tmp_path, examples):
    run = [sys.executable, "-m", "sizing", "batch"]
    bad = subprocess.run(run + [str(examples / "inventory.csv")], capture_output=True, text=True)
    assert bad.returncode == 1 and "FSE-0003" in bad.stderr
    good = tmp_path / "good.csv"
    good.write_text("submittal_id,fixture_type,count\nA,floor_drain,3\n")
    ok = subprocess.run(run + [str(good)], capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stderr == "" and ok.stdout.splitlines()[1].startswith("A,1,6,500")
    missing = subprocess.run(run + [str(tmp_path / "nope.csv")], capture_output=True, text=True)
    assert missing.returncode == 2 and len(missing.stderr.splitlines()) == 1


# --- API details ---------------------------------------------------------------------------------------

def test_column_names_and_file_objects():
    text = ("Submittal_ID , Fixture_Type,COUNT,notes\n x1 ,Pot Sink,2,back kitchen\nx1,toilet,,restroom\n")
    for source in (io.StringIO(text), io.BytesIO(("\ufeff" + text).encode("utf-8"))):
        r = run_batch(source).results
        # 2 pot sinks (3 DFU each); the water closet is not on the grease line by default
        assert r[["submittal_id", "dfu_total", "required_volume_gal"]].values.tolist() == [["x1", 6.0, 500.0]]


def test_progress_callback_and_text_bar(tmp_path):
    rows = random_rows(random.Random(4), 30, big=False)
    calls = []
    run_batch(write_csv(tmp_path / "inv.csv", rows), progress=lambda d, t, s: calls.append((d, t, s)))
    assert calls[0][2] == "reading" and calls[-1][2] == "done"
    assert calls[0][0] == calls[0][1] == len(rows)
    stream = io.StringIO()
    bar = TextProgress(stream, width=10)
    bar(5, 10, "reading")
    bar(10, 10, "reading")
    bar(1, 1, "done")
    assert stream.getvalue() == ("\rsizing batch [#####-----]  50% reading 5/10 rows   "
                                 "\rsizing batch [##########] 100% reading 10/10 rows   \n")


def test_submittal_document_is_the_equivalent_submittal():
    doc = submittal_document(pd.DataFrame({"fixture_type": ["floor_sink", "combi_oven"], "count": [2, None],
                                           "trap_size_in": ["2", None], "flow_gpm": [None, "3"]}), "2022")
    assert doc == {"edition": "2022", "fixtures": [{"type": "floor_sink", "count": 2, "trap_size": "2"},
                                                   {"type": "combi_oven", "flow": "3"}]}


# --- the batch path stays light ---------------------------------------------------------------------------

def test_batch_imports_neither_streamlit_matplotlib_nor_sympy(examples, tmp_path):
    code = (
        "import sys\n"
        "from sizing.cli.main import main\n"
        f"rc = main(['batch', {str(examples / 'inventory.csv')!r}, '--output', {str(tmp_path / 'o.csv')!r}])\n"
        "heavy = sorted(m for m in ('streamlit', 'matplotlib', 'sympy') if m in sys.modules)\n"
        "print(rc, heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["1", "[]"]
    plain = subprocess.run([sys.executable, "-c", (
        "import sys\nfrom sizing.batch import run_batch\n"
        f"run_batch({str(examples / 'inventory.csv')!r}.replace('inventory', 'inventory'))\n"
        "print(sorted(m for m in ('pint', 'streamlit', 'matplotlib', 'sympy') if m in sys.modules))\n")],
        capture_output=True, text=True, check=True).stdout.strip()
    # the example has a mistyped fixture type: its message (with a suggestion) comes from sizing.io.submittal,
    # which no longer brings pint in (the project's units convert without it)
    assert plain == "[]"


def test_clean_numeric_inventory_does_not_import_pint(tmp_path):
    src = write_csv(tmp_path / "inv.csv", [["A", "floor_drain", "3", "", "", "", "750"],
                                           ["A", "combi_oven", "1", "2.5", "", "no", ""]])
    code = ("import sys\nfrom sizing.batch import run_batch\n"
            f"r = run_batch({str(src)!r})\nprint(len(r.rejects), 'pint' in sys.modules)\n")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.split() == ["0", "False"]


def test_benchmark_script_smoke(tmp_path):
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "batch_benchmark.py"), "-n", "150",
                          "--sample", "25", "--repeat", "1", "--keep", str(tmp_path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "sample check: 25/25 submittals identical to sizing.cpc.size.size" in out.stdout
    json_out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "batch_benchmark.py"), "-n", "60",
                               "--sample", "10", "--repeat", "1", "--format", "json", "--no-inner"],
                              capture_output=True, text=True, cwd=ROOT)
    assert "sample check: 10/10 submittals identical to sizing.cpc.size.size" in json_out.stdout, json_out.stderr
    lines = out.stdout.splitlines()
    assert [line.split(" wall ")[0].strip() for line in lines if " wall " in line] == [
        "bare pandas (floor)", "sizing batch (csv)", "sizing batch (json)"]
    assert all("peak RSS" in line and "; load " in line for line in lines if " wall " in line)
    assert sum("vs bare: time" in line and "memory" in line for line in lines) == 2


def test_header_only_inventory_is_empty_not_an_error(tmp_path, capsys):
    src = tmp_path / "empty.csv"
    src.write_text("submittal_id,fixture_type,count\n\n")
    assert main(["batch", str(src), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["results"], data["rejects"], data["summary"]["submittals"]) == ([], [], 0)


def test_stderr_lists_at_most_100_rejects(tmp_path, capsys):
    rows = [[f"S{i}", "floor_sink", "1", "", "", "", ""] for i in range(130)]  # floor sinks without a trap size
    assert main(["batch", str(write_csv(tmp_path / "inv.csv", rows))]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 102 and err[0].startswith("sizing batch: line 2: trap_size_in: floor_sink needs")
    assert err[100] == "sizing batch: ... and 30 more rejected rows; write them all with --rejects PATH"
    assert err[101].startswith("sizing batch: 130 rows rejected; 130 submittals not sized: S0, S1, S2")


def test_a_frame_read_by_pandas_gives_what_the_file_gives(examples):
    from_file = run_batch(examples / "inventory.csv")
    from_frame = run_batch(pd.read_csv(examples / "inventory.csv"))
    pd.testing.assert_frame_equal(from_file.results, from_frame.results)
    pd.testing.assert_frame_equal(from_file.rejects, from_frame.rejects)


def test_a_semicolon_inventory_is_told_about_its_separator(tmp_path):
    from sizing.batch import run_batch
    from sizing.errors import SizingInputError

    path = tmp_path / "kitchens.csv"
    path.write_text("submittal_id;fixture_type;count\nFSE-1;floor_drain;2\n")
    with pytest.raises(SizingInputError) as err:
        run_batch(path)
    assert "kitchens.csv: missing required columns" in str(err.value)
    assert str(err.value).endswith("the header is separated by ';', not commas: save the inventory as CSV with commas")

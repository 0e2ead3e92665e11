"""No silent wrong status: a status reads "pass", "compliant" or "in order" only when the tool knows it.

Each test reproduces a defect an independent review found by hand from public sources, with the expected value
worked out in the test (CPC/UPC tables, PDI G-101, the model FOG ordinance's maintenance clauses).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from pathlib import Path

import pytest

from sizing.cli.main import main
from sizing.cpc.size import size
from sizing.io.submittal import from_dict
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.rules import maintenance as m
from sizing.rules.review import review

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def by_rule(findings):
    return {f.rule: f for f in findings}


# --- 1. A capacity summed from part of the fixtures is never a pass -----------------------------------------

HGI = """edition: "2025"
construction: new
project: {{name: HGI cafe}}
fixtures:
  - {{type: three_compartment_sink, count: 1, area: cleanup, compartments: 3, length: 18 in, width: 18 in, depth: 12 in}}
  - {{type: food_prep_sink, count: 3, area: food_prep{prep}}}
interceptor: {{type: hydromechanical, rated_flow: {gpm} gpm, accessible: true}}
max_discharge_temperature: 140 degF
review_date: "2026-03-02"
"""


def test_hgi_capacity_on_partial_data_is_incomplete_not_pass(tmp_path, capsys):
    """Three-compartment sink 18 x 18 x 12 in: 3 x 3,888 in^3 / 231 = 50.49 gal; the three prep sinks give no
    dimensions, so 50.49 gal is a lower bound and 2.5 x 35 gpm = 87.5 gal cannot be said to be met."""
    path = write(tmp_path, "hgi.yaml", HGI.format(prep="", gpm=35))
    code, out, _ = run(capsys, "review", path)
    assert code == 1
    assert "INCOMPLETE: 0 fail" in out and "not checked in full for want of data: volume, HGI capacity" in out
    data = json.loads(run(capsys, "review", path, "--format", "json")[1])
    assert (data["compliant"], data["verdict"]) == (False, "incomplete")
    cap = next(f for f in data["findings"] if f["rule"] == "hgi_capacity")
    assert (cap["status"], cap["value"], cap["limit"]) == ("warn", 50.49, 87.5)
    assert cap["missing"] == ["fixture 2 (3 x Food preparation sink)"]
    flow = next(f for f in data["findings"] if f["rule"] == "volume")
    assert flow["status"] == "warn" and flow["missing"] == cap["missing"]
    assert any("length, width and depth" in c for c in data["corrections"])


def test_hgi_with_every_fixture_dimensioned_passes_and_a_partial_sum_over_the_limit_fails():
    """With the prep sinks at 18 x 18 x 12 in: 50.49 + 3 x 3,888 / 231 = 100.99 gal; 1-minute flow
    0.75 x 100.99 = 75.74 gpm <= 100 gpm and 100.99 <= 250 gal: pass. A partial sum already over the limit
    (50.49 gal > 2.5 x 10 gpm = 25 gal) fails: the missing fixtures can only add to it."""
    dims = ", length: 18 in, width: 18 in, depth: 12 in"
    import yaml

    full = review(from_dict(yaml.safe_load(HGI.format(prep=dims, gpm=100))))
    f = by_rule(full.findings)
    assert (f["hgi_capacity"].status, f["hgi_capacity"].value) == ("pass", 100.99)
    assert (f["volume"].status, f["volume"].limit) == ("pass", 75.74)
    assert full.verdict == "compliant" and full.compliant
    small = review(from_dict(yaml.safe_load(HGI.format(prep="", gpm=10))))
    assert by_rule(small.findings)["hgi_capacity"].status == "fail"
    assert small.verdict == "not compliant"


def test_a_finding_with_missing_parts_cannot_be_built_as_a_pass():
    from sizing.finding import Finding

    with pytest.raises(ValueError, match="partial input cannot pass"):
        Finding("volume", "pass", "c", "m", missing=("fixtures[2]",))


def test_gravity_volume_leaving_out_an_indirect_appliance_with_no_receptor_is_incomplete():
    """A combi oven drains indirectly; with no floor sink listed and no flow its load is in no sum (0 DFU, 0 gal):
    2 food preparation sinks x 3 DFU = 6 DFU -> 500 gal is a lower bound, so a 500 gal interceptor is not a pass."""
    sub = from_dict({"construction": "new", "review_date": "2026-03-02",
                     "fixtures": [{"type": "food_prep_sink", "count": 2, "area": "food_prep"},
                                  {"type": "combi_oven", "count": 1}],
                     "interceptor": {"type": "gravity", "volume": "500 gal"}})
    f = by_rule(review(sub).findings)["volume"]
    assert (f.status, f.limit, f.missing) == ("warn", 500, ("fixture 2 (Combination oven (combi oven))",))


# --- 2. Restroom fixtures are sanitary; kitchen hand sinks are decided ----------------------------------------

def test_a_hand_sink_in_the_restroom_is_not_counted():
    """4 floor drains x 2 DFU = 8 DFU -> 500 gal (Table 1014.3.6: up to 8 DFU); the restroom hand sink is a
    restroom wash basin (Prohibitions (e)) and stays off the grease line."""
    r = size(from_dict({"fixtures": [{"type": "floor_drain", "count": 4, "area": "food_prep"},
                                     {"type": "hand_sink", "count": 1, "area": "restroom"}]}))
    assert (r.dfu_total, r.gravity["required_volume_gal"]) == (8, 500)
    assert r.fixtures[1].connected is False


def test_a_restroom_hand_sink_marked_connected_fails_the_sanitary_rule():
    sub = from_dict({"construction": "new", "review_date": "2026-03-02",
                     "fixtures": [{"type": "floor_drain", "count": 4, "area": "food_prep"},
                                  {"type": "hand_sink", "count": 1, "area": "restroom",
                                   "connected_to_interceptor": True}],
                     "interceptor": {"type": "gravity", "volume": "750 gal"}})
    assert by_rule(review(sub).findings)["sanitary_connection"].status == "fail"


def test_a_lavatory_typed_in_a_food_prep_area_is_counted_with_a_warning():
    """8 DFU of floor drains + 1 DFU lavatory (Table 702.1) = 9 DFU -> 750 gal; the warning names the line."""
    r = size(from_dict({"fixtures": [{"type": "floor_drain", "count": 4, "area": "food_prep"},
                                     {"type": "lavatory", "count": 1, "area": "food_prep"}]}))
    assert (r.dfu_total, r.gravity["required_volume_gal"]) == (9, 750)
    assert any(w.startswith("fixtures[1]: 1 x Lavatory (restroom wash basin) is placed in the food prep area")
               for w in r.warnings)


def test_a_kitchen_hand_sink_is_connected_and_the_step_says_why():
    r = size(from_dict({"fixtures": [{"type": "hand_sink", "count": 2}]}))
    assert (r.dfu_total, r.fixtures[0].connected) == (2, True)
    step = next(s for s in r.steps if s.key == "dfu.fixtures[0]")
    assert "a hand sink in the food prep area is a kitchen fixture on the grease line (project decision)" in step.title


# --- 3, 4, 10. One due date, one overdue rule ------------------------------------------------------------------

OVERDUE_LOG = """project: {fse_id: FSE-0301, name: Overdue Grill}
maintenance:
  liquid_depth: 48 in
  as_of: 2026-03-02
  services: [{date: 2026-01-05, hauler: Valley Grease Haulers, manifest: VG-1}]
  measurements:
    - {date: 2026-02-02, fog: 4 in, solids: 2 in}
    - {date: 2026-02-23, fog: 6 in, solids: 6 in}
  training: [2026-01-02]
  records_kept_since: 2020-01-01
"""


def test_maintenance_past_its_own_projected_date_is_overdue_and_register_due_agrees(tmp_path, capsys):
    """Least squares through the pump-out (0 in on 2026-01-05) and the readings 28 d -> 6 in, 49 d -> 12 in:
    rate = (28 x 6 + 49 x 12) / (28^2 + 49^2) = 756 / 3,185 = 0.2374 in/day; 25 % of 48 in = 12 in is reached
    after 12 / 0.2374 = 50.6 days: 2026-02-24. On 2026-03-02 that date has passed: overdue, not in order."""
    path = write(tmp_path, "log.yaml", OVERDUE_LOG)
    code, out, _ = run(capsys, "maintenance", path, "--format", "json")
    d = json.loads(out)
    assert code == 1
    assert (d["in_order"], d["overdue"], d["due_date"], d["projected_limit_date"]) == (
        False, True, "2026-02-24", "2026-02-24")
    assert d["due_citation"].endswith("Grease interceptor maintenance (e)(1)")
    db = tmp_path / "r.db"
    assert run(capsys, "register", "add", path, "--db", db)[0] == 1
    code, out, _ = run(capsys, "register", "due", "--db", db, "--as-of", "2026-03-02", "--format", "json")
    items = [i for i in json.loads(out)["items"] if i["what"] == "pump-out"]
    assert code == 1
    assert [(i["date"], i["status"]) for i in items] == [("2026-02-24", "overdue")]
    # the 25 % rule ((e)(1)) set the date, so the due list cites it, not the 6-month cap ((e)(2))
    assert items[0]["citation"].endswith("Grease interceptor maintenance (e)(1)")


@pytest.mark.parametrize(("interval", "due"), [("3 months", "2026-04-05"), ("1 year", "2026-07-05"),
                                               ("13 weeks", "2026-04-06"), ("90 days", "2026-04-05"), (90, "2026-04-05")])
def test_an_approved_interval_in_months_counts_calendar_months(interval, due):
    """2026-01-05 + 3 calendar months = 2026-04-05 (not 91.31 days -> 04-06); 1 year is 12 months, capped at the
    6-month maximum (2026-07-05); 13 weeks = 91 exact days = 2026-04-06; 90 days = 2026-04-05."""
    rec = m.from_dict({"maintenance": {"liquid_depth": "48 in", "as_of": "2026-01-10", "approved_interval": interval,
                                       "services": [{"date": "2026-01-05", "hauler": "H", "manifest": "M"}]}})
    assert m.plan(rec, get_jurisdiction("tracy")).due_date.isoformat() == due


def test_the_deadline_day_is_due_and_the_day_after_overdue():
    """"Within 180 working days" includes day 180."""
    from sizing.rules.due import status as due_status

    day = dt.date(2026, 11, 17)
    assert [due_status(day, day - dt.timedelta(days=1)), due_status(day, day),
            due_status(day, day + dt.timedelta(days=1))] == ["due", "due", "overdue"]


def test_register_export_and_due_agree_on_the_install_deadline_day(tmp_path, capsys):
    db = tmp_path / "r.db"
    cycle1 = EXAMPLES / "register" / "corner-cafe-cycle1.yaml"
    run(capsys, "register", "add", cycle1, "--db", db)
    deadline = json.loads(run(capsys, "review", cycle1, "--format", "json")[1])["deadline"]["date"]
    after = (dt.date.fromisoformat(deadline) + dt.timedelta(days=1)).isoformat()

    def export(as_of):
        code, out, _ = run(capsys, "register", "export", "--db", db, "--as-of", as_of, "--format", "csv")
        return next(csv.DictReader(io.StringIO(out)))

    def due(as_of):
        out = run(capsys, "register", "due", "--db", db, "--as-of", as_of, "--within", "0", "--format", "json")[1]
        return {i["status"] for i in json.loads(out)["items"] if i["what"] == "install interceptor"}

    assert (export(deadline)["overdue"], due(deadline)) == ("0", {"due"})
    # the FSE's state: the install deadline due that day and the review's corrections outstanding, then the deadline
    # past with no installation recorded (Grease interceptor requirement (b)(1): in violation)
    assert export(deadline)["status"] == "action_due"
    assert (export(after)["overdue"], due(after)) == ("1", {"overdue"})
    assert export(after)["status"] == "in_violation"


# --- 6. "Latest" is the latest date, not the last typed in -------------------------------------------------------

def test_an_older_log_added_after_a_newer_one_does_not_hide_the_newer_reading(tmp_path, capsys):
    """The 2026-03-01 reading is (9 + 6) / 48 = 31.25 % full (printed to the percent precision, half up: 31.3 %): service now, whatever was
    added after it."""
    newer = write(tmp_path, "newer.yaml", """project: {fse_id: FSE-7}
maintenance: {liquid_depth: 48 in, as_of: 2026-03-02, records_kept_since: 2020-01-01, training: [2025-12-01],
  services: [{date: 2025-10-05, hauler: H, manifest: M0}], measurements: [{date: 2026-03-01, fog: 9 in, solids: 6 in}]}
""")
    older = write(tmp_path, "older.yaml", """project: {fse_id: FSE-7}
maintenance: {liquid_depth: 48 in, as_of: 2026-01-04, records_kept_since: 2020-01-01, training: [2025-12-01],
  services: [{date: 2025-10-05, hauler: H, manifest: M0}], measurements: [{date: 2026-01-02, fog: 1 in, solids: 1 in}]}
""")
    db = tmp_path / "r.db"
    run(capsys, "register", "add", newer, "--db", db)
    run(capsys, "register", "add", older, "--db", db)
    code, out, _ = run(capsys, "register", "due", "--db", db, "--as-of", "2026-03-02", "--format", "json")
    assert code == 1
    assert [(i["what"], i["detail"]) for i in json.loads(out)["items"]] == [
        ("service now", "31.3 % full (over 25 %)")]
    history = json.loads(run(capsys, "register", "history", "FSE-7", "--db", db, "--format", "json")[1])["history"]
    assert [h["date"] for h in history if h["what"] == "maintenance check"] == ["2026-01-04", "2026-03-02"]


def test_an_older_review_added_after_a_newer_one_does_not_become_the_status(tmp_path, capsys):
    base = (EXAMPLES / "review-compliant.yaml").read_text()
    newer = write(tmp_path, "newer.yaml", base.replace('review_date: "2026-03-02"', 'review_date: "2026-05-01"')
                  + "\n" if 'review_date: "2026-03-02"' in base else base)
    newer.write_text(newer.read_text().replace("project:\n", "project:\n  fse_id: FSE-0900\n", 1))
    older = write(tmp_path, "older.yaml", (EXAMPLES / "register" / "corner-cafe-cycle1.yaml").read_text()
                  .replace("FSE-0417", "FSE-0900"))
    db = tmp_path / "r.db"
    assert run(capsys, "register", "add", newer, "--db", db)[0] == 0
    assert run(capsys, "register", "add", older, "--db", db)[0] == 1
    row = next(csv.DictReader(io.StringIO(run(capsys, "register", "export", "--db", db, "--as-of", "2026-05-01",
                                              "--format", "csv")[1])))
    assert (row["status"], row["last_review"], row["cycles"]) == ("in_compliance", "2026-05-01", "1")


# --- 7, 8. Identifiers are text as written, one way -----------------------------------------------------------

def test_yaml_ids_are_kept_as_written(tmp_path, capsys):
    """YAML 1.1 reads 0417 as octal 271, 0123 as 83 and 12:30 as base-60 750; an id is text as written."""
    path = write(tmp_path, "ids.yaml", "project: {name: Ids, fse_id: 0417, permit: 0123, plan_check: 12:30}\n"
                                       "fixtures: [{type: floor_drain, count: 4}]\n")
    code, out, _ = run(capsys, "size", path, "--format", "json")
    assert code == 0
    project = json.loads(out)["project"]
    assert (project["fse_id"], project["permit"], project["plan_check"]) == ("0417", "0123", "12:30")
    log = write(tmp_path, "log.yaml", "project: {fse_id: 0417}\nmaintenance: {liquid_depth: 48 in, as_of: 2026-01-10,"
                                      " services: [{date: 2026-01-05, hauler: H, manifest: 0099}]}\n")
    db = tmp_path / "r.db"
    run(capsys, "register", "add", log, "--db", db)
    shown = json.loads(run(capsys, "register", "show", "0417", "--db", db, "--format", "json")[1])
    assert shown["fse"]["fse_id"] == "0417"
    assert [e["manifest"] for e in shown["maintenance_events"] if e["kind"] == "pump_out"] == ["0099"]


def test_a_json_id_given_as_a_number_asks_to_quote_it(tmp_path, capsys):
    path = write(tmp_path, "ids.json", '{"project": {"fse_id": 417}, "fixtures": [{"type": "floor_drain"}]}')
    code, _, err = run(capsys, "size", path)
    assert code == 2
    assert err.strip() == ('sizing size: project.fse_id: expected text: write the id in quotes, e.g. "0417", so '
                           "that it is kept exactly as written, got 417")


@pytest.mark.parametrize(("typed", "char"), [("FSE\u200b-0417", "U+200B"), ("FSE\u00ad-0417", "U+00AD"),
                                             ("FSE-0417\u202e", "U+202E")])
def test_invisible_characters_in_an_id_are_refused(tmp_path, capsys, typed, char):
    path = write(tmp_path, "s.yaml", f'project: {{fse_id: "{typed}"}}\nfixtures: [{{type: floor_drain}}]\n')
    code, _, err = run(capsys, "register", "add", path, "--db", tmp_path / "r.db")
    assert code == 2
    assert f"project.fse_id: the id contains an invisible or control character ({char}" in err
    assert len(err.strip().splitlines()) == 1


def test_look_alike_ids_are_one_fse_and_a_near_miss_is_named(tmp_path, capsys):
    """Full-width letters and a non-breaking hyphen normalise (NFKC, dashes to '-') to the id already filed."""
    db = tmp_path / "r.db"
    for name, fse in (("a.yaml", "FSE-0417"), ("b.yaml", "ＦＳＥ\u20110417")):
        path = write(tmp_path, name, f"project: {{fse_id: \"{fse}\"}}\nmaintenance: {{liquid_depth: 48 in, "
                                     "as_of: 2026-01-10, services: [{date: 2026-01-05, hauler: H, manifest: M}]}\n")
        run(capsys, "register", "add", path, "--db", db)
    out = run(capsys, "register", "export", "--db", db, "--format", "csv")[1]
    assert [r["fse_id"] for r in csv.DictReader(io.StringIO(out))] == ["FSE-0417"]
    code, _, err = run(capsys, "register", "show", "fse-0417", "--db", db)
    assert code == 2 and err.strip().endswith("no FSE 'fse-0417' in the register; did you mean 'FSE-0417'?")
    code, _, err = run(capsys, "register", "show", "FSE-04l7", "--db", db)
    assert code == 2 and err.strip().endswith("did you mean 'FSE-0417'?")


# --- 10. Texts that read right ----------------------------------------------------------------------------------

def test_an_expired_waiver_without_an_interceptor_reads_plainly():
    import yaml

    data = yaml.safe_load((EXAMPLES / "review-waiver-granted.yaml").read_text())
    data["review_date"] = "2027-06-01"
    data.pop("interceptor", None)
    f = by_rule(review(from_dict(data)).findings)["interceptor_required"]
    assert f.status == "fail"
    assert "the plans show no interceptor" in f.message and "no interceptor is not shown" not in f.message


# --- 11. No "in effect" past the editions the tool knows ---------------------------------------------------------

def test_an_application_date_past_the_known_editions_is_said_loudly():
    """California adopts a CPC every three years: CPC 2025 from 2026-01-01; the next is expected 2029-01-01."""
    late = from_dict({"application_date": "2030-06-01", "fixtures": [{"type": "floor_drain"}]})
    assert late.edition == "2025"
    assert "in effect" not in late.edition_basis.split(";")[0]
    assert late.edition_basis.startswith("CPC 2025: the latest edition this tool has")
    assert any(w.startswith("edition: the CPC edition in effect on 2030-06-01 is not known to this tool: it knows "
                            "the editions through 2028-12-31") for w in late.warnings)
    step = size(late).steps[0]
    assert step.provenance == "unconfirmed"
    known = from_dict({"application_date": "2028-12-31", "fixtures": [{"type": "floor_drain"}]})
    assert known.edition_basis == "CPC 2025: in effect on the application date 2028-12-31" and not known.warnings


# --- Decisions: pump-out gaps older than the records window -------------------------------------------------------

def test_a_pump_out_gap_before_the_records_retention_period_is_not_held_against_the_fse():
    """Record keeping asks for 3 years of records: on 2026-03-02 they reach back to 2023-03-02. A 2019-2020 gap of
    more than 6 months lies before them and is listed as not counted; a gap ending inside the period fails."""
    def finding(services):
        rec = m.from_dict({"maintenance": {"liquid_depth": "48 in", "as_of": "2026-03-02", "services": [
            {"date": d, "hauler": "H", "manifest": f"M{i}"} for i, d in enumerate(services)]}})
        return by_rule(m.plan(rec, get_jurisdiction("tracy")).findings)["pump_out_interval"]

    old_gap = ["2019-01-10", "2020-03-01", "2020-08-01", "2021-01-15", "2021-07-01", "2021-12-15", "2022-06-01",
               "2022-11-20", "2023-05-10", "2023-11-01", "2024-04-20", "2024-10-10", "2025-04-01", "2025-09-20",
               "2026-02-20"]
    f = finding(old_gap)
    assert f.status == "pass"
    assert "gaps ending before the 2023-03-02 start of the records retention period are not counted: " \
           "2019-01-10 to 2020-03-01" in f.message
    recent_gap = ["2024-01-10", "2024-09-01", "2025-02-20"]
    assert finding(recent_gap).status == "fail"


def test_batch_reads_ids_as_the_register_files_them(tmp_path):
    """A full-width, non-breaking-hyphen id is the same submittal as its ASCII twin (2 + 3 x 2 = 8 DFU); an id
    with a zero-width space is rejected by line, naming the character."""
    from sizing.batch import run_batch

    path = write(tmp_path, "inv.csv", "submittal_id,fixture_type,count\n0417,floor_drain,3\n"
                                      "ＦＳＥ\u2011001,floor_drain,3\nFSE-001,floor_drain,1\nFSE\u200b-9,floor_drain,1\n")
    result = run_batch(path)
    rows = result.results.set_index("submittal_id")
    assert sorted(rows.index) == ["0417", "FSE-001"]
    assert (rows.loc["FSE-001", "fixture_lines"], rows.loc["FSE-001", "dfu_total"]) == (2, 8)
    assert result.rejects["line"].tolist() == [5]
    assert result.rejects["reason"].iloc[0].startswith("submittal_id: the id contains an invisible or control "
                                                       "character (U+200B")


# --- A comparison passes only if the value as entered meets the limit -------------------------------------------

@pytest.mark.parametrize(("volume", "status", "shown"), [
    ("999.9 gal", "fail", "999.9 gal"), ("999.86 gal", "fail", "999.86 gal"), ("1000 gal", "pass", "1,000 gal"),
    (999.9, "fail", "999.9 gal"),
    # 3785.41 L is 1,000 gal: 3785 L rounded to the litre gets the half-litre slack; 3784 L does not reach it
    # 3785 / 3.785411784 = 999.891 gal and 3784 / 3.785411784 = 999.627 gal, shown to a volume's one decimal
    ("3785 L", "pass", "3785 L (999.9 gal)"), ("3784 L", "fail", "3784 L (999.6 gal)")])
def test_the_volume_as_entered_meets_the_size_or_fails(volume, status, shown):
    """8 food preparation sinks x 3 DFU = 24 DFU -> 1,000 gal (Table 1014.3.6: 22-35 DFU)."""
    sub = from_dict({"construction": "new", "review_date": "2026-03-02",
                     "fixtures": [{"type": "food_prep_sink", "count": 8}],
                     "interceptor": {"type": "gravity", "volume": volume}}, jurisdiction=get_jurisdiction("cpc"))
    f = by_rule(review(sub).findings)["volume"]
    assert (f.status, f.limit) == (status, 1000)
    assert f.message.startswith(f"Proposed volume {shown} ")

"""The local rule types: a local size applied with the CPC (the larger governs, both shown), dishwashers and
disposers permitted or barred by device type, and maintenance intervals fixed by device type. Each is general:
its numbers and citations come from a profile (here small test profiles of an imaginary city, written to a file,
and the shipped Fullerton and Long Beach profiles), and a bad value is refused when the profile is loaded, in one
line naming the file and the key path."""

from __future__ import annotations

import copy
import datetime as dt
import json
from pathlib import Path

import pytest
import yaml

from sizing.cli.main import main
from sizing.errors import TableError
from sizing.io import submittal
from sizing.jurisdiction.profile import get, load_file
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.rules import device_maintenance
from sizing.rules import maintenance as m
from sizing.rules.review import review
from sizing.rules.review_rules.local_size import table_size

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

BASE = {
    "jurisdiction": "City of Testburg", "ordinance": "Testburg Municipal Code ch. 9", "chapter": "TBMC ch. 9",
    "provenance": "derived", "source": "a test profile", "texts": {"letterhead": "Testburg FOG Program"},
    "holidays": {"country": "US", "subdivision": "CA", "observed_days": True},
    "review_rules": ["volume"],
    "sizing": {"dishwasher_connection": {"value": "may", "citation": "TBMC 9.1"},
               "sanitary_connection": {"value": "shall_not", "citation": "TBMC 9.2"}},
    "parameters": {},
}


def profile(tmp_path: Path, name: str, rules=(), parameters=None, **extra) -> Path:
    raw = copy.deepcopy(BASE)
    raw["review_rules"] = ["volume", *rules]
    raw["parameters"] = parameters or {}
    raw.update(extra)
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    return path


def compliant() -> dict:
    """The compliant example: 30 DFU of kitchen fixtures and a 1,250 gal gravity interceptor. CPC Table
    1014.3.6: 22-35 DFU -> 1,000 gal (the row as printed in the CPC, /work reference plumbing-code-facts)."""
    return yaml.safe_load((EXAMPLES / "review-compliant.yaml").read_text())


def finding(doc: dict, path: Path, rule: str):
    found = [f for f in review(submittal.from_dict(doc, jurisdiction=get_jurisdiction(str(path)))).findings if f.rule == rule]
    return found[0] if len(found) == 1 else found


# --- a local size with the CPC ------------------------------------------------------------------------------

def test_table_size_takes_the_first_row_at_or_above_the_load():
    rows = [[20, 750], [35, 1500], [90, 2000]]
    assert table_size(rows, 20) == 750          # on a bound: that row
    assert table_size(rows, 20.5) == 1500       # just above: the next
    assert table_size(rows, 35) == 1500
    assert table_size(rows, 36) == 2000
    assert table_size(rows, 90.5) is None       # beyond the last row


def test_a_local_minimum_above_the_cpc_size_governs_and_both_are_shown(tmp_path):
    """Local minimum 1,500 gal, CPC 1,000 gal (30 DFU): 1,500 governs; the 1,250 gal interceptor fails."""
    path = profile(tmp_path, "minville", ["local_size"],
                   {"local_min_volume": {"value": 1500, "unit": "gal", "citation": "TBMC 9.3(a)"}})
    f = finding(compliant(), path, "local_size")
    assert f.status == "fail" and f.limit == 1500 and f.value == 1250
    assert "CPC: 1,000 gal" in f.message and "local minimum 1,500 gal" in f.message
    assert "the larger governs: 1,500 gal" in f.message and "TBMC 9.3(a)" in f.citation
    assert f.detail["cpc"] == 1000 and f.detail["local"] == [1500.0]


def test_a_local_minimum_below_the_cpc_size_leaves_the_cpc_size_governing(tmp_path):
    path = profile(tmp_path, "lowville", ["local_size"],
                   {"local_min_volume": {"value": 500, "unit": "gal", "citation": "TBMC 9.3(a)"}})
    f = finding(compliant(), path, "local_size")
    assert f.status == "pass" and f.limit == 1000          # CPC 1,000 gal > 500 gal local


def test_a_local_minimum_written_in_litres_is_read_in_gallons(tmp_path):
    """5,678.118 L = 1,500 gal (1 gal = 3.785411784 L): the same outcome as 1,500 gal."""
    path = profile(tmp_path, "litreville", ["local_size"],
                   {"local_min_volume": {"value": 5678.118, "unit": "L", "citation": "TBMC 9.3(a)"}})
    assert get(str(path)).parameter("local_min_volume")["value"] == pytest.approx(1500, abs=1e-3)
    f = finding(compliant(), path, "local_size")
    assert f.status == "fail" and f.limit == pytest.approx(1500, abs=1e-3)


def test_a_local_table_by_fixture_units_applies_at_its_bounds(tmp_path):
    """Rows up to 29 DFU -> 1,250 gal, up to 30 -> 1,300 gal: 30 DFU lands on the second row's bound."""
    path = profile(tmp_path, "tableville", ["local_size"], {"local_size_table": {
        "value": [[29, 1250], [30, 1300], [60, 2000]], "unit": "gal", "citation": "TBMC 9.3, Table A"}})
    f = finding(compliant(), path, "local_size")
    assert f.status == "fail" and f.limit == 1300
    assert "TBMC 9.3, Table A: 1,300 gal for 30 DFU" in f.message and "CPC: 1,000 gal" in f.message
    doc = compliant()
    doc["interceptor"]["volume"] = "1300 gal"          # equal to the governing size: passes
    assert finding(doc, path, "local_size").status == "pass"


def test_a_local_table_in_litres_per_second_is_read_in_gpm(tmp_path):
    """6.309 L/s = 100 gpm (1 gpm = 0.0630902 L/s): the same finding as a table written in gpm."""
    path = profile(tmp_path, "siflowville", ["local_size"], {"local_size_table": {
        "value": [[1000, 6.30902]], "unit": "L/s", "citation": "TBMC 9.4, Table B"}})
    table = get(str(path)).parameter("local_size_table")
    assert table["unit"] == "gpm" and table["value"][0][1] == pytest.approx(100, abs=1e-3)


def test_a_load_beyond_the_local_table_is_not_a_pass(tmp_path):
    path = profile(tmp_path, "shortville", ["local_size"], {"local_size_table": {
        "value": [[10, 500], [20, 750]], "unit": "gal", "citation": "TBMC 9.3, Table A"}})
    f = finding(compliant(), path, "local_size")
    assert f.status == "warn" and "beyond the table's last row (20 DFU)" in f.message
    assert f.limit == 1000                              # the CPC size still checked


def test_an_unread_local_table_is_shown_unconfirmed_and_never_passes(tmp_path):
    path = profile(tmp_path, "unreadville", ["local_size"], {"local_size_table": {
        "value": [], "unit": "gal", "citation": "TBMC 9.3, Table A", "provenance": "unconfirmed",
        "provenance_note": "Table A not read"}})
    f = finding(compliant(), path, "local_size")
    assert f.status == "warn" and f.provenance == "unconfirmed" and f.incomplete
    assert "Table A not read" in f.message


def test_a_local_flow_table_applies_to_a_grease_trap_and_not_to_a_gravity_interceptor(tmp_path):
    """A table in gpm sizes hydromechanical interceptors: the HGI example (75 gpm) against 100 gpm at its DFU."""
    path = profile(tmp_path, "flowville", ["local_size"], {"local_size_table": {
        "value": [[1000, 100]], "unit": "gpm", "citation": "TBMC 9.4, Table B"}})
    hgi = yaml.safe_load((EXAMPLES / "review-hydromechanical.yaml").read_text())
    f = finding(hgi, path, "local_size")
    assert f.status == "fail" and f.limit >= 100 and "TBMC 9.4, Table B: 100 gpm" in f.message
    assert finding(compliant(), path, "local_size") == []      # no local size for a gravity interceptor


@pytest.mark.parametrize("table, where", [
    ({"value": [[20, 750], [10, 1000]], "unit": "gal"}, r"parameters\.local_size_table\.value\[1\]: expected"),
    ({"value": [[20, -5]], "unit": "gal"}, r"parameters\.local_size_table\.value\[0\]: expected"),
    ({"value": [[20, 750]], "unit": "ft"}, r"parameters\.local_size_table\.unit: expected a volume unit"),
    ({"value": "750", "unit": "gal"}, r"parameters\.local_size_table\.value: expected a list of rows"),
])
def test_a_bad_local_table_is_refused_at_load_naming_file_and_key(tmp_path, table, where):
    path = profile(tmp_path, "badtable", ["local_size"], {"local_size_table": {**table, "citation": "TBMC 9.3"}})
    with pytest.raises(TableError, match=rf"badtable\.yaml: {where}") as err:
        load_file(path)
    assert "\n" not in str(err.value)


def test_local_size_without_a_minimum_or_a_table_is_refused(tmp_path):
    path = profile(tmp_path, "nosize", ["local_size"], {})
    with pytest.raises(TableError, match=r"nosize\.yaml: parameters\.local_size_table: missing"):
        load_file(path)


# --- appliances by device type ---------------------------------------------------------------------------------

def hgi_with_dishwasher() -> dict:
    doc = yaml.safe_load((EXAMPLES / "review-hydromechanical.yaml").read_text())
    doc["fixtures"].append({"type": "dishwasher", "count": 1, "area": "cleanup", "connected_to_interceptor": True})
    return doc


def test_a_dishwasher_barred_from_grease_traps_fails_on_a_trap_and_passes_on_an_interceptor(tmp_path):
    path = profile(tmp_path, "trapville", ["appliances_by_device"], {"dishwasher_barred_from": {
        "value": ["hydromechanical"], "citation": "TBMC 9.5(F)"}})
    f = finding(hgi_with_dishwasher(), path, "appliances_by_device")
    assert f.status == "fail" and f.citation == "TBMC 9.5(F)" and "grease trap" in f.message
    doc = compliant()
    doc["fixtures"][7]["connected_to_interceptor"] = True     # the dishwasher, now on the gravity interceptor
    f = finding(doc, path, "appliances_by_device")
    assert f.status == "pass" and "permitted" in f.message


def test_a_disposer_is_checked_by_its_own_list(tmp_path):
    path = profile(tmp_path, "grindville", ["appliances_by_device"], {
        "dishwasher_barred_from": {"value": [], "citation": "TBMC 9.5(E)"},
        "disposer_barred_from": {"value": ["gravity", "hydromechanical"], "citation": "TBMC 9.5(G)"}})
    doc = compliant()
    doc["fixtures"].append({"type": "food_grinder", "count": 1, "area": "food_prep", "connected_to_interceptor": True})
    found = {f.citation: f for f in finding(doc, path, "appliances_by_device")}
    assert found["TBMC 9.5(G)"].status == "fail" and "food waste disposer" in found["TBMC 9.5(G)"].message
    assert found["TBMC 9.5(E)"].status == "pass"


def test_an_unknown_device_type_in_a_barred_list_is_refused_at_load(tmp_path):
    path = profile(tmp_path, "tankville", ["appliances_by_device"], {"dishwasher_barred_from": {
        "value": ["septic tank"], "citation": "TBMC 9.5"}})
    with pytest.raises(TableError, match=r"tankville\.yaml: parameters\.dishwasher_barred_from\.value: expected a "
                                         r"list of interceptor types \(gravity, hydromechanical\)"):
        load_file(path)


# --- maintenance by device type ----------------------------------------------------------------------------------

def log(tmp_path: Path, **fields) -> m.MaintenanceRecord:
    return m.from_dict({"liquid_depth": "48 in", **fields})


def test_fullerton_grease_trap_cleaned_daily_fmc_12_20_220_c(tmp_path):
    """FMC 12.20.220(C): grease removed daily. Cleaned 2026-11-30: due by 2026-12-01 (pass that day), overdue the
    day after."""
    j = get("fullerton")
    rec = log(tmp_path, device="hydromechanical", services=["2026-11-30"], as_of="2026-12-01")
    (f,) = device_maintenance.findings(rec, j, dt.date(2026, 12, 1))
    assert f.rule == "device_clean" and f.status == "pass" and f.limit == dt.date(2026, 12, 1)
    assert f.citation == "FMC 12.20.220(C)"
    (late,) = device_maintenance.findings(rec, j, dt.date(2026, 12, 2))
    assert late.status == "fail" and "overdue" in late.message


def test_long_beach_owner_inspects_monthly_lbmc_8_46_040_e(tmp_path):
    """LBMC 8.46.040(E): at least once each month. Inspected 2026-10-31: one calendar month on is 2026-11-30 (the
    month's last day); a FOG + solids reading counts as an inspection."""
    j = get("long-beach")
    rec = log(tmp_path, device="gravity", inspections=["2026-10-31"], as_of="2026-11-30")
    (f,) = device_maintenance.findings(rec, j, dt.date(2026, 11, 30))
    assert f.rule == "device_inspect" and f.status == "pass" and f.limit == dt.date(2026, 11, 30)
    assert f.citation == "LBMC 8.46.040(E)"
    (late,) = device_maintenance.findings(rec, j, dt.date(2026, 12, 1))
    assert late.status == "fail"
    rec = log(tmp_path, device="gravity", measurements=[{"date": "2026-11-20", "fog": "2 in", "solids": "3 in"}],
              as_of="2026-12-01")
    (f,) = device_maintenance.findings(rec, j, dt.date(2026, 12, 1))
    assert f.status == "pass" and f.limit == dt.date(2026, 12, 20)


def test_tasks_of_another_device_do_not_apply_and_an_unstated_device_is_a_warning(tmp_path):
    j = get("long-beach")
    assert device_maintenance.findings(log(tmp_path, device="hydromechanical", as_of="2026-12-01"), j,
                                       dt.date(2026, 12, 1)) == []
    (f,) = device_maintenance.findings(log(tmp_path, as_of="2026-12-01"), j, dt.date(2026, 12, 1))
    assert f.status == "warn" and "does not say which device" in f.message and f.incomplete
    (none,) = device_maintenance.findings(log(tmp_path, device="gravity", as_of="2026-12-01"), j, dt.date(2026, 12, 1))
    assert none.status == "warn" and "no owner's inspection on record" in none.message


def test_the_maintenance_command_checks_device_intervals_under_long_beach(tmp_path, capsys):
    path = tmp_path / "lb-log.yaml"
    path.write_text("device: gravity\nliquid_depth: 48 in\ninspections: [2026-10-15]\nas_of: 2026-12-01\n")
    assert main(["maintenance", str(path), "--jurisdiction", "long-beach"]) == 1
    assert "next due by 2026-11-15 — overdue" in capsys.readouterr().out
    assert main(["maintenance", str(path), "--jurisdiction", "long-beach", "--format", "json",
                 "--as-of", "2026-11-10"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["due_date"] == "2026-11-15" and out["due_citation"] == "LBMC 8.46.040(E)"


def test_a_device_interval_beside_the_accumulation_rule_moves_the_plan_due_date(tmp_path):
    """A profile with the accumulation rule (the City's) and a 30-day pump-out of gravity interceptors: pumped
    2026-10-01, the 30 days end 2026-10-31, before the quarterly default (2027-01-01): the plan is due then."""
    raw = yaml.safe_load((Path(get("tracy").path)).read_text())
    raw["device_maintenance"] = [{"device": "gravity", "task": "pump_out", "every": "30 days",
                                  "citation": "TBMC 9.7"}]
    path = tmp_path / "pumpville.yaml"
    path.write_text(yaml.safe_dump(raw, sort_keys=False, allow_unicode=True))
    rec = log(tmp_path, device="gravity", services=["2026-10-01"], as_of="2026-11-15")
    plan = m.plan(rec, load_file(path))
    dev = [f for f in plan.findings if f.rule == "device_pump_out"]
    assert dev[0].status == "fail" and dev[0].limit == dt.date(2026, 10, 31)
    assert plan.due_date == dt.date(2026, 10, 31) and plan.due_citation == "TBMC 9.7" and plan.overdue
    assert not plan.in_order


@pytest.mark.parametrize("every, expected", [
    ("12 hours", r"device_maintenance\[0\]\.every: expected at least 1 day"),
    ("3 ft", r"device_maintenance\[0\]\.every: expected a time such as"),
    ("soon", r"device_maintenance\[0\]\.every: expected a time such as"),
])
def test_a_bad_device_interval_is_refused_at_load(tmp_path, every, expected):
    path = profile(tmp_path, "badevery", device_maintenance=[
        {"device": "hydromechanical", "task": "clean", "every": every, "citation": "TBMC 9.6"}])
    with pytest.raises(TableError, match=rf"badevery\.yaml: {expected}"):
        load_file(path)


def test_an_unknown_task_is_refused_by_the_schema(tmp_path):
    path = profile(tmp_path, "badtask", device_maintenance=[
        {"device": "hydromechanical", "task": "polish", "every": "1 day", "citation": "TBMC 9.6"}])
    with pytest.raises(TableError, match=r"badtask\.yaml: device_maintenance\.0\.task: expected"):
        load_file(path)


@pytest.mark.parametrize("fields, message", [
    ({"device": "tank"}, "device: expected one of gravity, hydromechanical, got 'tank'"),
    ({"inspections": ["2030-01-01"]}, "inspections[0]: expected a date on or before the evaluation date 2026-12-01"),
    ({"inspections": "soon"}, "inspections: expected a list, got 'soon'"),
])
def test_a_bad_device_or_inspection_in_a_log_is_one_line_exit_2(tmp_path, capsys, fields, message):
    path = tmp_path / "bad-log.yaml"
    path.write_text(yaml.safe_dump({"liquid_depth": "48 in", "as_of": "2026-12-01", **fields}))
    assert main(["maintenance", str(path), "--jurisdiction", "long-beach"]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_the_device_interval_check_prints_as_a_pdf_and_refuses_a_chart(tmp_path, capsys):
    """LBMC 8.46.040(E): inspected 2026-10-15, due by 2026-11-15, overdue on 2026-12-01 (exit 1); the report
    names the task, its dates and its clause. No accumulation rule applies: a chart is refused in one line."""
    from pypdf import PdfReader

    path = tmp_path / "lb-log.yaml"
    path.write_text("project: {name: Harbor Grill}\ndevice: gravity\nliquid_depth: 48 in\n"
                    "inspections: [2026-10-15]\nas_of: 2026-12-01\n")
    out = tmp_path / "lb.pdf"
    assert main(["maintenance", str(path), "--jurisdiction", "long-beach", "--format", "pdf", "-o", str(out)]) == 1
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(str(out)).pages).split())
    assert "Grease removal device maintenance report" in text and "Harbor Grill" in text
    assert "ACTION NEEDED" in text and "2026-11-15" in text and "LBMC 8.46.040(E)" in text
    capsys.readouterr()
    assert main(["maintenance", str(path), "--jurisdiction", "long-beach", "--plot", str(tmp_path / "c.png")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("sizing maintenance: --plot: City of Long Beach") and \
        not (tmp_path / "c.png").exists()


# --- one required size from `sizing size` and `sizing review` ---------------------------------------------------

def four_hand_sinks() -> dict:
    """4 kitchen hand sinks, 1 DFU each (Table 702.1, lavatory row): 4 DFU, within Table 1014.3.6's first row (up to
    8 DFU -> 500 gal); a 500 gal gravity interceptor."""
    return {"edition": "2025", "construction": "new", "project": {"name": "Four sinks"},
            "fixtures": [{"type": "hand_sink", "count": 4, "area": "food_prep", "connected_to_interceptor": True}],
            "interceptor": {"type": "gravity", "volume": "500 gal"}, "review_date": "2026-03-02"}


def sized(capsys, doc, path: Path, tmp_path: Path, fmt="json"):
    plan = tmp_path / "plan.yaml"
    plan.write_text(yaml.safe_dump(doc), encoding="utf-8")
    assert main(["size", str(plan), "--jurisdiction", str(path), "--format", fmt]) == 0
    out = capsys.readouterr().out
    return json.loads(out) if fmt == "json" else out


def test_size_and_review_give_one_required_volume_under_a_local_minimum(capsys, tmp_path):
    """CPC 500 gal for 4 DFU; the local minimum 750 gal (TBMC 9.3(a)) governs. `sizing size` said 500 gal while the
    review failed the same 500 gal interceptor at 750 gal: both now read 750 gal, and the report shows each size."""
    path = profile(tmp_path, "minville", ["local_size"],
                   {"local_min_volume": {"value": 750, "unit": "gal", "citation": "TBMC 9.3(a)",
                                         "provenance": "secondary"}})
    d = sized(capsys, four_hand_sinks(), path, tmp_path)
    assert d["gravity"]["required_volume_gal"] == 500 and d["required_volume_gal"] == 750
    local = d["local"]["gravity"]
    assert (local["cpc"], local["governing"], local["local"]) == (500, 750, [
        {"size": 750, "basis": "local minimum 750 gal (TBMC 9.3(a))", "citation": "TBMC 9.3(a)",
         "provenance": "secondary"}])
    f = finding(four_hand_sinks(), path, "local_size")
    assert (f.status, f.value, f.limit) == ("fail", 500, 750) and f.limit == d["required_volume_gal"]
    text = sized(capsys, four_hand_sinks(), path, tmp_path, "text")
    assert "Gravity interceptor, required volume (CPC)" in text and "Gravity interceptor, local minimum" in text
    assert "TBMC 9.3(a) [secondary]" in text
    row = next(line for line in text.splitlines() if "required (the larger governs)" in line)
    assert "750 gal" in row and "TBMC 9.3(a)" in row
    markdown = sized(capsys, four_hand_sinks(), path, tmp_path, "markdown")
    assert "| Gravity interceptor, required (the larger governs) | 750 gal |" in markdown


def test_size_and_review_give_one_required_volume_under_a_local_table(capsys, tmp_path):
    """A local table up to 10 DFU -> 1,000 gal: 4 DFU -> 1,000 gal, above the CPC's 500 gal."""
    path = profile(tmp_path, "tableville", ["local_size"], {"local_size_table": {
        "value": [[10, 1000], [40, 1500]], "unit": "gal", "citation": "TBMC 9.4, Table A"}})
    d = sized(capsys, four_hand_sinks(), path, tmp_path)
    assert d["required_volume_gal"] == 1000 and d["local"]["gravity"]["local"][0]["citation"] == "TBMC 9.4, Table A"
    assert finding(four_hand_sinks(), path, "local_size").limit == 1000


def test_the_shipped_carmel_profile_shows_its_unread_table_in_the_sizing_report(capsys, tmp_path):
    """carmel-area-wd lists local_size with Table IV-1 not read (unconfirmed): the compliant example's 30 DFU is
    1,000 gal by Table 1014.3.6 (22-35 DFU); the report names the table as not applied, with its citation and
    level, and the review's local_size check reads the same 1,000 gal."""
    doc = compliant()
    d = sized(capsys, doc, Path("carmel-area-wd"), tmp_path)
    local = d["local"]["gravity"]
    assert (local["cpc"], local["governing"], local["local"], local["provenance"]) == (1000, 1000, [], "unconfirmed")
    assert local["not_applied"][0].startswith("CAWD Code 0-0-0-4013 (C), Table IV-1: its values were not read")
    f = finding(doc, Path("carmel-area-wd"), "local_size")
    assert f.status == "warn" and f.limit == d["required_volume_gal"] == 1000
    text = sized(capsys, doc, Path("carmel-area-wd"), tmp_path, "text")
    assert "Gravity interceptor, local size not applied" in text and "[unconfirmed]" in text

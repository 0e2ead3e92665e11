"""The maintenance plan's findings: one Finding type for the accumulation limit, the service date and the
records checks; the register reads them as they are and still reads logs stored in the older shape."""

from __future__ import annotations

import datetime as dt
import inspect
import json
from pathlib import Path

import pytest

from sizing import finding as finding_module
from sizing.cli.main import main
from sizing.finding import Finding
from sizing.io.sections import maintenance as section
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.program.adapter import normalise
from sizing.report import findings as render
from sizing.report.maintenance import maintenance_text
from sizing.rules import accumulation, records
from sizing.rules import maintenance as m
from tests.conftest import EXAMPLES
from tests.test_jurisdiction import city_folder

D = dt.date
ROOT = Path(__file__).resolve().parent.parent
RESTAURANT = EXAMPLES / "maintenance-restaurant.yaml"


def log(**kw):
    base = {"liquid_depth": "48 in", "as_of": "2025-06-01",
            "services": [{"date": "2025-03-01", "hauler": "H", "manifest": "M-1"}],
            "training": ["2025-01-15"], "records_kept_since": "2020-01-01"}
    base.update(kw)
    return base


def by_rule(p):
    return {f.rule: f for f in p.findings}


def test_the_plan_carries_one_tuple_of_findings_in_order():
    p = m.plan(m.load(str(RESTAURANT)), get_jurisdiction("tracy"))
    assert all(isinstance(f, Finding) for f in p.findings)
    assert [f.rule for f in p.findings] == ["accumulation_limit", "service_interval", "approved_interval",
                                           "pump_out_interval", "training", "manifests", "records_retention"]
    assert [f.rule for f in p.records] == [f.rule for f in p.findings][2:]
    d = p.to_dict()
    assert d["findings"] == [f.to_dict() for f in p.findings]
    assert d["records"] == d["findings"][2:]  # the records checks, the same shape
    assert {f["status"] for f in d["findings"]} == {"pass"} and d["in_order"] is True


def test_accumulation_limit_finding_value_limit_and_unit():
    under = by_rule(m.plan(m.from_dict(log(measurements=[{"date": "2025-05-01", "fog": "6 in", "solids": "6 in"}])),
                           get_jurisdiction("tracy")))["accumulation_limit"]
    assert (under.status, under.value, under.limit, under.unit) == ("pass", 25.0, 25.0, "%")
    assert under.message == "FOG + solids 25 % of the liquid depth (within 25 %)"
    assert under.citation == "TMC ch. 5.26, Prohibitions (g); Grease interceptor maintenance (e)(1)"
    over = by_rule(m.plan(m.from_dict(log(measurements=[{"date": "2025-05-01", "fog": "6.1 in", "solids": "6 in"}])),
                          get_jurisdiction("tracy")))["accumulation_limit"]
    assert (over.status, over.value) == ("fail", 25.208)
    # (6.1 + 6) in / 48 in = 25.208 %, shown to the percent's one decimal: 25.2 %
    assert over.message == "FOG + solids 25.2 % of the liquid depth (over 25 %)"
    assert "accumulation_limit" not in by_rule(m.plan(m.from_dict(log(measurements=[])), get_jurisdiction("tracy")))


def test_a_reading_before_the_pump_out_fails_the_limit_but_leaves_the_plan_in_order():
    """in_order means what it meant: no service now, not overdue, no records check failed."""
    p = m.plan(m.from_dict(log(measurements=[{"date": "2025-03-01", "fog": "8 in", "solids": "6 in"}])), get_jurisdiction("tracy"))
    assert by_rule(p)["accumulation_limit"].status == "fail"
    assert p.service_now is False and p.overdue is False and p.in_order is True


def test_service_interval_finding_is_the_due_date_and_fails_when_overdue():
    p = m.plan(m.from_dict(log(approved_interval=60, measurements=[])), get_jurisdiction("tracy"))
    f = by_rule(p)["service_interval"]
    assert (f.status, f.value, f.limit) == ("fail", D(2025, 6, 1), D(2025, 4, 30))
    assert f.message == ("pump-out due by 2025-04-30 — overdue (approved interval of 60 days after the last "
                         "pump-out (at most 6 months) (TMC ch. 5.26, Grease interceptor maintenance (e)(2)))")
    assert f.citation == "TMC ch. 5.26, Grease interceptor maintenance (e)(2)"
    assert p.in_order is False
    ok = by_rule(m.plan(m.from_dict(log(approved_interval=120, measurements=[])), get_jurisdiction("tracy")))["service_interval"]
    assert (ok.status, ok.limit) == ("pass", D(2025, 6, 29))
    assert "service_interval" not in by_rule(m.plan(m.from_dict(log(services=[], measurements=[])), get_jurisdiction("tracy")))


def test_records_not_shown_is_a_warn_that_says_what_to_give():
    f = by_rule(m.plan(m.from_dict(log(records_kept_since=None, measurements=[])), get_jurisdiction("tracy")))["records_retention"]
    assert f.status == "warn" and f.title == "Records kept for 3 years"
    assert f.message == ("Records kept for 3 years: records_kept_since not given; records must reach back to "
                         "2022-06-01")
    assert (f.value, f.limit) == (None, D(2022, 6, 1))


def test_numbers_and_citations_come_from_the_profile(tmp_path):
    def other(raw):
        p = raw["parameters"]
        p["max_accumulation_percent"]["value"] = 20
        p["max_service_interval_months"]["value"] = 4
        for key in ("max_accumulation_percent", "max_service_interval_months", "training_interval_months",
                    "records_retention_years", "pump_out_manifests"):
            p[key]["citation"] = p[key]["citation"].replace("TMC ch. 5.26", "OMC 9")
    from sizing.jurisdiction import profile as registry

    city = registry.get("other", city_folder(tmp_path, "other", other))
    p = m.plan(m.from_dict(log(approved_interval="150 days", services=["2024-11-01", "2025-04-01"],
                               measurements=[{"date": "2025-05-01", "fog": "5 in", "solids": "5 in"}])), city)
    text = json.dumps([f.to_dict() for f in p.findings])
    assert "TMC" not in text and "5.26" not in text and "6 months" not in text and "6-month" not in text
    assert "25 %" not in text
    got = by_rule(p)
    # (5 + 5) in / 48 in = 20.833 % -> 20.8 %
    assert got["accumulation_limit"].message == "FOG + solids 20.8 % of the liquid depth (over 20 %)"
    assert got["accumulation_limit"].limit == 20.0
    assert got["approved_interval"].message.startswith("Approved interval within the 4-month maximum: the approved "
                                                       "interval of 150 days is longer than 4 months (122 days)")
    assert got["pump_out_interval"].message == ("Full pump-outs at least every 4 months: more than 4 months apart: "
                                                "2024-11-01 to 2025-04-01 (151 days)")
    assert all(f.citation.startswith("OMC 9") for f in p.findings)


def test_each_check_names_its_clause_on_its_docstring_first_line():
    p = by_rule(m.plan(m.from_dict(log(approved_interval=90, measurements=[
        {"date": "2025-05-01", "fog": "1 in", "solids": "1 in"}])), get_jurisdiction("tracy")))
    checks = {"accumulation_limit": accumulation.limit_finding, "service_interval": m.service_finding,
              "approved_interval": records.approved_interval, "pump_out_interval": records.pump_out_interval,
              "training": records.training, "manifests": records.manifests,
              "records_retention": records.records_retention}
    assert set(checks) == set(p)
    for rule, fn in checks.items():
        first = inspect.getdoc(fn).splitlines()[0]
        heading = first.split(":")[0].split(" (")[0].split(";")[0]
        assert heading in p[rule].citation, (rule, first)


# --- The register --------------------------------------------------------------------------------------------

def test_the_register_reads_new_findings_as_they_are():
    d = m.plan(m.load(str(RESTAURANT)), get_jurisdiction("tracy")).to_dict()
    got = normalise("maintenance", d)
    assert [(f.rule, f.status, f.citation, f.message) for f in got] == [
        (f["rule"], f["status"], f["citation"], f["message"]) for f in d["findings"]]


LEGACY = {  # a maintenance result as stored before the plan carried findings (records with ok)
    "percent_full": 27.5, "exceeds_limit": True, "limit_percent": 25.0, "overdue": True, "due_date": "2025-04-06",
    "due_basis": "quarterly while the frequency is not established (c3)",
    "citations": {"accumulation_limit": "c1", "maximum_interval": "c2"},
    "records": [{"key": "pump_out_interval", "title": "Full pump-outs at least every 6 months", "ok": True,
                 "citation": "c2", "detail": "1 pump-out"},
                {"key": "training", "title": "Employee BMP training at least every 12 months", "ok": False,
                 "citation": "c4", "detail": "no training record"},
                {"key": "records_retention", "title": "Records kept for 3 years", "ok": None, "citation": "c5",
                 "detail": "records_kept_since not given; records must reach back to 2022-04-07"}]}


def test_a_result_stored_in_the_older_shape_reads_as_before_once_rewritten():
    from sizing.program.migrations.frozen import maintenance_result

    got = [f.to_dict() for f in normalise("maintenance", maintenance_result(LEGACY))]
    assert got == [
        {"rule": "accumulation_limit", "status": "fail", "citation": "c1",
         "message": "FOG + solids 27.5 % of the liquid depth (over 25 %)"},
        {"rule": "service_interval", "status": "fail", "citation": "c2",
         "message": "pump-out due by 2025-04-06 — overdue (quarterly while the frequency is not established (c3))"},
        {"rule": "pump_out_interval", "status": "pass", "citation": "c2",
         "message": "Full pump-outs at least every 6 months: 1 pump-out"},
        {"rule": "training", "status": "fail", "citation": "c4",
         "message": "Employee BMP training at least every 12 months: no training record"},
        {"rule": "records_retention", "status": "warn", "citation": "c5",
         "message": "Records kept for 3 years: records_kept_since not given; records must reach back to 2022-04-07"}]


def test_old_and_new_shapes_of_the_same_plan_normalise_alike():
    """A log stored before and after the change reads the same in the register once rewritten (no spurious diff)."""
    from sizing.program.migrations.frozen import maintenance_result

    p = m.plan(m.from_dict(log(approved_interval=60, records_kept_since=None, training=[], measurements=[
        {"date": "2025-05-01", "fog": "7 in", "solids": "6 in"}])), get_jurisdiction("tracy"))
    new = p.to_dict()
    old = {k: v for k, v in new.items() if k not in ("findings", "records")}
    old["records"] = [{"key": f.rule, "title": f.title, "ok": {"pass": True, "fail": False, "warn": None}[f.status],
                       "citation": f.citation, "detail": f.message.split(": ", 1)[1]} for f in p.records]
    stored, fresh = normalise("maintenance", maintenance_result(old)), normalise("maintenance", new)
    assert [(f.rule, f.status, f.citation) for f in stored] == [(f.rule, f.status, f.citation) for f in fresh]
    # (7 + 6) in / 48 in = 27.083 %: printed as the register printed it when such a log was stored, and as it is
    # printed now (a percentage to one decimal); the register's diff compares statuses, so no change is reported
    assert stored[0].message == "FOG + solids 27.083 % of the liquid depth (over 25 %)"
    assert fresh[0].message == "FOG + solids 27.1 % of the liquid depth (over 25 %)"
    assert [f.message for f in stored[1:]] == [f.message for f in fresh[1:]]
    assert {f.status for f in normalise("maintenance", new)} == {"pass", "fail", "warn"}


# --- Reports ----------------------------------------------------------------------------------------------------

def test_text_and_markdown_list_every_finding_through_the_findings_renderer():
    p = m.plan(m.from_dict(log(training=[], measurements=[])), get_jurisdiction("tracy"))
    text = maintenance_text(p)
    assert "\nFindings\n" in text
    assert "  [FAIL] training: Employee BMP training at least every 12 months: no training record\n" in text
    assert ("  [PASS] service_interval: pump-out due by 2025-06-01 (quarterly while the frequency is not established "
            "(TMC ch. 5.26, Grease interceptor maintenance (e)(3)))\n") in text
    md = maintenance_text(p, markdown=True)
    assert "## Findings\n\n| Status | Rule | Finding | Shown | Required | Citation |\n" in md
    assert ("| FAIL | training | Employee BMP training at least every 12 months: no training record | — | — | "
            "TMC ch. 5.26, Best management practices (b)(5) |") in md


def test_cli_text_is_the_report_function(capsys):
    assert main(["maintenance", str(RESTAURANT)]) == 0
    out = capsys.readouterr().out
    assert out == maintenance_text(m.plan(m.load(str(RESTAURANT)), get_jurisdiction("tracy")))
    # the example log's latest reading: 5.25 in of FOG + solids in a 48 in liquid depth = 10.9375 % -> 10.9 %
    assert "[PASS] accumulation_limit: FOG + solids 10.9 % of the liquid depth (within 25 %)" in out


def test_table_rows_pick_and_order_columns():
    f = Finding("training", "fail", "c", "no training record", value=3, limit=12, unit="months")
    assert render.table_rows([f], columns=("Rule", "Status", "Required")) == [
        {"Rule": "training", "Status": "FAIL", "Required": "12 months"}]
    assert list(render.table_rows([f])[0]) == list(render.COLUMNS)
    assert finding_module.counts([f])["fail"] == 1


# --- The section -----------------------------------------------------------------------------------------------

def test_the_maintenance_module_reads_a_log_through_its_section():
    """Read (the section's parser) then plan: 6 + 6 in of 48 in is 25 % (at the limit, not over it)."""
    assert m.from_dict is section.from_dict and m.load is section.load
    assert accumulation.percent_full(6, 6, 48) == 25.0


def test_services_are_parsed_once_into_pump_outs():
    rec = section.from_dict(log(services=["2025-02-01", {"date": "2024-12-01", "hauler": "H", "manifest": "M"}]))
    assert rec.pump_outs == (section.PumpOut(0, D(2025, 2, 1)), section.PumpOut(1, D(2024, 12, 1), "H", "M"))
    assert rec.services == (D(2024, 12, 1), D(2025, 2, 1))


def test_schema_describes_the_maintenance_section_with_the_field_lists():
    schema = json.loads((ROOT / "schema" / "submittal.schema.json").read_text())
    props = schema["properties"]["maintenance"]["properties"]
    assert tuple(props) == section.FIELDS

    def object_keys(node):
        return next(tuple(o["properties"]) for o in node.get("oneOf", [node]) if o.get("type") == "object")

    assert object_keys(props["services"]["items"]) == section.SERVICE_FIELDS
    assert object_keys(props["measurements"]["items"]) == section.MEASUREMENT_FIELDS
    assert object_keys(props["training"]["items"]) == section.TRAINING_FIELDS


@pytest.mark.parametrize("module", ["sizing/io/sections/maintenance.py", "sizing/rules/accumulation.py",
                                    "sizing/rules/records.py", "sizing/rules/maintenance.py"])
def test_the_maintenance_modules_are_small(module):
    assert len((ROOT / module).read_text().splitlines()) <= 400

"""Maintenance: the 25 % rule (TMC ch. 5.26, Prohibitions (g)), the service interval (Grease interceptor
maintenance (e)(1)-(e)(5)), and the records check (Best management practices (b)(5); Record keeping)."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from sizing.cli.main import main
from sizing.cli.output import save_figure
from sizing.errors import SizingInputError
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.report.figures import maintenance_figure
from sizing.rules import maintenance as m

D = dt.date


def log(**kw):
    base = {"liquid_depth": "48 in", "as_of": "2025-06-01", "services": ["2025-03-01"],
            "training": ["2025-01-15"], "records_kept_since": "2020-01-01"}
    base.update(kw)
    return base


def hauled(services):
    """Pump-out dates as complete wastehauling records (hauler and manifest)."""
    return [{"date": d, "hauler": "Valley Grease Haulers", "manifest": f"VG-{d}"} if isinstance(d, str) else d
            for d in services]


def run(manifests=True, **kw) -> m.MaintenancePlan:
    data = log(**kw)
    if manifests:
        data["services"] = hauled(data["services"])
    return m.plan(m.from_dict(data), get_jurisdiction("tracy"))


# --- The 25 % rule ---------------------------------------------------------------------------------------

def test_exactly_25_percent_is_not_over_the_limit():
    p = run(measurements=[{"date": "2025-05-01", "fog": "6 in", "solids": "6 in"}])
    assert p.percent_full == 25.0
    assert p.exceeds_limit is False
    assert p.service_now is False


def test_just_over_25_percent_is_over_the_limit_and_service_now():
    p = run(measurements=[{"date": "2025-05-01", "fog": "6.1 in", "solids": "6 in"}])
    assert p.percent_full == pytest.approx(25.208, abs=1e-3)
    assert p.exceeds_limit is True
    assert p.service_now is True
    assert p.next_service_date == D(2025, 6, 1)
    assert "(e)(5)" in p.next_service_basis


def test_si_depths_give_the_same_percent():
    p = run(liquid_depth="1219.2 mm", measurements=[{"date": "2025-05-01", "fog": "152.4 mm", "solids": "15.24 cm"}])
    assert p.liquid_depth_in == pytest.approx(48.0)
    assert p.percent_full == 25.0
    assert p.exceeds_limit is False


def test_limit_is_read_from_the_profile():
    assert get_jurisdiction("tracy").parameter("max_accumulation_percent")["value"] == 25
    p = run(measurements=[{"date": "2025-05-01", "fog": 1, "solids": 1}])
    assert p.limit_percent == 25.0 and p.limit_depth_in == 12.0


def test_reading_before_last_pump_out_does_not_call_for_service():
    p = run(services=["2025-03-01", "2025-05-10"], measurements=[{"date": "2025-05-10", "fog": "10 in", "solids": "5 in"}])
    assert p.exceeds_limit is True  # the reading itself was over
    assert p.service_now is False   # but the pump-out that day emptied the interceptor
    assert any("does not show the interceptor's present state" in w for w in p.warnings)


# --- Interval ----------------------------------------------------------------------------------------------

def test_quarterly_default_while_not_established():
    p = run(measurements=[{"date": "2025-04-01", "fog": "1 in", "solids": "1 in"},
                          {"date": "2025-05-01", "fog": "2 in", "solids": "2 in"}])
    assert p.established is False
    assert p.recommended_interval_days == (D(2025, 6, 1) - D(2025, 3, 1)).days == 92
    assert p.basis.startswith("quarterly default")
    assert "at least 3 FOG + solids readings since the last pump-out" in p.basis
    assert p.due_date == D(2025, 6, 1)
    assert p.overdue is False


def test_quarterly_default_without_any_reading():
    p = run(measurements=[])
    assert p.percent_full is None and p.exceeds_limit is None
    assert p.recommended_interval_days == 92 and p.basis.startswith("quarterly default")


def test_overdue_one_day_after_quarterly_due_date():
    p = m.plan(m.from_dict(log(measurements=[]), as_of=D(2025, 6, 2)), get_jurisdiction("tracy"))
    assert p.due_date == D(2025, 6, 1)
    assert p.overdue is True and p.in_order is False


def test_measured_interval_with_safety_factor():
    # 0.1 in/day through the pump-out: 12 in in 120 days; x 0.8 = 96 days.
    p = run(measurements=[{"date": "2025-03-11", "fog": "0.5 in", "solids": "0.5 in"},
                          {"date": "2025-03-21", "fog": "1 in", "solids": "1 in"},
                          {"date": "2025-03-31", "fog": "1.5 in", "solids": "1.5 in"}])
    assert p.established is True
    assert p.accumulation["rate_in_per_day"] == pytest.approx(0.1)
    assert p.accumulation["days_from_empty_to_limit"] == 120.0
    assert p.projected_limit_date == D(2025, 3, 1) + dt.timedelta(days=120)
    assert p.recommended_interval_days == 96
    assert p.next_service_date == D(2025, 3, 1) + dt.timedelta(days=96)
    assert "safety factor 0.8" in p.basis


def test_six_month_cap_for_slow_accumulation():
    p = run(measurements=[{"date": "2025-04-01", "fog": "0.1 in", "solids": "0.1 in"},
                          {"date": "2025-05-01", "fog": "0.2 in", "solids": "0.2 in"},
                          {"date": "2025-05-31", "fog": "0.3 in", "solids": "0.3 in"}])
    assert p.established is True
    assert p.recommended_interval_days == (D(2025, 9, 1) - D(2025, 3, 1)).days == 184
    assert "capped at 6 months" in p.basis
    assert p.due_date == D(2025, 9, 1)


def test_fast_accumulation_gives_a_short_interval():
    # 1 in/day: 12 days to 25 %, x 0.8 -> 9 days.
    p = run(services=["2025-05-20"], measurements=[{"date": "2025-05-22", "fog": "1 in", "solids": "1 in"},
                                                   {"date": "2025-05-24", "fog": "2 in", "solids": "2 in"},
                                                   {"date": "2025-05-26", "fog": "3 in", "solids": "3 in"}])
    assert p.recommended_interval_days == 9
    assert p.projected_limit_date == D(2025, 6, 1)
    assert p.due_date == D(2025, 6, 1)
    assert p.next_service_date == D(2025, 5, 29)
    assert p.exceeds_limit is False and p.in_order is True


def test_no_accumulation_after_established_uses_cap():
    p = run(measurements=[{"date": d, "fog": 0, "solids": 0} for d in ("2025-04-01", "2025-04-15", "2025-05-01")])
    assert p.established is True
    assert p.recommended_interval_days == 184
    assert p.projected_limit_date is None


def test_approved_interval_over_six_months_is_flagged():
    p = run(approved_interval="9 months", measurements=[])
    check = {c.rule: c for c in p.findings}["approved_interval"]
    assert check.status == "fail" and "longer than 6 months" in check.message
    assert p.due_date == D(2025, 9, 1)
    assert p.in_order is False


def test_approved_interval_sets_due_date():
    p = run(approved_interval=60, measurements=[])
    assert p.approved_interval_days == 60
    assert p.due_date == D(2025, 4, 30)
    assert p.overdue is True


def test_no_pump_out_on_record_uses_readings_line():
    p = run(services=[], measurements=[{"date": "2025-04-01", "fog": "1 in", "solids": "1 in"},
                                       {"date": "2025-05-01", "fog": "2 in", "solids": "2 in"}])
    assert p.accumulation["method"].startswith("least squares through the readings")
    assert p.accumulation["rate_in_per_day"] == pytest.approx(2 / 30, abs=1e-6)
    assert {c.rule: c.status for c in p.findings}["pump_out_interval"] == "fail"
    assert p.next_service_date is None


# --- Records ----------------------------------------------------------------------------------------------

def test_pump_outs_more_than_six_months_apart():
    p = run(services=["2024-08-01", "2025-02-02", "2025-03-01"], measurements=[])
    check = {c.rule: c for c in p.findings}["pump_out_interval"]
    assert check.status == "fail" and "2024-08-01 to 2025-02-02" in check.message


def test_pump_outs_exactly_six_months_apart_are_ok():
    p = run(services=["2024-09-01", "2025-03-01"], measurements=[])
    assert {c.rule: c.status for c in p.findings}["pump_out_interval"] == "pass"


def test_training_less_than_annual():
    p = run(training=["2024-05-31"], measurements=[])
    check = {c.rule: c for c in p.findings}["training"]
    assert check.status == "fail" and "more than 12 months" in check.message
    assert {c.rule: c.status for c in run(training=["2024-06-01"], measurements=[]).findings}["training"] == "pass"


def test_training_missing():
    p = run(training=[], measurements=[])
    assert {c.rule: c.message for c in p.findings}["training"] == (
        "Employee BMP training at least every 12 months: no training record")


def test_records_three_years():
    ok = run(records_kept_since="2022-06-01", measurements=[])
    short = run(records_kept_since="2022-06-02", measurements=[])
    young = run(records_kept_since="2023-01-10", operating_since="2023-01-10", measurements=[])
    unknown = run(records_kept_since=None, measurements=[])
    status = [{c.rule: c.status for c in p.findings}["records_retention"] for p in (ok, short, young, unknown)]
    assert status == ["pass", "fail", "pass", "warn"]
    assert unknown.in_order is True  # not shown is reported, not failed


# --- Input forms and errors ------------------------------------------------------------------------------

def test_maintenance_section_inside_a_submittal():
    doc = {"project": {"name": "Cafe"}, "fixtures": [{"type": "floor_drain"}], "maintenance": log(measurements=[])}
    rec = m.from_dict(doc)
    assert rec.liquid_depth_in == 48.0 and rec.project == {"name": "Cafe"}


def test_maintenance_file_needs_no_fixtures():
    rec = m.from_dict({"maintenance": {"liquid_depth": "4 ft", "as_of": "2025-01-01"}})
    assert rec.liquid_depth_in == 48.0


@pytest.mark.parametrize("doc, match", [
    (log(liquid_depth="0 in"), r"^liquid_depth: expected a length .*> 0 in, got '0 in'"),
    (log(liquid_depth="48 kg"), r"^liquid_depth: expected a length"),
    ({"maintenance": {"liquid_depth": 0}}, r"^maintenance\.liquid_depth: expected"),
    ({"as_of": "2025-01-01"}, r"^liquid_depth: expected the interceptor's liquid depth"),
    (log(measurements=[{"date": "2025-05-01", "fog": "50 in", "solids": 0}]),
     r"^measurements\[0\]\.fog: expected .*no deeper than the liquid depth \(48 in\)"),
    (log(measurements=[{"date": "2025-05-01", "fog": "30 in", "solids": "20 in"}]),
     r"^measurements\[0\]\.solids: FOG 30 in \+ solids 20 in = 50 in is deeper than the interceptor's liquid depth 48 in"),
    (log(measurements=[{"date": "2025-02-30", "fog": 1, "solids": 1}]),
     r"^measurements\[0\]\.date: expected a date that exists, as YYYY-MM-DD, got '2025-02-30'"),
    (log(services=["2025-13-01"]), r"^services\[0\]: expected a date that exists"),
    (log(training=[{"date": "2023-02-29"}]), r"^training\[0\]\.date: expected a date that exists"),
    (log(measurements=[{"date": "2025-07-01", "fog": 1, "solids": 1}]),
     r"^measurements\[0\]\.date: expected a date on or before the evaluation date 2025-06-01"),
    (log(measurements=[{"date": "2025-05-01", "fog": 1}]), r"^measurements\[0\]\.solids: expected the solids"),
    (log(measurements=[{"date": "2025-05-01", "fog": 1, "solid": 1}]),
     r"^measurements\[0\]\.solid: unknown field \(did you mean 'solids'\?\)"),
    (log(approved_interval="3 kg"), r"^approved_interval: expected a time such as '90 days'"),
    ({**log(), "maintenance": {"liquid_depth": "48 in"}}, r"^liquid_depth: given both at top level and under maintenance"),
    (log(liquid_dept="48 in"), r"^liquid_dept: unknown field"),
])
def test_bad_input_names_the_field(doc, match):
    with pytest.raises(SizingInputError, match=match):
        m.from_dict(doc)


# --- Figure and CLI ---------------------------------------------------------------------------------------

def test_figure_is_written(tmp_path):
    p = run(measurements=[{"date": "2025-04-01", "fog": "1 in", "solids": "1 in"},
                          {"date": "2025-05-01", "fog": "2 in", "solids": "2 in"}])
    fig = maintenance_figure(p)
    assert fig.axes[0].get_ylabel().startswith("FOG + solids")
    assert 25.0 in [line.get_ydata()[0] for line in fig.axes[0].get_lines()]
    for name in ("plot.png", "plot.svg"):
        out = save_figure(fig, tmp_path / name)
        assert out.stat().st_size > 1000
    with pytest.raises(SizingInputError, match=r"^--plot: expected a file name ending in .png"):
        save_figure(fig, tmp_path / "plot.txt")


def test_cli_in_order_json_and_plot(examples, tmp_path, capsys):
    png = tmp_path / "acc.png"
    code = main(["maintenance", str(examples / "maintenance-restaurant.yaml"), "--format", "json", "--plot", str(png)])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["percent_full"] == pytest.approx(10.938, abs=1e-3)
    assert out["recommended_interval_days"] == 115
    assert out["next_service_date"] == "2025-07-09"
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_cli_service_now_exit_1(tmp_path, capsys):
    f = tmp_path / "over.yaml"
    f.write_text(json.dumps(log(measurements=[{"date": "2025-05-01", "fog": "6.1 in", "solids": "6 in"}])))
    assert main(["maintenance", str(f)]) == 1
    assert "SERVICE NOW" in capsys.readouterr().out


def test_cli_overdue_exit_1_with_as_of(examples, capsys):
    assert main(["maintenance", str(examples / "maintenance-first-readings.yaml"), "--as-of", "2025-04-07"]) == 1
    assert "OVERDUE" in capsys.readouterr().out


def test_cli_bad_input_exit_2_one_line(tmp_path, capsys):
    f = tmp_path / "bad.yaml"
    f.write_text("liquid_depth: 0 in\n")
    assert main(["maintenance", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("sizing maintenance: liquid_depth: expected")
    assert main(["maintenance", str(f), "--as-of", "2025-02-29"]) == 2
    assert "--as-of: expected a date that exists" in capsys.readouterr().err


def test_markdown_rendering_formats_the_plan(examples, capsys):
    assert main(["maintenance", str(examples / "maintenance-restaurant.yaml"), "--format", "markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Grease interceptor maintenance — Example Bistro")
    assert "= 10.9 % (within the limit, 25 %" in out
    assert "- Next service: 2025-07-09" in out


# --- Pump-out manifests (Record keeping (c)) ------------------------------------------------------------------

def check(p, key):
    return next(c for c in p.findings if c.rule == key)


def test_pump_outs_without_hauler_and_manifest_are_not_in_order():
    """Item 7: the restaurant log as it was (two of three pump-outs without hauler and manifest) reported
    in_order: true; the manifests check is now not met and names them."""
    data = log(as_of="2025-06-20", services=["2024-10-15",
                                             {"date": "2025-01-14", "hauler": "Valley Grease Haulers",
                                              "manifest": "VG-20250114-07"},
                                             "2025-04-10"])
    p = m.plan(m.from_dict(data), get_jurisdiction("tracy"))
    c = check(p, "manifests")
    assert c.status == "fail" and p.in_order is False
    assert c.message.startswith("Hauler and manifest of each pump-out: 2 of 3 pump-outs since 2022-06-20 without a "
                                "complete wastehauling record")
    assert "service 1 (2024-10-15): no hauler and no manifest" in c.message
    assert "service 3 (2025-04-10)" in c.message and "service 2 " not in c.message
    assert c.citation == "TMC ch. 5.26, Record keeping (c); Grease interceptor maintenance (f)"


def test_manifest_without_hauler_is_incomplete_and_old_pump_outs_are_outside_the_retention_period():
    p = run(manifests=False, services=[{"date": "2025-03-01", "manifest": "VG-1"}])
    assert "service 1 (2025-03-01): no hauler" in check(p, "manifests").message
    # A pump-out more than 3 years before the evaluation date need not keep its manifest.
    old = run(manifests=False, as_of="2025-06-01",
              services=["2022-05-01", {"date": "2025-03-01", "hauler": "H", "manifest": "M-1"}])
    assert check(old, "manifests").status == "pass"
    assert check(old, "manifests").message == (
        "Hauler and manifest of each pump-out: hauler and manifest recorded for the pump-out since 2022-06-01")


def test_restaurant_example_keeps_every_manifest(examples):
    p = m.plan(m.load(str(examples / "maintenance-restaurant.yaml")), get_jurisdiction("tracy"))
    assert check(p, "manifests").status == "pass" and p.in_order is True

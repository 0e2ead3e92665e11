"""City of Placerville, City Code title 7 chapter 5, as read 2026-12-01 from the stored public code text at
codelibrary.amlegal.com (placerville_ca 0-0-0-4966: 7-5-8; 0-0-0-4975: 7-5-10; 0-0-0-5010: 7-5-13 in part).

Expected values come from that text: 7-5-8(B)(2)(a) "within one hundred eighty (180) days following issuance of
written notification by the director" (days, not working days); 7-5-8(A) "Dishwashers shall not be connected to the
grease interceptor"; 7-5-10(B) two compartments; 7-5-10(D) 24 in manholes over each chamber and sanitary tee."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import yaml

from sizing.cli.main import main
from sizing.io import submittal
from sizing.jurisdiction.profile import get
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.rules.review import review

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def existing_fse(notified: str, reviewed: str, *, shown: bool) -> dict:
    """The noncompliant example's existing FSE (a blockage; the Director's notification on ``notified``)."""
    doc = yaml.safe_load((EXAMPLES / "review-noncompliant.yaml").read_text())
    doc["existing_fse"]["notification_date"] = notified
    doc["review_date"] = reviewed
    if not shown:
        del doc["interceptor"]
    return doc


def required(doc: dict, jid: str):
    r = review(submittal.from_dict(doc, jurisdiction=get_jurisdiction(jid)))
    finding = next(f for f in r.findings if f.rule == "interceptor_required")
    deadline = next(d for d in r.deadlines if d.rule == "interceptor_required")
    return finding, deadline


def test_installed_after_180_calendar_days_is_late_in_placerville_and_in_time_in_tracy():
    """Notified 2025-11-03, reviewed 2026-06-01 with the interceptor shown. Placerville counts 180 calendar days:
    Nov 3 -> Nov 30 is 27, + Dec 31 + Jan 31 + Feb 28 + Mar 31 + Apr 30 = 178, + 2 = 180 on 2026-05-02, a Saturday
    (2026-01-01 is a Thursday: May 1 is day 120 of the year, a Friday), so the last day runs to Monday 2026-05-04
    (Cal. Code Civ. Proc. §§ 12, 12a), which passed 28 days (May 4 -> Jun 1) before the review: a warning. Tracy counts 180 working days (36 weeks of five, 252
    calendar days, plus its observed holidays): 2026-07-28, as the City's own review tests give it; still in time."""
    doc = existing_fse("2025-11-03", "2026-06-01", shown=True)
    pl, pl_due = required(doc, "placerville")
    tr, tr_due = required(doc, "tracy")
    assert (pl.status, pl.citation, pl_due.date, pl_due.day_kind) == (
        "warn", "PCC 7-5-8(B)(2)(a)", dt.date(2026, 5, 4), "calendar days")
    assert "the deadline passed 28 calendar days before 2026-06-01" in pl.message
    assert pl_due.extended == ("extended from 2026-05-02 to 2026-05-04, the next day that is not a holiday: "
                               "2026-05-02 (Saturday), 2026-05-03 (Sunday) (Cal. Code Civ. Proc. §§ 12, 12a)")
    assert pl_due.extended in pl.message
    assert tr.status == "pass" and tr_due.day_kind == "working days"
    assert tr_due.date == dt.date(2026, 7, 28)


def test_no_interceptor_shown_must_be_installed_by_the_calendar_day_deadline(capsys):
    """Notified 2026-01-05, reviewed 2026-03-02, no interceptor shown: both fail, but the correction gives a different
    date. Placerville: Jan 5 -> Jan 31 is 26, + Feb 28 + Mar 31 + Apr 30 + May 31 + Jun 30 = 176, + 4 = 2026-07-04
    (180 days), a Saturday and Independence Day: the last day runs past Sunday 2026-07-05 to Monday 2026-07-06 (Cal.
    Code Civ. Proc. §§ 12, 12a); 126 days remain after Mar 2 (29 + 30 + 31 + 30 + 6). Tracy: 180 working days, at least 252 calendar days, after 2026-09-14."""
    doc = existing_fse("2026-01-05", "2026-03-02", shown=False)
    pl, pl_due = required(doc, "placerville")
    tr, tr_due = required(doc, "tracy")
    assert (pl.status, pl.limit, pl.citation) == ("fail", "by 2026-07-06", "PCC 7-5-8(B)(2)(a)")
    assert pl.correction.startswith("Show the grease interceptor on the plans; it must be installed by 2026-07-06 "
                                    "(180 calendar days after the notification of 2026-01-05")
    assert pl_due.working_days_left == 126 and pl_due.holidays_skipped == ()
    assert pl_due.extended.startswith("extended from 2026-07-04 to 2026-07-06") and "Independence Day" in pl_due.extended
    assert tr.status == "fail" and tr_due.date >= dt.date(2026, 9, 14)


def test_the_noncompliant_example_is_reviewed_against_placervilles_sections_only(capsys):
    """review-noncompliant: 1 compartment < 2 (7-5-10(B)); a 600 mm = 23.62 in manhole < 24 in (7-5-10(D)); a
    dishwasher on the interceptor (7-5-8(A)). The chapter's prohibitions were not read, so the 65 degC discharge and
    the additives, which fail under Tracy, are not findings here."""
    doc = yaml.safe_load((EXAMPLES / "review-noncompliant.yaml").read_text())
    pl = {f.rule: f for f in review(submittal.from_dict(doc, jurisdiction=get_jurisdiction("placerville"))).findings}
    tr = {f.rule: f for f in review(submittal.from_dict(doc, jurisdiction=get_jurisdiction("tracy"))).findings}
    assert (pl["compartments"].status, pl["compartments"].value, pl["compartments"].limit,
            pl["compartments"].citation) == ("fail", 1, 2, "PCC 7-5-10(B)")
    assert (pl["manhole_diameter"].limit, pl["manhole_diameter"].citation) == (24, "PCC 7-5-10(D)")
    assert (pl["dishwasher_connection"].status, pl["dishwasher_connection"].citation) == ("fail", "PCC 7-5-8(A)")
    assert tr["discharge_temperature"].status == "fail" and tr["additives"].status == "fail"
    assert not {"discharge_temperature", "additives", "food_grinder", "sanitary_connection"} & set(pl)
    assert main(["review", str(EXAMPLES / "review-noncompliant.yaml"), "--jurisdiction", "placerville"]) == 1
    out = capsys.readouterr().out
    assert "Plan review — City of Placerville, California" in out and "Tracy MC" not in out


def test_show_prints_every_value_with_its_citation_and_level(capsys):
    """`show placerville`: the 180 days with 7-5-8(B)(2)(a); the unread waiver validity marked unconfirmed; the
    dishwasher connection default with 7-5-8(A); the count: 17 values (2 connection defaults + 15 parameters), 14 read
    (dishwasher default + 13 parameters), 1 derived (a manhole over a tee serves its chamber), 2 unconfirmed (the
    sanitary default, the waiver validity)."""
    assert main(["jurisdictions", "show", "placerville"]) == 0
    out = capsys.readouterr().out
    assert "existing_trigger_install_period = 180 calendar days — PCC 7-5-8(B)(2)(a) [secondary]" in out
    assert "waiver_validity = not read — PCC 7-5-13 (not read to the end) [unconfirmed]" in out
    assert "dishwasher_connection = shall_not — PCC 7-5-8(A) [secondary]" in out
    assert "confirmation: 14 of 17 values confirmed or secondary; 1 derived, 2 unconfirmed" in out
    assert main(["jurisdictions", "list"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("placerville:"))
    assert "11 review rules; 14 of 17 values confirmed or secondary; 1 derived, 2 unconfirmed" in line


def test_the_profile_names_its_source_and_applies_no_maintenance_or_waiver_it_could_not_read(capsys):
    """7-5-10(G) was cut off after its first line and 7-5-13 after (B)4: no maintenance plan, no waiver."""
    j = get("placerville")
    assert (j.chapter, j.has_maintenance_rules, j.has_waivers) == ("PCC title 7 ch. 5", False, False)
    assert "codelibrary.amlegal.com" in j.raw["source"] and "2026-12-01" in j.raw["source"]
    assert main(["waiver", str(EXAMPLES / "waiver-coffee-bar.yaml"), "--jurisdiction", "placerville"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_register_keeps_the_extended_install_deadline_and_says_why(capsys, tmp_path):
    """Notified Mon 2026-01-05: 180 calendar days end on Sat 2026-07-04 (Independence Day), extended past Sun 07-05
    to Mon 2026-07-06 (Cal. Code Civ. Proc. §§ 12, 12a); the register's due list and history give that date and
    the day it was moved from."""
    doc = existing_fse("2026-01-05", "2026-03-02", shown=True)
    doc.setdefault("project", {})["fse_id"] = "FSE-0001"
    plan = tmp_path / "plan.yaml"
    plan.write_text(yaml.safe_dump(doc), encoding="utf-8")
    db = tmp_path / "r.db"
    assert main(["register", "add", str(plan), "--db", str(db), "--jurisdiction", "placerville"]) in (0, 1)
    assert "notification of 2026-01-05: install by 2026-07-06 (extended from 2026-07-04" in capsys.readouterr().out
    assert main(["register", "due", "--db", str(db), "--as-of", "2026-03-02", "--within", "400"]) in (0, 1)
    assert ("2026-07-06  DUE      FSE-0001     install interceptor: 180 calendar days (the last day extended from "
            "2026-07-04, Cal. Code Civ. Proc. §§ 12, 12a) after the notification of 2026-01-05") in capsys.readouterr().out

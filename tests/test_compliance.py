"""The compliance state of one FSE (sizing/rules/compliance.py), from hand-written records under Tracy's profile
(tables/jurisdictions/tracy.yaml: a checklist "no" opens a ``violation`` notice, a reading over the limit a
``service_now`` order; ``maintenance_frequency`` is a written notice of a changed frequency, no violation).

The as-of day is 2026-04-15 throughout; the action-due window is 30 days, so up to 2026-05-15 included."""

from __future__ import annotations

import datetime as dt

from sizing.jurisdiction.profile import get
from sizing.rules.compliance import (
    ACTION_DUE,
    IN_COMPLIANCE,
    IN_VIOLATION,
    INCOMPLETE,
    OVERDUE,
    FseRecords,
    compliance,
    violation_notice_types,
    worst,
)

TRACY = get("tracy")
AS_OF = dt.date(2026, 4, 15)
D = dt.date
REVIEW_OK = {"id": 7, "date": D(2026, 1, 5), "cycle": 2, "compliant": True, "failing": 0, "citations": []}
REVIEW_BAD = {"id": 6, "date": D(2025, 12, 1), "cycle": 1, "compliant": False, "failing": 2,
              "citations": ["TMC ch. 5.26, Grease interceptor design standards (d)",
                            "TMC ch. 5.26, Grease interceptor design standards (d)"]}
PASSED = {"id": 3, "date": D(2026, 3, 2), "outcome": "passed", "failures": []}
FAILED = {"id": 4, "date": D(2026, 3, 2), "outcome": "failed", "failures": ["bmp.drain_screens"]}
PLAN = {"kind": "maintenance_log", "id": 11, "date": D(2026, 4, 1), "next_service": D(2026, 7, 1)}


NOTICE_DUE = D(2026, 4, 1)


def notice(status, *, type_="violation", due=NOTICE_DUE, inspection_id=4, id_=1):
    return {"id": id_, "date": D(2026, 3, 2), "due_on": due, "type": type_, "tier": 1, "title": "Notice of violation",
            "item": "bmp.drain_screens", "citation": "TMC ch. 5.26, Best management practices (b)(1)",
            "status": status, "inspection_id": inspection_id}


def item(what, day, kind="maintenance_log", id_=11, detail="basis", citation="clause"):
    return {"date": day, "what": what, "detail": detail, "citation": citation,
            "record": {"kind": kind, "id": id_, "date": D(2026, 4, 1)}}


def state(**records):
    return compliance(FseRecords("FSE-1", **records), AS_OF, TRACY)


def test_the_statuses_order_worst_first():
    assert worst([ACTION_DUE, IN_VIOLATION, OVERDUE]) == IN_VIOLATION
    assert worst([INCOMPLETE, ACTION_DUE]) == ACTION_DUE
    assert worst([]) == IN_COMPLIANCE
    assert violation_notice_types(TRACY) == {"violation", "service_now"}


def test_in_compliance_names_what_it_rests_on():
    c = state(review=REVIEW_OK, inspections=[PASSED], plan=PLAN)
    assert c.status == IN_COMPLIANCE
    assert [(r.text, r.record["kind"], r.record["id"]) for r in c.reasons] == [
        ("review cycle 2 of 2026-01-05: compliant", "cycle", 7),
        ("inspection of 2026-03-02: passed", "inspection", 3),
        ("next service due 2026-07-01", "maintenance_log", 11)]
    assert (c.last_inspection, c.next_service) == (D(2026, 3, 2), D(2026, 7, 1))


def test_no_review_and_no_deciding_inspection_is_incomplete():
    c = state()
    assert c.status == INCOMPLETE
    assert c.reasons[0].record == {"kind": "fse", "id": "FSE-1", "date": None}
    assert c.reasons[0].clause == "TMC ch. 5.26, Inspection and sampling (a)"
    # an inspection that left items unanswered decides nothing either
    c = state(inspections=[{"id": 9, "date": D(2026, 2, 1), "outcome": "incomplete", "failures": []}])
    assert (c.status, c.reasons[0].record["id"]) == (INCOMPLETE, 9)
    assert c.reasons[0].text.endswith("(the inspection of 2026-02-01 was incomplete)")
    # an inspection that passed decides: no review needed
    assert state(inspections=[PASSED]).status == IN_COMPLIANCE


def test_review_corrections_outstanding_are_action_due_citing_the_failing_clauses_once():
    c = state(review=REVIEW_BAD, inspections=[PASSED])
    assert c.status == ACTION_DUE
    (r,) = c.reasons
    assert r.text == "review cycle 1 of 2025-12-01: corrections required (2 findings failing)"
    assert (r.record, r.clause) == ({"kind": "cycle", "id": 6, "date": D(2025, 12, 1)},
                                    "TMC ch. 5.26, Grease interceptor design standards (d)")


def test_an_open_notice_of_violation_and_the_failed_inspection_it_came_from_are_in_violation():
    """Within its period (due 2026-04-20, as of 2026-04-15) the violation still stands; past it the text says so."""
    c = state(review=REVIEW_OK, inspections=[FAILED], notices=[notice("open", due=D(2026, 4, 20))])
    assert c.status == IN_VIOLATION
    assert [(r.status, r.record["kind"], r.record["id"], r.text) for r in c.reasons] == [
        (IN_VIOLATION, "notice", 1, "notice 1 open: Notice of violation (tier 1, drain screens); "
                                    "comply by 2026-04-20"),
        (IN_VIOLATION, "inspection", 4, "inspection of 2026-03-02 failed (drain screens), not cured")]
    late = state(review=REVIEW_OK, inspections=[FAILED], notices=[notice("overdue")])
    assert late.reasons[0].text.endswith("overdue since 2026-04-02")
    assert late.reasons[0].clause == "TMC ch. 5.26, Best management practices (b)(1)"


def test_a_failed_inspection_is_cured_when_its_notices_close_or_a_later_one_passes():
    closed = state(review=REVIEW_OK, inspections=[FAILED], notices=[notice("closed")])
    assert closed.status == IN_COMPLIANCE
    later = {**PASSED, "id": 5, "date": D(2026, 4, 10)}
    assert state(review=REVIEW_OK, inspections=[FAILED, later]).status == IN_COMPLIANCE
    # failed with no notice recorded: not cured
    bare = state(review=REVIEW_OK, inspections=[FAILED])
    assert (bare.status, bare.reasons[0].text) == (
        IN_VIOLATION, "inspection of 2026-03-02 failed (drain screens), not cured; no notice recorded")


def test_a_notice_of_another_type_is_a_dated_obligation():
    """A written notice of a changed frequency: action due within its period, overdue after."""
    ahead = state(review=REVIEW_OK, notices=[notice("open", type_="maintenance_frequency", due=D(2026, 5, 1),
                                                    inspection_id=None)])
    assert ahead.status == ACTION_DUE
    past = state(review=REVIEW_OK, notices=[notice("overdue", type_="maintenance_frequency", inspection_id=None)])
    assert past.status == OVERDUE


def test_due_items_past_within_and_beyond_the_window():
    """Pump-out due 2026-04-14: overdue on 04-15 (from the day after its last day); due 2026-04-15: action due
    (its own day); 2026-05-15: within 30 days; 2026-05-16: beyond, no reason."""
    assert state(review=REVIEW_OK, due=[item("pump-out", D(2026, 4, 14))]).reasons[0].text == (
        "pump-out overdue since 2026-04-15: basis")
    for day, expected in ((D(2026, 4, 14), OVERDUE), (D(2026, 4, 15), ACTION_DUE), (D(2026, 5, 15), ACTION_DUE),
                          (D(2026, 5, 16), IN_COMPLIANCE)):
        assert state(review=REVIEW_OK, due=[item("pump-out", day)]).status == expected, day


def test_each_kind_of_due_item_cites_its_record():
    cases = [
        (item("install interceptor", D(2026, 3, 1), "notification", 2), IN_VIOLATION),
        (item("install interceptor", D(2026, 5, 1), "notification", 2), ACTION_DUE),
        (item("waiver expires", D(2026, 4, 1), "waiver", 5), OVERDUE),
        (item("revocation takes effect", D(2026, 5, 1), "waiver", 5), ACTION_DUE),
        (item("employee training", D(2026, 4, 30), "maintenance_event", None), ACTION_DUE),
        (item("records", D(2026, 4, 1)), OVERDUE),
        (item("service now", D(2026, 4, 10)), OVERDUE),
    ]
    for it, expected in cases:
        c = state(review=REVIEW_OK, due=[it])
        assert (c.status, c.reasons[0].record["kind"], c.reasons[0].record["id"]) == (
            expected, it["record"]["kind"], it["record"]["id"]), it["what"]
        assert c.reasons[0].clause == "clause"


def test_worst_wins_and_the_reasons_come_worst_first():
    c = state(review=REVIEW_BAD, inspections=[FAILED], notices=[notice("overdue")],
              due=[item("pump-out", D(2026, 4, 1)), item("employee training", D(2026, 5, 1))])
    assert c.status == IN_VIOLATION
    assert [r.status for r in c.reasons] == [IN_VIOLATION, IN_VIOLATION, OVERDUE, ACTION_DUE, ACTION_DUE]
    d = c.to_dict()
    assert d["status"] == IN_VIOLATION and d["reasons"][2]["record"] == {"kind": "maintenance_log", "id": 11,
                                                                         "date": D(2026, 4, 1)}


def test_an_inspection_yes_is_the_training_evidence_on_the_due_list():
    """Tracy's training interval is 12 months (training_interval_months). No training date on file, an inspection
    of 2026-03-02 answered "yes": the next training is due 2027-03-02, said so, and the plan's "no training record"
    check is left out; a training date on file keeps its own reckoning (2025-06-01 + 12 months = 2026-06-01)."""
    from sizing.program.deadlines import _due_maintenance, _due_training, _training_evidence

    training = TRACY.parameters["training_interval_months"]
    got = []

    def add(day, fse, what, detail, citation=""):
        got.append((day, what, detail))

    _due_training("F", None, training, add, D(2026, 3, 2))
    _due_training("F", D(2025, 6, 1), training, add, D(2026, 3, 2))
    _due_training("F", None, training, add, None)
    assert got == [(D(2027, 3, 2), "employee training",
                    "verified at the inspection of 2026-03-02; date of last training not recorded"),
                   (D(2026, 6, 1), "employee training", "last training 2025-06-01")]
    log = {"as_of": "2026-04-01", "due": [
        {"what": "records", "date": "2026-04-01", "detail": "Employee BMP training: no training record",
         "citation": training["citation"]},
        {"what": "records", "date": "2026-04-01", "detail": "manifests", "citation": "TMC ch. 5.26, Record keeping (c)"}]}
    got.clear()
    _due_maintenance("F", log, add, _training_evidence(D(2026, 3, 2), training, None))
    assert [d for _, _, d in got] == ["manifests"]
    got.clear()
    _due_maintenance("F", log, add, _training_evidence(None, training, None))
    assert len(got) == 2

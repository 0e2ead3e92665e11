"""The inspection checklists and notices are profile data: Tracy's lists follow the ordinance's own paragraphs
(TMC ch. 5.26, Best management practices (b)(1)-(5); Record keeping (a)-(f)), every compliance period says
whether the ordinance sets it, a profile that names a notice type it does not define is refused at load, and a
profile without an inspections block records readings only."""

from __future__ import annotations

import datetime as dt
import textwrap

import pytest

from sizing.errors import SizingInputError
from sizing.io.sections.inspection import from_dict, media_type
from sizing.io.tables import TableError
from sizing.jurisdiction.profile import get, load_file
from sizing.rules import inspection as core
from tests.test_new_city import EXAMPLEVILLE


def test_tracy_checklists_are_the_ordinance_paragraphs():
    items = core.checklist_items(get("tracy"))
    bmp = [(k, i["citation"]) for k, i in items.items() if k.startswith("bmp.")]
    assert [c for _, c in bmp] == [f"TMC ch. 5.26, Best management practices (b)({n})" for n in range(1, 6)]
    records = [i["citation"] for k, i in items.items() if k.startswith("records.")]
    assert records == [f"TMC ch. 5.26, Record keeping ({p})" for p in "abcdef"]
    assert all(i["notice"] == "violation" for i in items.values())


def test_every_period_says_whether_the_ordinance_sets_it():
    notices = get("tracy").inspections["notices"]
    assert set(notices) == {"violation", "service_now", "maintenance_frequency", "cctv_order",
                            "self_monitoring_order", "revocation_notice"}
    for key, spec in notices.items():
        for tier in spec["tiers"]:
            p = tier["period"]
            if p["provenance"] != "confirmed":
                assert p.get("policy") == "local" and "program" in p["note"], (key, tier["title"])
    # 5.26.080(g)(1): notice "no less than thirty (30) days prior to the proposed effective date"
    assert notices["revocation_notice"]["tiers"][0]["period"] == {
        "value": 30, "unit": "days", "provenance": "confirmed",
        "note": "Mailed no less than thirty (30) days before the proposed effective date of the revocation."}
    assert [t["title"] for t in notices["violation"]["tiers"]] == [
        "Notice of violation", "Second notice of violation", "Final notice before enforcement and cost recovery"]


def test_tier_three_counts_ten_working_days_over_thanksgiving():
    """Friday 2026-11-20 + 10 working days: Nov 23, 24, 25, (26 Thanksgiving and 27 the day after closed), 30,
    Dec 1, 2, 3, 4, 7, 8 -> 2026-12-08."""
    spec = core.tier(get("tracy"), "violation", 3)
    assert (spec["period"]["value"], spec["period"]["unit"]) == (10, "working days")
    assert core.due_on(dt.date(2026, 11, 20), spec["period"], get("tracy")) == dt.date(2026, 12, 8)
    assert core.tier(get("tracy"), "violation", 7)["tier"] == 3  # beyond the last tier: the last tier again


INSPECTIONS = textwrap.dedent("""\
    inspections:
      citation: "EMC 9.10.100"
      checklists:
        bmp:
          title: Kitchen practices
          citation: "EMC 9.10.110"
          items:
            - {key: screens, text: Drain screens, citation: "EMC 9.10.110(a)", notice: NOTICE}
      notices:
        nov:
          title: Notice of violation
          citation: "EMC 9.10.120"
          tiers:
            - {title: Notice of violation, period: {value: 14, unit: UNIT, provenance: confirmed}}
    """)


def profile(tmp_path, notice="nov", unit="days"):
    path = tmp_path / "exampleville.yaml"
    path.write_text(EXAMPLEVILLE + INSPECTIONS.replace("NOTICE", notice).replace("UNIT", unit), encoding="utf-8")
    return load_file(path)


def test_a_profile_naming_an_undefined_notice_or_a_period_in_weeks_is_refused(tmp_path):
    with pytest.raises(TableError, match=r"inspections\.checklists\.bmp\.items\[0\]\.notice: 'nv' is not a notice "
                                         r"type of inspections\.notices; types: nov"):
        profile(tmp_path, notice="nv")
    with pytest.raises(TableError, match=r"inspections\.notices\.nov\.tiers\.0\.period\.unit: expected one of days, "
                                         r"working days, got 'weeks'"):
        profile(tmp_path, unit="weeks")
    city = profile(tmp_path)
    rec = from_dict({"project": {"fse_id": "X-1"}, "inspection": {"date": "2026-03-02", "purpose": "routine",
                                                                  "checklists": {"bmp": {"screens": False}}}})
    result = core.evaluate(rec, city)
    assert [(f.item, f.notice, f.citation) for f in result.failures] == [("bmp.screens", "nov", "EMC 9.10.110(a)")]


def test_without_an_inspections_block_an_inspection_records_readings_only(tmp_path):
    path = tmp_path / "exampleville.yaml"
    path.write_text(EXAMPLEVILLE, encoding="utf-8")
    city = load_file(path)
    rec = from_dict({"project": {"fse_id": "X-1"}, "inspection": {
        "date": "2026-03-02", "purpose": "routine", "readings": {"liquid_depth": "40 in", "fog": "5 in",
                                                                 "solids": "4 in"}}})
    result = core.evaluate(rec, city)
    # 9 in of 40 in = 22.5 %, over Exampleville's 20 % (EMC 9.10.070(a)): a failure without a notice type
    assert (result.percent_full, result.limit_percent, result.exceeds_limit) == (22.5, 20.0, True)
    assert [(f.item, f.notice) for f in result.failures] == [("accumulation", None)]
    assert result.notes == ("checklists are not defined for City of Exampleville: the inspection records its "
                            "readings only",)
    with_answers = from_dict({"project": {"fse_id": "X-1"}, "inspection": {
        "date": "2026-03-02", "purpose": "routine", "checklists": {"bmp": {"screens": "yes"}}}})
    with pytest.raises(SizingInputError, match=r"^inspection\.checklists: checklists are not defined for City of "
                                               r"Exampleville"):
        core.evaluate(with_answers, city)


@pytest.mark.parametrize(("fmt", "kind"), [("PNG", "image/png"), ("WEBP", "image/webp"), ("JPEG", "image/jpeg")])
def test_photo_types_are_read_by_decoding_them(fmt, kind):
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (8, 6), "gray").save(out, fmt)
    assert media_type("photo", out.getvalue()) == kind
    with pytest.raises(SizingInputError, match=r"^photo: (the photo is damaged or cut short|expected a JPEG, PNG or WebP)"):
        media_type("photo", out.getvalue()[:40])  # the first bytes alone are no photo


def test_a_pdf_named_jpg_is_refused_without_quoting_it():
    with pytest.raises(SizingInputError, match=r"^photo: expected a JPEG, PNG or WebP photo, got a file that "
                                               r"is none of these$"):
        media_type("photo", b"%PDF-1.7\n" + bytes(16))

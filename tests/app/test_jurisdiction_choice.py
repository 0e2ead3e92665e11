"""The jurisdiction selector: one sidebar choice, kept across pages, passed to every page's evaluation."""

from __future__ import annotations

import datetime as dt

from sizing.io import submittal
from sizing.jurisdiction.profile import DEFAULT_ID, available, get
from sizing.report.findings import label
from sizing.rules.review import review
from tests.app.conftest import errors, findings, goto, metrics, open_box, texts

EXAMPLE = "review-noncompliant.yaml"


def choose(app, jid: str):
    app.selectbox(key="in_jurisdiction").set_value(jid).run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def core_review(jid: str):
    from app_pages.widgets.examples import examples_dir

    return review(submittal.load(examples_dir() / EXAMPLE, jurisdiction=get(jid)), today=dt.date.today())


def shown_findings(app) -> set[tuple[str, str]]:
    """(rule as shown, status) of every finding shown, the fails first and the passes folded below them."""
    shown = findings(app, "citation")
    return set(zip(shown["rule"], shown["status"].str.lower(), strict=True))


def named(review) -> set[tuple[str, str]]:
    return {(label(f), f.status) for f in review.findings}


def test_the_selector_offers_every_profile_by_name_and_starts_at_the_default(app):
    box = app.selectbox(key="in_jurisdiction")
    assert box.value == DEFAULT_ID
    assert list(box.options) == [f"{get(j).name} — {get(j).chapter}" for j in available()]
    assert "City of Placerville, California — PCC title 7 ch. 5" in box.options
    assert "cpc" in available() and len(available()) >= 2
    place = get(DEFAULT_ID)
    assert f"{place.letterhead} · {place.name}: {place.chapter}" in texts(app)  # the page header


def test_switching_to_cpc_gives_the_cpc_review_findings(app):
    goto(app, "review")
    app.selectbox(key="in_rv_example").set_value(EXAMPLE)
    app.button(key="rv_load_example").click().run()
    assert errors(app) == []
    default = core_review(DEFAULT_ID)
    assert shown_findings(app) == named(default)

    choose(app, "cpc")
    expected = core_review("cpc")
    assert errors(app) == []
    assert shown_findings(app) == named(expected)
    assert {f.rule for f in expected.findings} <= set(get("cpc").review_rules)
    assert len(expected.findings) < len(default.findings)  # the local rules are gone
    assert metrics(app)["Fail"] == str(expected.counts()["fail"])
    cpc = get("cpc")
    assert f"{cpc.letterhead} · {cpc.name}: {cpc.chapter}" in texts(app)
    assert get(DEFAULT_ID).letterhead not in texts(app)


def test_the_waiver_page_under_cpc_says_there_are_no_waivers(app):
    choose(app, "cpc")
    goto(app, "waiver")
    lines = [i.value for i in app.info]
    assert len(lines) == 1 and lines[0].startswith(f"{get('cpc').name} has no conditional waivers")
    assert errors(app) == []
    assert not [b for b in app.button if b.key == "wv_load_example"]  # no form that cannot work
    assert not [s for s in app.selectbox if s.key == "in_wv_type"]


def test_the_maintenance_page_under_cpc_says_there_are_no_maintenance_rules(app):
    choose(app, "cpc")
    goto(app, "maintenance")
    lines = [i.value for i in app.info]
    assert len(lines) == 1 and lines[0].startswith(f"{get('cpc').name} has no maintenance rules")
    assert not [t for t in app.text_input if t.key == "in_mt_depth"]


def test_the_choice_survives_page_switches(app):
    choose(app, "cpc")
    for page in ("review", "maintenance", "size"):
        goto(app, page)
        assert app.selectbox(key="in_jurisdiction").value == "cpc"
        assert f"{get('cpc').name}: {get('cpc').chapter}" in texts(app)
    choose(app, DEFAULT_ID)
    goto(app, "waiver")
    assert app.selectbox(key="in_jurisdiction").value == DEFAULT_ID
    assert "the waiver needs the FSE's fixtures" in texts(app)  # the waiver form is back


def test_the_sizing_page_uses_the_chosen_profile_for_connection_defaults(app):
    """A dishwasher the schedule does not mark is counted under a profile that lets it connect, not under the
    default one (the same numbers as the core under each)."""
    from app_pages.widgets import fixtures
    from sizing.cpc.size import size

    doc = {"fixtures": [{"type": "dishwasher", "count": 1}, {"type": "floor_drain", "count": 2}]}
    for jid in (DEFAULT_ID, "cpc"):
        choose(app, jid)
        frame = fixtures.frame(doc["fixtures"], get(jid))
        app.session_state["fx_base"] = frame
        app.session_state["fx_current"] = frame
        app.session_state["fx_ver"] = app.session_state["fx_ver"] + 1
        app.run()
        assert errors(app) == []
        expected = size(submittal.from_dict(doc, jurisdiction=get(jid))).dfu_total
        assert metrics(app)["DFU total"] == f"{expected:g} DFU"
    assert size(submittal.from_dict(doc, jurisdiction=get("cpc"))).dfu_total != \
        size(submittal.from_dict(doc, jurisdiction=get(DEFAULT_ID))).dfu_total


def test_a_review_saved_to_the_register_under_cpc_is_the_cpc_review(app, tmp_path, monkeypatch, capsys):
    import json

    from sizing.cli.main import main

    path = tmp_path / "program.db"
    monkeypatch.setenv("SIZING_DB", str(path))
    choose(app, "cpc")
    goto(app, "review")
    app.selectbox(key="in_rv_example").set_value(EXAMPLE)
    app.button(key="rv_load_example").click().run()
    open_box(app, "reg_box_open_review")
    app.button(key="reg_save_review").click().run()
    assert errors(app) == []
    expected = core_review("cpc")
    assert f"({'compliant' if expected.compliant else 'not compliant'})" in texts(app)
    capsys.readouterr()
    assert main(["register", "history", "FSE-0417", "--db", str(path), "--format", "json"]) == 0
    details = json.dumps(json.loads(capsys.readouterr().out))
    assert get("cpc").name in details and get(DEFAULT_ID).name not in details


def test_the_selector_says_how_much_of_the_chosen_profile_is_confirmed(app):
    """Placerville: 17 values (2 connection defaults, 15 parameters), 14 read from a published copy of PCC title 7
    ch. 5 (secondary), 1 derived, 2 unconfirmed; the review page's findings then cite its sections."""
    choose(app, "placerville")
    caption = [c.value for c in app.sidebar.caption]
    assert any(c.startswith("PCC title 7 ch. 5: 14 of 17 values confirmed or secondary; 1 derived, 2 unconfirmed")
               and "codelibrary.amlegal.com" in c and "before official use" in c for c in caption), caption
    goto(app, "review")
    app.selectbox(key="in_rv_example").set_value(EXAMPLE)
    app.button(key="rv_load_example").click().run()
    assert errors(app) == []
    shown = findings(app, "citation")
    cites = dict(zip(shown["rule"], shown["citation"], strict=True))
    assert cites["Compartments"] == "PCC 7-5-10(B)" and cites["Grease interceptor required"] == "PCC 7-5-8(B)(2)(a)"
    assert "City of Placerville — FOG Control (PCC title 7 ch. 5) · City of Placerville, California" in texts(app)

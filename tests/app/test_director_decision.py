"""The Director records the decision in the app: stored in the register through its write path and role check,
dated, under the writer's identity; the letter is then final; a notice of proposed revocation is its own letter;
the plan review of the FSE reads the recorded decision from the register."""

from __future__ import annotations

import pytest

from sizing.cli.main import main
from sizing.program import queries
from sizing.program.store import open_register
from sizing.program.writers import os_user
from tests.app.conftest import errors, goto, texts


@pytest.fixture
def register_file(tmp_path, monkeypatch):
    path = tmp_path / "decisions.db"
    monkeypatch.setenv("SIZING_DB", str(path))
    return path


def built(app, key: str):
    runs = app.session_state["download_runs"]
    run, make, args = runs.offered[key]
    assert run == runs.number
    return make(*args)


def load(app, name):
    goto(app, "waiver")
    app.selectbox(key="in_wv_example").set_value(name)
    app.button(key="wv_load_example").click().run()
    assert errors(app) == []


def test_a_granted_waiver_is_recorded_and_the_letter_is_final(app, register_file):
    load(app, "waiver-coffee-bar.yaml")
    draft = built(app, "wv_download_markdown")
    assert draft.startswith("# Draft determination:") and "DECISION: GRANTABLE" in draft
    app.radio(key="in_wv_decision").set_value("granted")
    app.text_input(key="in_wv_decision_fse").input("FSE-0900")
    app.button(key="wv_record").click().run()
    assert errors(app) == []
    me = os_user()
    recorded = f"Recorded (granted): stored waiver decision of FSE-0900 in the register, by {me}. A new register was " \
               "created."
    assert recorded in [s.value for s in app.success], [s.value for s in app.success]
    assert not any(str(register_file) in t or register_file.name in t for t in texts(app).splitlines())  # never where
    shown = [s.value for s in app.success if s.value.startswith("DECISION: GRANTED on 2025-04-01")]
    assert shown and "PROPOSED" not in shown[0]  # recorded: the decision, no longer a proposal
    assert any("The determination letter downloads above are now the final determination." in s.value
               for s in app.success)
    letter = built(app, "wv_download_markdown")
    assert letter.startswith("# Determination: Conditional waiver")
    assert ("**DECISION: GRANTED on 2025-04-01 — the conditional waiver under TMC section 5.26.080(c) is granted "
            "subject to the conditions below; it expires on 2028-03-31.**") in letter
    assert "DRAFT" not in letter and "GRANTABLE" not in letter
    # signed by a person, never by an account name: no signature on file, so the line is left blank
    assert letter.rstrip().endswith("______________________  \nDirector (or designee), 2025-04-01")
    assert me not in letter.split("## Conditions")[-1]
    reg = open_register(str(register_file), create=False, read_only=True)
    try:
        rec = queries.recorded_decision(reg, "FSE-0900")
    finally:
        reg.db.engine.dispose()
    assert (rec["status"], str(rec["decided_on"]), rec["recorded_by"]) == ("granted", "2025-04-01", me)
    assert rec["waiver"]["status"] == "granted" and rec["waiver"]["expiration"] == "2028-03-31"

    # with a signature on file, the Director who records the decision signs it by name
    assert main(["register", "users", "sign", me, "--name", "Dana Cole", "--title", "Utilities Director",
                 "--db", str(register_file)]) == 0
    app.button(key="wv_record").click().run()
    assert any("signed by Dana Cole" in s.value for s in app.success), [s.value for s in app.success]
    assert built(app, "wv_download_markdown").rstrip().endswith("Dana Cole  \nDirector (or designee), 2025-04-01")

    # the plan review of that FSE reads the decision from the register
    app.session_state["last_result_doc"] = {
        "project": {"name": "Corner Coffee", "fse_id": "FSE-0900"}, "construction": "new",
        "review_date": "2026-05-01", "fixtures": [{"type": "hand_sink", "count": 2}]}
    goto(app, "review")
    assert "Waiver decision recorded in the register for FSE-0900: granted on 2025-04-01" in texts(app)
    from tests.app.conftest import findings

    shown = findings(app)
    row = shown[shown["rule"] == "Grease interceptor required"].iloc[0]
    assert row["status"] == "INFO"


def test_granting_what_is_not_grantable_is_refused(app, register_file):
    load(app, "waiver-infeasible-existing.yaml")
    app.radio(key="in_wv_decision").set_value("granted")
    if "in_wv_decision_fse" in [w.key for w in app.text_input]:
        app.text_input(key="in_wv_decision_fse").input("FSE-0901")
    app.button(key="wv_record").click().run()
    assert errors(app) == ["Not recorded: the waiver is not grantable (see 'Not met'); record it as denied, or "
                           "complete it."]
    assert not register_file.exists()
    app.radio(key="in_wv_decision").set_value("denied")
    app.button(key="wv_record").click().run()
    assert errors(app) == []
    letter = built(app, "wv_download_markdown")
    assert "**DECISION: DENIED on " in letter and "## Conditions" not in letter


def test_the_notice_of_proposed_revocation_is_its_own_letter(app, register_file):
    import datetime as dt

    load(app, "waiver-coffee-bar.yaml")
    app.checkbox(key="in_wv_revocation").check().run()
    assert "in_wv_grounds" not in [w.key for w in app.multiselect]  # one box per ground, no "select all"
    boxes = [w for w in app.checkbox if w.key.startswith("in_wv_ground_")]
    assert len(boxes) == 3 and not any(b.value for b in boxes)
    app.date_input(key="in_wv_notice_mailed").set_value(dt.date(2026, 3, 2))
    app.date_input(key="in_wv_proposed_effective").set_value(dt.date(2026, 4, 1))
    boxes[0].check().run()
    assert errors(app) == []
    notice = built(app, "wv_notice_md")
    assert notice.startswith("# Notice of proposed revocation: Conditional waiver")
    assert "- Notice mailed: 2026-03-02" in notice and "- Proposed effective date: 2026-04-01" in notice
    assert "- Grounds: (g)(3)(i): the owner of the FSE and/or the property owner has failed to abide by" in notice
    assert "## Findings" not in notice  # not an addendum to the grant
    determination = built(app, "wv_download_markdown")
    assert "## Revocation" not in determination and "Notice mailed" not in determination

"""The inspection packet on the Inspection page (inspected without signal): the packet downloaded, filled and
uploaded stores the same inspection as the same answers entered on the page (the same document, result, photos,
writer and notice: a "no" to Best management practices (b)(1) opens a notice of violation due 30 calendar days
later, the program default of tables/jurisdictions/tracy.yaml; 2026-03-02 + 30 days = 2026-04-01, a Wednesday);
a bad answer on a line is one line naming that line and the column, and nothing is written; a role that may not
store an inspection gets no upload box. The CSV's lines: 1 the header, 2 FSE, 3 Jurisdiction, 4 Date, 5 Purpose,
6 Interceptor condition, 7 FOG, 8 Solids, 9 Liquid depth, 10 the first BMP item (drain screens)."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
import sqlalchemy as sa
from PIL import Image

from sizing.io.sections.inspection_packet import packet_csv
from sizing.jurisdiction.profile import get
from sizing.program import schema as t
from tests.app.conftest import errors, goto, logged_register

FSE = "FSE-0417"
DAY = dt.date(2026, 3, 2)
DRAIN = ("Drain screens installed on all drainage pipes, floor drains included, in food preparation, dishwashing "
         "and mop sink areas")
NOTE = "no screen on the mop sink drain"


def jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), (200, 30, 30)).save(out, "JPEG")
    return out.getvalue()


def filled(answers: dict[str, tuple[str, str]]) -> bytes:
    """The packet as downloaded, with ``answers`` (item -> (answer, note)) written into it."""
    rows = list(csv.reader(io.StringIO(packet_csv(get("tracy"), FSE))))
    todo = dict(answers)
    for row in rows[1:]:
        if row[1] in todo:  # the first line of an item (of the three Photo lines, the first)
            row[2], row[3] = todo.pop(row[1])
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue().encode("utf-8")


def stored(path) -> dict[str, list[dict]]:
    """What the register holds of the inspection, less what differs by when and how it was written."""
    engine = sa.create_engine(f"sqlite:///{path}")
    drop = {"id", "recorded_at", "inspection_id", "document_name", "document_text"}
    try:
        with engine.connect() as conn:
            return {name: [{k: v for k, v in r.items() if k not in drop} for r in conn.execute(
                sa.select(table).order_by(table.c.id)).mappings()]
                    for name, table in (("inspections", t.inspections), ("photos", t.inspection_photos),
                                        ("notices", t.notices))}
    finally:
        engine.dispose()


ITEMS = ("Yellow grease collected in recycling receptacles that do not leak; licensed wastehauler or approved "
         "recycling facility; manifests available", "Food waste disposed of into the trash or garbage, not into sinks")


def enter_on_page(app) -> None:
    goto(app, "inspection")
    app.date_input(key="in_ins_date").set_value(DAY)
    app.text_input(key="in_ins_fog").set_value("2 in")
    app.text_input(key="in_ins_solids").set_value("50.8 mm")
    app.radio(key="in_ins_bmp__drain_screens").set_value("no")
    app.text_input(key="in_ins_bmp__drain_screens__note").set_value(NOTE)
    app.radio(key="in_ins_bmp__yellow_grease").set_value("yes")
    app.radio(key="in_ins_bmp__food_waste").set_value("n/a")
    app.file_uploader(key="ins_photos").set_value(("drain.jpg", jpeg(), "image/jpeg"))
    app.checkbox(key="in_ins_allow_unanswered").check()
    app.button(key="ins_save").click().run()
    assert not app.exception and not errors(app), errors(app)


def upload_packet(app, data: bytes, *photos, allow_unanswered: bool = True) -> None:
    goto(app, "inspection")
    assert "ins_packet_csv" in [b.key for b in app.get("download_button")]  # the packet to take out
    app.session_state["ins_packet_open"] = True  # the upload box is drawn when open, as a tap on it does
    app.run()
    app.file_uploader(key="ins_packet_file").set_value(("packet.csv", data, "text/csv"))
    if photos:
        app.file_uploader(key="ins_packet_photos").set_value(list(photos))
    if allow_unanswered:
        app.checkbox(key="in_ins_packet_allow").check()
    app.button(key="ins_packet_save").click().run()
    assert not app.exception, [e.value for e in app.exception]


def test_a_filled_packet_stores_what_the_same_answers_entered_on_the_page_store(app, tmp_path, monkeypatch):
    (tmp_path / "page").mkdir()
    (tmp_path / "packet").mkdir()
    page_db = logged_register(tmp_path / "page", monkeypatch)
    enter_on_page(app)
    packet_db = logged_register(tmp_path / "packet", monkeypatch)  # the app now reads and writes this one
    answers = {"Date": (DAY.isoformat(), ""), "FOG": ("2 in", ""), "Solids": ("50.8 mm", ""), DRAIN: ("no", NOTE),
               ITEMS[0]: ("yes", ""), ITEMS[1]: ("n/a", ""), "Photo": ("drain.jpg", "")}
    upload_packet(app, filled(answers), ("drain.jpg", jpeg(), "image/jpeg"))
    assert not errors(app), errors(app)
    warning = [w.value for w in app.warning if w.value.startswith("Saved, with failures")]
    assert warning and "opened notice 1: Notice of violation (Drain screens installed" in warning[0]
    assert "due 2026-04-01" in warning[0] and "bmp." not in warning[0]  # items by their words
    page, packet = stored(page_db), stored(packet_db)
    assert len(page["inspections"]) == 1 and len(page["photos"]) == 1 and len(page["notices"]) == 1
    assert packet == page  # the document, the result, the photo, the writer and the notice alike
    assert page["notices"][0]["due_on"] == dt.date(2026, 4, 1)
    assert page["inspections"][0]["document"]["inspection"]["checklists"]["bmp"]["drain_screens"] == {
        "answer": "no", "note": NOTE}


@pytest.mark.parametrize(("answers", "expected"), [
    ({DRAIN: ("maybe", "")},
     "packet.csv: line 10 (Drain screens installed on all drainage…): answer: expected yes, no or n/a, got 'maybe'"),
    ({"FOG": ("2 kg", ""), "Solids": ("1 in", "")},
     "packet.csv: line 7 (FOG): answer: expected a length such as '2 in' or '50 mm', no deeper than 600 in, got "
     "'2 kg'"),
    ({"FOG": ("2 in", "")},
     "packet.csv: line 8 (Solids): answer: expected the solids layer depth with the fog depth, a length such as "
     "'2 in' or '50 mm', got nothing"),
    ({"Purpose": ("weekly", "")},
     "packet.csv: line 5 (Purpose): answer: expected routine, complaint, follow up, blockage or overflow or waiver "
     "condition, got 'weekly'"),
    ({"FOG": ("2 in", "a note where none is read")},
     "packet.csv: line 7 (FOG): note: a note is read on a checklist item's or a photo's line only; write it in the "
     "Note line"),
    ({"Notice it opens": ("Notice of violation", "")},
     "packet.csv: line 23 (Notice it opens): answer: a notice opens with a finding: write what was found, and its "
     "clause, on the Finding lines"),
    ({"What was found": ("FOG in the lateral cleanout", "")},
     "packet.csv: line 21 (Clause): answer: expected the clause the finding cites (chapter, topic and paragraph), "
     "got nothing"),
    ({"Photo": ("", "mop sink")},
     "packet.csv: line 24 (Photo): answer: a caption without a photo: write the photo's file name in the answer "
     "column"),
    ({"Photo": ("sink.jpg", "")},
     "packet.csv: line 24 (Photo): answer: 'sink.jpg' is not among the photos uploaded with the packet; upload it "
     "too"),
])
def test_a_mistake_on_a_line_is_one_line_naming_it_and_nothing_is_written(app, tmp_path, monkeypatch, answers,
                                                                          expected):
    path = logged_register(tmp_path, monkeypatch)
    upload_packet(app, filled({"Date": (DAY.isoformat(), ""), **answers}))
    assert errors(app) == [expected]
    assert stored(path) == {"inspections": [], "photos": [], "notices": []}


def test_blank_checklist_items_are_refused_unless_the_inspector_says_so(app, tmp_path, monkeypatch):
    path = logged_register(tmp_path, monkeypatch)
    upload_packet(app, filled({"Date": (DAY.isoformat(), ""), DRAIN: ("yes", "")}), allow_unanswered=False)
    assert errors(app) == ["packet.csv: line 11 (Yellow grease collected in recycling re…): answer: not answered; "
                           "expected yes, no or n/a (9 more checklist item(s) blank). Answer them, or store the "
                           "packet with checklist items unanswered (they are recorded as not inspected)"]
    assert stored(path)["inspections"] == []


def test_a_role_that_may_not_store_an_inspection_gets_no_upload_box(app, tmp_path, monkeypatch):
    """The OS user running the app is an admin here: admins change users, they do not store records."""
    from sizing.program import access
    from sizing.program.store import open_register

    path = logged_register(tmp_path, monkeypatch)
    reg = open_register(str(path))
    try:
        access.add_user(reg.db, reg.identity, "admin", by=reg.identity)
    finally:
        reg.db.engine.dispose()
    goto(app, "inspection")
    assert "ins_packet_csv" in [b.key for b in app.get("download_button")]  # a viewer may take the packet out
    assert not [e for e in app.expander if "filled inspection packet" in e.label]
    assert not [b for b in app.button if b.key == "ins_packet_save"]

"""The plan review page's correction letter: the plan checker edits the addressee, title and opening, and the
Word, PDF and markdown downloads hold the letter as edited, numbered corrections with sheets and notes."""

from __future__ import annotations

import io

from tests.app.conftest import downloads, errors, goto, open_box, open_examples


def built(app, key: str) -> bytes:
    """What the download button ``key`` builds when clicked (the arguments of the page's latest run)."""
    runs = app.session_state["download_runs"]
    run, make, args = runs.offered[key]
    assert run == runs.number
    return make(*args)


def test_the_letter_downloads_hold_what_the_checker_typed(app):
    import docx

    goto(app, "review")
    app.selectbox(key="in_rv_example").set_value("review-correction-letter.yaml")
    app.button(key="rv_load_example").click().run()
    assert errors(app) == []
    assert {"rv_letter_docx", "rv_letter_pdf", "rv_letter_md"} <= set(downloads(app))
    open_box(app, "rv_letter_open")  # the letter's fields are drawn when its box is open
    app.text_input(key="in_rv_letter_addressee").input("Lin Design Group, attn. Mei Lin")
    app.text_input(key="in_rv_letter_title").input("Senior plan checker").run()
    markdown = built(app, "rv_letter_md").decode()
    assert "Dear Lin Design Group, attn. Mei Lin:" in markdown
    assert "455 E Main St Suite 2  " in markdown.splitlines()  # the address from the submittal
    assert "Dana Ortiz  " in markdown.splitlines()
    assert "Senior plan checker, City of Tracy, California  " in markdown.splitlines()
    assert ("2. Enlarge the access manholes to at least 24 in diameter: manhole 2 (sheet P-4) over sanitary tee 2 "
            "(20 in)  ") in markdown.splitlines()
    doc = docx.Document(io.BytesIO(built(app, "rv_letter_docx")))
    numbered = [p.text for p in doc.paragraphs if p.style.name == "List Number"]
    assert len(numbered) == 4 and "Reviewer's note: Detail 3 on sheet P-2" in numbered[3]
    assert built(app, "rv_letter_pdf").startswith(b"%PDF")


def test_a_note_typed_in_the_page_is_carried_into_the_letter(app):
    goto(app, "review")
    app.selectbox(key="in_rv_example").set_value("review-correction-letter.yaml")
    app.button(key="rv_load_example").click().run()
    key = app.session_state["rv_notes_editor_key"]
    assert sorted(app.session_state["rv_notes"]) == ["food_grinder", "manhole_diameter"]
    volume_row = 2  # interceptor_required, interceptor_type, volume
    app.session_state[key] = {"edited_rows": {volume_row: {"note": "Use the 1,000 gal unit of sheet P-4 alt."}},
                              "added_rows": [], "deleted_rows": []}
    app.run()
    markdown = built(app, "rv_letter_md").decode()
    assert "   Reviewer's note: Use the 1,000 gal unit of sheet P-4 alt.  " in markdown.splitlines()


def test_a_letter_field_with_a_reordering_character_is_refused_and_no_letter_is_offered(app):
    """An addressee typed with U+202E (right-to-left override) went into the letter, printed reversed."""
    goto(app, "review")
    app.selectbox(key="in_rv_example").set_value("review-correction-letter.yaml")
    app.button(key="rv_load_example").click().run()
    open_box(app, "rv_letter_open")
    app.text_input(key="in_rv_letter_addressee").input("Lin Design \u202epuorG").run()
    assert errors(app) == ["Correction letter: letter.addressee: holds a bidirectional control, which reorders the "
                           "text around it (U+202E, RIGHT-TO-LEFT OVERRIDE); type it again without it"]
    assert not {"rv_letter_docx", "rv_letter_pdf", "rv_letter_md"} & set(downloads(app))
    app.text_input(key="in_rv_letter_addressee").input("Lin Design Group").run()
    assert errors(app) == [] and "rv_letter_md" in downloads(app)
    assert "Dear Lin Design Group:" in built(app, "rv_letter_md").decode()


def test_the_letter_fields_are_filled_from_the_submittal(app):
    """The addressee, address and signer's title are the submittal's, as editable text (not empty placeholders):
    the applicant at the applicant's address; without an applicant, the project at its site address."""
    goto(app, "review")
    app.selectbox(key="in_rv_example").set_value("review-correction-letter.yaml")
    app.button(key="rv_load_example").click().run()
    open_box(app, "rv_letter_open")
    assert app.text_input(key="in_rv_letter_addressee").value == "Mei Lin, Lin Design Group"
    assert app.text_area(key="in_rv_letter_address").value == "455 E Main St Suite 2\nTracy CA 95376"
    assert app.text_input(key="in_rv_letter_title").value == "Plan checker, Utilities Department"
    app.text_input(key="in_rv_letter_addressee").input("Lin Design Group, attn. Mei Lin").run()
    assert app.text_input(key="in_rv_letter_addressee").value == "Lin Design Group, attn. Mei Lin"  # kept as edited
    assert "Dear Lin Design Group, attn. Mei Lin:" in built(app, "rv_letter_md").decode()

    goto(app, "size")
    open_examples(app).selectbox(key="in_example").set_value("cpc-code-example.yaml")
    app.button(key="load_example").click().run()
    app.text_input(key="in_project_name").input("Corner Cafe")
    app.text_input(key="in_site_address").input("25 W 10th St, Tracy CA 95376").run()
    goto(app, "review")
    app.button(key="rv_from_sizing").click().run()
    assert errors(app) == []
    open_box(app, "rv_letter_open")
    assert app.text_input(key="in_rv_letter_addressee").value == "Corner Cafe"  # another project: its own values
    assert app.text_area(key="in_rv_letter_address").value == "25 W 10th St\nTracy CA 95376"
    assert app.text_input(key="in_rv_letter_title").value == "Plan checker"
    lines = built(app, "rv_letter_md").decode().splitlines()
    assert "Dear Corner Cafe:" in lines and "25 W 10th St  " in lines

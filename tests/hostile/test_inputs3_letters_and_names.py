"""Names and letters: a one-line field (a name, an address, a signer, a user, an inventory's FSE name, a manifest's
hauler) refuses the characters that print as nothing or reorder the text around them; any text refuses the
bidirectional controls; and the correction letter shows a name as typed in markdown, Word and PDF (never bold, a
link or HTML)."""

from __future__ import annotations

import html
import io
import re

import docx
import markdown
import pypdf
import pytest
import yaml

from tests.hostile.conftest import EXAMPLES, one_line_error

LETTER = EXAMPLES / "review-correction-letter.yaml"
CYCLE = str(EXAMPLES / "register" / "corner-cafe-cycle1.yaml")
#: Bidirectional controls (an override, an embedding, isolates), the line and paragraph separators, and format
#: characters (zero-width space, non-joiner, joiner, LRM/RLM marks, byte-order mark, soft hyphen, word joiner).
BIDI = ["\u202e", "\u202a", "\u2066", "\u2067", "\u2069"]
INVISIBLE = ["\u2028", "\u2029", "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\ufeff", "\u00ad", "\u2060"]


def submittal(tmp_path, **project) -> str:
    doc = yaml.safe_load(LETTER.read_text())
    doc["project"].update(project)
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return "s.yaml"


@pytest.mark.parametrize("ch", BIDI + INVISIBLE)
@pytest.mark.parametrize("key", ["name", "address", "applicant", "applicant_address", "reviewer"])
def test_a_one_line_project_field_refuses_invisible_and_reordering_characters(cli, tmp_path, key, ch):
    """A name `Harbor \u202eesuoH` printed reversed in the letter; U+2028 broke its line in the PDF; a zero-width
    space made a name that prints alike differ (each was accepted, exit 1 with a letter)."""
    name = submittal(tmp_path, **{key: f"Harbor {ch}House"})
    line = one_line_error(cli("review", name, "--letter", "l.md"), "review", f"project.{key}: holds ")
    assert f"U+{ord(ch):04X}" in line
    assert not (tmp_path / "l.md").exists()


@pytest.mark.parametrize("ch", BIDI)
def test_a_note_refuses_a_bidirectional_control(cli, tmp_path, ch):
    """A multi-line text (a reviewer's note) may hold a zero-width space, never a control that reorders it."""
    doc = yaml.safe_load(LETTER.read_text())
    rule = next(iter(doc["review_notes"])) if isinstance(doc.get("review_notes"), dict) else None
    if rule is None:
        pytest.skip("the example has no review notes")
    note = doc["review_notes"][rule]
    doc["review_notes"][rule] = {**note, "note": f"see {ch}sheet P-4"} if isinstance(note, dict) else f"see {ch}P-4"
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    one_line_error(cli("review", "s.yaml"), "review", f"review_notes.{rule}")


@pytest.mark.parametrize("ch", ["\u202e", "\u200b", "\ufeff", "\u2066"])
def test_a_users_identity_refuses_them(cli, ch):
    """`users add "ann\u202e@city.example"` was stored (only C0 controls were refused)."""
    assert cli("register", "add", CYCLE, "--db", "r.db").rc == 1
    one_line_error(cli("register", "users", "add", f"ann{ch}@city.example", "--role", "admin", "--db", "r.db"),
                   "register", "identity: holds ")


@pytest.mark.parametrize("ch", ["\u202e", "\u200b"])
def test_the_user_a_write_is_made_for_refuses_them(cli, ch):
    one_line_error(cli("register", "add", CYCLE, "--db", "r.db", "--user", f"Dana{ch} Ortiz"), "register",
                   "--user: holds ")


@pytest.mark.parametrize("ch", ["\u202e", "\u200b", "\u2028"])
def test_an_inventory_fse_name_refuses_them(cli, tmp_path, ch):
    """An inventory's `name` column was stored with only its length checked."""
    (tmp_path / "inv.csv").write_text("submittal_id,fixture_type,count,installed_volume_gal,name\n"
                                      f"FSE-0001,floor_drain,1,750,Taqueria {ch}Sol\n", encoding="utf-8")
    assert cli("register", "add", CYCLE, "--db", "r.db").rc == 1
    line = one_line_error(cli("register", "import-inventory", "inv.csv", "--db", "r.db"), "register", "")
    assert "name of submittal FSE-0001: holds " in line


@pytest.mark.parametrize("column", ["hauler", "disposal_site"])
def test_a_manifest_text_field_refuses_them(cli, tmp_path, column):
    row = {"fse_id": "FSE-0417", "date": "2026-01-05", "hauler": "Valley", "manifest": "VG-1", "gallons": "500",
           "pump_out": "full", "disposal_site": "Stockton"}
    row[column] = "Valley \u202eGrease"
    (tmp_path / "m.csv").write_text(",".join(row) + "\n" + ",".join(row.values()) + "\n", encoding="utf-8")
    assert cli("register", "add", CYCLE, "--db", "r.db").rc == 1
    run = cli("register", "import-manifests", "m.csv", "--db", "r.db")
    assert run.rc == 2 and f"line 2: {column}: holds a bidirectional control" in run.err, run.err


def test_a_waiver_decider_is_one_line(cli, tmp_path):
    doc = yaml.safe_load((EXAMPLES / "waiver-coffee-bar.yaml").read_text())
    doc.setdefault("waiver", {})["decided_by"] = "Dana\u200b Ortiz"
    (tmp_path / "w.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    one_line_error(cli("waiver", "w.yaml"), "waiver", "waiver.decided_by: holds an invisible character")


#: A name a plan checker might paste, that a renderer would turn into bold, a link, HTML or a list.
TYPED = {"name": "**Harbor** [Noodle](http://evil.example) <script>x</script> & www.evil.example",
         "applicant": "1. _Mei_ `Lin` | ~~Design~~"}


def test_the_markdown_letter_shows_names_as_typed(cli, tmp_path):
    """`**Harbor**` was bold, `[Noodle](http://evil.example)` a link and `<script>` raw HTML in the letter."""
    run = cli("review", submittal(tmp_path, **TYPED), "--letter", "l.md")
    assert run.rc == 1, run.err
    rendered = markdown.markdown((tmp_path / "l.md").read_text(encoding="utf-8"))
    for tag in ("<a ", "<script", "<em>", "<code>", "<del>"):
        assert tag not in rendered, tag
    assert rendered.count("<ol>") == 1  # the numbered corrections only, not the addressee's "1." line
    assert rendered.count("<strong>") == 2  # the letterhead and the "Re:" line, as the letter sets them
    text = html.unescape(re.sub(r"<[^>]+>", "", rendered))
    assert TYPED["name"] in text and f"Dear {TYPED['applicant']}:" in text


def test_the_word_and_pdf_letters_show_names_as_typed(cli, tmp_path):
    name = submittal(tmp_path, **TYPED)
    assert cli("review", name, "--letter", "l.docx").rc == 1
    assert cli("review", name, "--letter", "l.pdf").rc == 1
    word = docx.Document(str(tmp_path / "l.docx"))
    body = "\n".join(p.text for p in word.paragraphs)
    assert TYPED["name"] in body and f"Dear {TYPED['applicant']}:" in body
    assert all("hyperlink" not in r.reltype for r in word.part.rels.values())
    reader = pypdf.PdfReader(io.BytesIO((tmp_path / "l.pdf").read_bytes()))
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    assert " ".join(TYPED["name"].split()) in text and f"Dear {TYPED['applicant']}:" in text
    assert all("/Annots" not in p for p in reader.pages)  # no link annotations

"""Text that forges or hides lines, characters a PDF cannot print, values quoted whole, notes that are not text."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.hostile.conftest import EXAMPLES, one_line_error

REVIEW = (EXAMPLES / "review-noncompliant.yaml").read_text()
NAME = "name: Corner Cafe, 25 W 10th St, Tracy CA"


def with_name(tmp_path, name: str, file: str = "r.yaml") -> str:
    (tmp_path / file).write_text(REVIEW.replace(NAME, f"name: {json.dumps(name)}"))
    return file


def test_a_forged_verdict_line_is_refused(cli, tmp_path):
    """Item 3: a project name holding '\\n\\nCOMPLIANT: 0 fail' printed a fake COMPLIANT line above the real
    NOT COMPLIANT verdict. A single-line field holding a line break is an error at parse time."""
    name = with_name(tmp_path, "Cafe\n\nCOMPLIANT: 0 fail, 0 warn")
    line = one_line_error(cli("review", name), "review", "project.name: holds a line break; give it on one line")
    assert "COMPLIANT: 0 fail" in line  # quoted in the one line, not as a line of its own


@pytest.mark.parametrize(("text", "what"), [
    ("Cafe\x1b[2J", "a control character (U+001B)"),
    ("Cafe\x1b[8mhidden", "a control character (U+001B)"),
    ("Cafe\rCOMPLIANT", "a carriage return (U+000D)"),
    ("Cafe\x9b2J", "a control character (U+009B)"),
])
def test_escape_sequences_in_a_field_are_refused(cli, tmp_path, text, what):
    """Item 3: escape sequences (clear screen, hidden text) in a field reached the terminal from review."""
    run = cli("review", with_name(tmp_path, text))
    line = one_line_error(run, "review", f"project.name: holds {what}, which a report cannot show; remove it")
    assert "\x1b" not in run.err and "\r" not in run.err and "\x9b" not in run.err
    assert "\\x1b" in line or "\\r" in line or "\\x9b" in line


def test_register_output_shows_control_characters_escaped(cli, tmp_path):
    """Item 3: what reaches the register by other ways (--user, an older register) is shown escaped by
    show, history and export, never sent to the terminal as it is."""
    assert cli("register", "add", with_name(tmp_path, "Cafe"), "--db", "r.db", "--user", "ann").rc == 1
    conn = sqlite3.connect(tmp_path / "r.db")  # --user now refuses control characters: an older register's row
    with conn:
        conn.execute("UPDATE cycles SET on_behalf_of = ?", ("ann\x1b[2J\x07",))
    conn.close()
    history = cli("register", "history", "FSE-0417", "--db", "r.db")
    assert history.rc == 0, history.err
    assert b"\x1b" not in history.out and b"\x07" not in history.out
    assert b"ann\\x1b[2J\\x07" in history.out
    for args in (("show", "FSE-0417"), ("export", "--format", "csv"), ("export", "--format", "json")):
        run = cli("register", *args, "--db", "r.db")
        assert run.rc == 0, run.err
        assert b"\x1b" not in run.out and b"\x07" not in run.out
    exported = json.loads(cli("register", "export", "--db", "r.db").out)
    assert "ann\x1b[2J\x07" in strings(exported)  # JSON keeps the text exactly (escaped as JSON escapes)


def strings(value) -> set[str]:
    """Every text in a JSON value."""
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


def test_an_unknown_id_with_escapes_is_quoted_escaped(cli, tmp_path):
    """Item 3: an error line shows control characters escaped."""
    assert cli("register", "add", with_name(tmp_path, "Cafe"), "--db", "r.db").rc == 1
    run = cli("register", "show", "X\x1b]0;title\x07", "--db", "r.db")
    assert run.rc == 2 and len(run.err.splitlines()) == 1, run.err
    assert "\x1b" not in run.err and "\x07" not in run.err
    assert "\\x1b]0;title\\x07" in run.err or "control character (U+001B" in run.err, run.err


@pytest.mark.parametrize(("text", "message"), [
    ("Cafe\tBar", "project.name: holds a tab (U+0009), which a report cannot show; use spaces"),
    ("Caf\u00e9 \u091a", "project.name: holds the character U+091A (DEVANAGARI LETTER CA), which the PDF report's "
                         "font cannot print"),
    ("Cafe x\u0363", "project.name: holds the character U+0363 (COMBINING LATIN SMALL LETTER A), which the PDF "
                     "report's font cannot print"),
])
def test_a_character_the_pdf_cannot_print_is_refused(cli, tmp_path, text, message):
    """Item 7: a tab or combining marks in project.name made fpdf2 print 'missing the following glyphs' and
    drop the characters from the PDF. Refused at parse time, with the field named."""
    one_line_error(cli("review", with_name(tmp_path, text), "--format", "pdf", "-o", "r.pdf"), "review", message)
    assert not (tmp_path / "r.pdf").exists()


def test_combining_marks_that_compose_are_normalised(cli, tmp_path):
    """Item 7: 'e' + COMBINING ACUTE ACCENT is read as 'é' (NFC) and printed whole."""
    run = cli("review", with_name(tmp_path, "Cafe\u0301 Ole\u0301"), "--format", "json")
    assert run.rc == 1, run.err
    assert json.loads(run.out)["project"]["name"] == "Caf\u00e9 Ol\u00e9"
    pdf = cli("review", with_name(tmp_path, "Cafe\u0301 Ole\u0301"), "--format", "pdf", "-o", "r.pdf")
    assert pdf.rc == 1 and pdf.err == "", pdf.err


def test_every_character_the_parser_accepts_prints(tmp_path):
    """Item 7: each text field's characters are in every face of the report's font."""
    from sizing.io.fonts import printable_code_points

    points = printable_code_points()
    assert {ord(c) for c in "Café — ≥ ° ½ ñ ü ß Ω"} <= points
    assert 0x09 not in points


@pytest.mark.parametrize("note", ["{when: now}", "[a, b]"])
def test_a_maintenance_note_that_is_not_text(cli, tmp_path, note):
    """Item 9: a maintenance note written as a mapping or a list crashed register add (TypeError, exit 1)."""
    text = (EXAMPLES / "maintenance-restaurant.yaml").read_text().replace(
        "manifest: VG-20241015-02}", f"manifest: VG-20241015-02, note: {note}}}")
    (tmp_path / "m.yaml").write_text(text)
    kind = "a mapping" if note.startswith("{") else "a list"
    for args, command in ((("register", "add", "m.yaml", "--fse", "F1", "--db", "r.db"), "register"),
                          (("maintenance", "m.yaml"), "maintenance")):
        one_line_error(cli(*args), command, f"maintenance.services[0].note: expected text, got '{kind}'")
    assert not (tmp_path / "r.db").exists()


def test_a_text_note_is_stored(cli, tmp_path):
    """Item 9: a note that is text is kept."""
    text = (EXAMPLES / "maintenance-restaurant.yaml").read_text().replace(
        "manifest: VG-20241015-02}", "manifest: VG-20241015-02, note: baffle cleaned}")
    (tmp_path / "m.yaml").write_text(text)
    assert cli("register", "add", "m.yaml", "--fse", "F1", "--db", "r.db").rc == 0
    events = json.loads(cli("register", "export", "--db", "r.db").out)["fses"][0]["maintenance_events"]
    assert [e["note"] for e in events if e["note"]] == ["baffle cleaned"]


@pytest.mark.parametrize("args", [
    ("register", "show", "I" * 100_000, "--db", "r.db"),
    ("register", "history", "I" * 100_000, "--db", "r.db"),
    ("register", "diff", "I" * 100_000, "--db", "r.db"),
    ("register", "due", "--as-of", "I" * 100_000, "--db", "r.db"),
    ("register", "due", "--within", "9" * 100_000, "--db", "r.db"),
    ("size", "r.yaml", "--edition", "I" * 100_000),
    ("size", "r.yaml", "--jurisdiction", "I" * 100_000),
    ("size", "I" * 100_000 + ".yaml"),
    ("batch", "I" * 3_000 + ".csv"),
])
def test_error_lines_quote_at_most_80_characters_of_a_value(cli, tmp_path, args):
    """Item 12: register show with a 100,000-character id printed a 100 KB error line."""
    assert cli("register", "add", with_name(tmp_path, "Cafe"), "--db", "r.db").rc == 1
    run = cli(*args)
    assert run.rc == 2, run.err[-300:]
    assert "Traceback" not in run.err
    line = run.err.strip()
    assert "\n" not in line
    assert "I" * 81 not in line and "9" * 81 not in line, line[:300]
    assert len(line) < 600, len(line)


def test_an_appliance_name_the_pdf_cannot_print_is_refused(cli, tmp_path):
    """Item 7: an unlisted fixture type (an appliance's own name, printed in the reports) is text too."""
    (tmp_path / "s.yaml").write_text("edition: '2025'\nfixtures:\n  - {type: 寿司 station, flow: 2 gpm}\n"
                                     "inlet_pipe: 4 in\n")
    one_line_error(cli("size", "s.yaml", "--format", "pdf", "-o", "s.pdf"), "size",
                   "fixtures[0].type: holds the character U+5BFF (CJK UNIFIED IDEOGRAPH-5BFF), which the PDF")
    (tmp_path / "i.csv").write_text("submittal_id,fixture_type,count,flow_gpm\nA,寿司,1,2\nB,floor_drain,1,\n")
    run = cli("batch", "i.csv")
    assert run.rc == 1
    assert run.err.splitlines()[0].startswith("sizing batch: line 2: fixture_type: holds the character U+5BFF")

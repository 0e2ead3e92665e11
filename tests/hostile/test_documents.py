"""Submittal and log documents: alias bombs, duplicate keys, impossible values, odd encodings."""

from __future__ import annotations

import pytest

from tests.hostile.conftest import EXAMPLES, one_line_error

LEVELS = "abcdefghi"


def alias_bomb(use: str) -> str:
    """Nine levels of nine aliases under ``notes`` (9**9 values expanded), one alias used by ``use``."""
    lines = ["notes:", '  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, cur in zip(LEVELS, LEVELS[1:], strict=False):
        lines.append(f"  {cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n" + use + "\n"


@pytest.mark.parametrize("use", [
    "project: {name: *i}\nfixtures: [{type: floor_drain}]",
    "fixtures: [{type: floor_drain, label: *i}]",
    "fixtures: [{type: floor_drain, count: *i}]",
    "edition: *i\nfixtures: [{type: floor_drain}]",
])
def test_alias_bomb_is_refused(cli, tmp_path, use):
    """Item 2: YAML alias bomb: the error path formatted the fully expanded value (2.5 GB at 60 s)."""
    (tmp_path / "bomb.yaml").write_text(alias_bomb(use), encoding="utf-8")
    run = cli("size", "bomb.yaml")
    one_line_error(run, "size", "FILE: bomb.yaml is not valid YAML: aliases (*name) expand to more than 10,000 "
                                "values; write the values out at line ")


@pytest.mark.parametrize(("name", "text", "message"), [
    ("dup.yaml", "fixtures:\n  - {type: floor_drain, count: 3}\ninlet_pipe: 4 in\nfixtures:\n  - {type: floor_drain}\n",
     "FILE: dup.yaml: key 'fixtures' is given twice in the same section (lines 1 and 4)"),
    ("dup.json", '{\n "fixtures": [{"type": "floor_drain", "count": 3}],\n "inlet_pipe": "4 in",\n'
                 ' "fixtures": [{"type": "floor_drain"}]\n}\n',
     "FILE: dup.json: key 'fixtures' is given twice in the same section (lines 2 and 4)"),
    ("dup2.json", '{"fixtures": [{"type": "floor_drain",\n  "count": 3, "count": 1}]}',
     "FILE: dup2.json: key 'count' is given twice in the same section (lines 2 and 2)"),
])
def test_duplicate_keys_are_errors(cli, tmp_path, name, text, message):
    """Item 8: duplicate keys: the last one won silently (the second fixtures list was sized)."""
    (tmp_path / name).write_text(text, encoding="utf-8")
    one_line_error(cli("size", name), "size", message)


def test_impossible_unquoted_date_names_the_field(cli, tmp_path):
    """Item 5: an unquoted impossible date (review_date: 2024-02-30) was a traceback from the YAML reader."""
    text = (EXAMPLES / "review-compliant.yaml").read_text(encoding="utf-8")
    (tmp_path / "r.yaml").write_text(_set(text, "review_date", "2024-02-30"), encoding="utf-8")
    one_line_error(cli("review", "r.yaml"), "review",
                   "review_date: expected a date that exists, as YYYY-MM-DD, got '2024-02-30'")


def test_400_digit_count(cli, tmp_path):
    """Item 5: a 400-digit count was an OverflowError traceback."""
    (tmp_path / "c.yaml").write_text("fixtures: [{type: floor_drain, count: " + "9" * 400 + "}]\n", encoding="utf-8")
    one_line_error(cli("size", "c.yaml"), "size", "fixtures[0].count: expected a whole number >= 0 and <= 1,000,000, "
                                                  "got a number of more than 60 digits")


@pytest.mark.parametrize(("command", "example", "key", "field"), [
    ("review", "review-noncompliant.yaml", "review_date", "review_date"),
    ("waiver", "waiver-coffee-bar.yaml", "review_date", "review_date"),
    ("maintenance", "maintenance-restaurant.yaml", "as_of", "maintenance.as_of"),
])
def test_dates_near_9999(cli, tmp_path, command, example, key, field):
    """Item 5: dates near 9999 overflowed date arithmetic (a deadline or interval past year 9999)."""
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    (tmp_path / "d.yaml").write_text(_set(text, key, "9999-12-30"), encoding="utf-8")
    one_line_error(cli(command, "d.yaml"), command,
                   f"{field}: expected a date from 1900-01-01 to 2199-12-31, got '9999-12-30'")


def test_lone_surrogate_in_json_keeps_the_existing_output(cli, tmp_path):
    """Item 5: a lone surrogate in JSON text was a UnicodeEncodeError traceback that emptied --output."""
    (tmp_path / "s.json").write_text('{"project": {"name": "Cafe \\ud800"}, "fixtures": [{"type": "floor_drain"}]}',
                                     encoding="utf-8")
    (tmp_path / "out.txt").write_text("previous result\n", encoding="utf-8")
    run = cli("size", "s.json", "-o", "out.txt")
    one_line_error(run, "size", "project.name: holds an unpaired surrogate escape")
    assert (tmp_path / "out.txt").read_text(encoding="utf-8") == "previous result\n"


def test_json_with_a_bom_is_read(cli, tmp_path):
    """Item 12: JSON starting with a byte-order mark was rejected (YAML and CSV accept one)."""
    (tmp_path / "b.json").write_bytes(b'\xef\xbb\xbf{"fixtures": [{"type": "floor_drain", "count": 3}]}')
    run = cli("size", "b.json", "--format", "json")
    assert run.rc == 0, run.err
    assert '"dfu_total": 6' in run.stdout


def _set(text: str, key: str, value: str) -> str:
    """The document with top-level (or maintenance:) ``key`` set to an unquoted ``value``."""
    out, done = [], False
    for line in text.splitlines():
        stripped = line.lstrip()
        if stripped.startswith(f"{key}:") and not done:
            indent = line[:len(line) - len(stripped)]
            out.append(f"{indent}{key}: {value}")
            done = True
        else:
            out.append(line)
    if not done:
        out.append(f"{key}: {value}")
    return "\n".join(out) + "\n"


def test_400_digit_temperature(cli, tmp_path):
    """Item 5: a 400-digit number where a physical value is expected was an OverflowError traceback."""
    text = (EXAMPLES / "review-compliant.yaml").read_text(encoding="utf-8")
    (tmp_path / "t.yaml").write_text(_set(text, "max_discharge_temperature", "9" * 400), encoding="utf-8")
    one_line_error(cli("review", "t.yaml"), "review", "max_discharge_temperature: expected a temperature such as "
                                                      "'140 degF' or '60 degC', got a number of more than 60 digits")

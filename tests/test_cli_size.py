"""`sizing size`: formats, exit codes and one-line errors."""

import json
import subprocess
import sys

import pytest

from sizing.cli.main import main

JSON_KEYS = {"edition", "dfu_total", "gravity", "hydromechanical", "meals", "steps", "warnings"}


def test_json_contract(examples, capsys):
    assert main(["size", str(examples / "restaurant.yaml"), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert JSON_KEYS <= set(data)
    assert data["edition"] == "2025" and data["dfu_total"] == 30
    assert data["gravity"]["required_volume_gal"] == 1000
    h = data["hydromechanical"]
    assert (h["drainage_load_gal"], h["rated_one_minute_gpm"], h["rated_two_minute_gpm"]) == (95.38, 100, 50)
    assert (h["grease_capacity_lb"], h["by_pipe_one_minute_gpm"], h["by_pipe_two_minute_gpm"]) == (200, 150, 75)
    assert data["meals"]["volume_gal"] == 3000   # the dishwasher is not connected: 5 gal per meal
    assert all({"key", "citation", "provenance", "value"} <= set(s) for s in data["steps"])


def test_edition_flag_overrides_the_file(examples, capsys):
    assert main(["size", str(examples / "cpc-code-example.yaml"), "--format", "json", "--edition", "2022"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["edition"] == "2022" and data["gravity"]["required_volume_gal"] == 750


def test_text_and_markdown(examples, capsys):
    assert main(["size", str(examples / "cpc-code-example.yaml")]) == 0
    text = capsys.readouterr().out
    assert "750 gal" in text and "CPC 2025, Section 1014.3.6, Table 1014.3.6" in text
    assert main(["size", str(examples / "cpc-code-example.yaml"), "--format", "markdown", "--units", "si"]) == 0
    md = capsys.readouterr().out
    assert md.startswith("# Grease interceptor sizing — CPC 2025") and "2,839 L" in md


def test_output_file(examples, tmp_path):
    out = tmp_path / "deep" / "r.json"
    assert main(["size", str(examples / "inlet-pipe-only.yaml"), "--format", "json", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["gravity"]["required_volume_gal"] == 2000


@pytest.mark.parametrize(("content", "message"), [
    ("fixtures:\n  - {type: floor_drain}\n  - {type: mop_sink}\n  - {type: floor_drain, count: -1}\n",
     "sizing size: fixtures[2].count: expected a whole number >= 0, got -1"),
    ("fixtures:\n  - {type: flor_drain}\n", "did you mean 'floor_drain'?"),
    ("fixtures: [\n", "is not valid YAML"),
])
def test_bad_input_exit_2_one_line(tmp_path, content, message):
    path = tmp_path / "s.yaml"
    path.write_text(content)
    proc = subprocess.run([sys.executable, "-m", "sizing", "size", str(path)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert "Traceback" not in proc.stderr


def test_missing_file_and_bad_edition(tmp_path, capsys):
    assert main(["size", str(tmp_path / "nope.yaml")]) == 2
    assert capsys.readouterr().err.strip() == f"sizing size: FILE: no such file: {tmp_path / 'nope.yaml'}"
    (tmp_path / "s.yaml").write_text("inlet_pipe: 4 in\n")
    assert main(["size", str(tmp_path / "s.yaml"), "--edition", "2019"]) == 2
    assert "edition: expected one of '2022', '2025', got '2019'" in capsys.readouterr().err


def test_no_command_exits_2(capsys):
    assert main([]) == 2

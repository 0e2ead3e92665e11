"""YAML documents whose cost is out of proportion to their size, and YAML structure refused like duplicate keys."""

from __future__ import annotations

import json

import pytest

from sizing.io.document import MAX_DEPTH, MAX_FILE_BYTES, MAX_NODES
from tests.hostile.conftest import EXAMPLES, one_line_error, run_call

#: Every document under the byte limit is accepted or refused within this CPU time [s] and memory [bytes]
#: (CPU time: the work, whatever else the machine is doing; a hang is still stopped by the wall-clock limit).
SECONDS = 2
MEMORY = 200 * 2**20

BASE = (EXAMPLES / "restaurant.yaml").read_text()


def nested_lists(size: int) -> str:
    """~size bytes of nested lists under ``notes`` (about 3 nodes per 6 bytes)."""
    inner = "[" + ",".join(["[1,2]"] * 20) + "]"
    return BASE + "\nnotes: [" + ",".join([inner] * (size // (len(inner) + 1))) + "]\n"


COSTLY = {
    "nested lists, 988 KB": nested_lists(988_000),
    "a flat list of 320,000 items": BASE + "\nnotes: [" + ",".join(["1"] * 320_000) + "]\n",
    "depth 50": BASE + "\nnotes: [" + ",".join(["[" * 49 + "1" + "]" * 49] * 4000) + "]\n",
    "80,000 keys": BASE + "\nnotes:\n" + "".join(f"  k{i}: v\n" for i in range(80_000)),
}


@pytest.mark.parametrize("name", COSTLY)
def test_costly_yaml_is_refused_fast(cli, tmp_path, name):
    """Item 8: a 988 KB YAML of nested lists took 60 s of CPU and 420 MB, then exited 0; a flat 320k-item list
    13.6 s; depth 50: 37 s. Nodes and depth are now counted before anything is built."""
    text = COSTLY[name]
    assert len(text.encode()) < MAX_FILE_BYTES
    (tmp_path / "big.yaml").write_text(text)
    run = cli("size", "big.yaml", cpu=SECONDS, memory=MEMORY)
    line = one_line_error(run, "size", "FILE: big.yaml ")
    assert (f"more than {MAX_NODES:,} values" in line) or (f"more than {MAX_DEPTH} deep" in line), line
    assert run.cpu_seconds < SECONDS


def test_the_largest_accepted_document_is_cheap(cli, tmp_path):
    """Item 8: just under both limits (MAX_NODES - 1,000 nodes, lists nested MAX_DEPTH deep) is accepted within
    the bounds."""
    unit = "[" * (MAX_DEPTH - 2) + "1" + "]" * (MAX_DEPTH - 2)  # under the document's mapping and notes' list
    count = (MAX_NODES - 1_000) // len(unit.replace("]", ""))
    (tmp_path / "big.yaml").write_text(BASE + "\nnotes: [" + ",".join([unit] * count) + "]\n")
    run = cli("size", "big.yaml", "--format", "json", cpu=SECONDS, memory=MEMORY)
    assert run.rc == 0, run.err[-300:]
    assert json.loads(run.out)["dfu_total"] > 0
    assert run.cpu_seconds < SECONDS


def test_deep_json_is_refused(cli, tmp_path):
    """Item 8: JSON shares the limits (read by the json module, counted before the fields are read)."""
    (tmp_path / "deep.json").write_text('{"edition": "2025", "notes": ' + "[" * 40 + "]" * 40 + "}")
    line = one_line_error(cli("size", "deep.json", cpu=SECONDS, memory=MEMORY), "size", "FILE: deep.json ")
    assert line.endswith(f"nests lists and mappings more than {MAX_DEPTH} deep; a submittal or log is far smaller")


def test_app_upload_shares_the_bounds():
    """Item 8: the app's upload goes through the same parser: refused within the same time and memory."""
    from app_pages.widgets.examples import read_upload

    raw = COSTLY["nested lists, 988 KB"].encode()
    text, seconds = run_call(lambda: read_upload("big.yaml", raw), cpu=SECONDS, memory=MEMORY)
    assert text.startswith(f"SizingInputError: FILE: big.yaml holds more than {MAX_NODES:,} values"), text
    assert seconds < SECONDS


def test_two_merge_keys_in_one_mapping(cli, tmp_path):
    """Item 6: two '<<' keys in one mapping: the second silently replaced the first's values."""
    (tmp_path / "m.yaml").write_text(
        "a: &a {seats: 10}\nb: &b {seats: 20}\n"
        "edition: '2025'\nfixtures:\n  - {type: floor_drain, count: 1}\ninlet_pipe: 4 in\n"
        "meals:\n  <<: *a\n  <<: *b\n  meal_factor: restaurant\n  hours_of_operation: 12 h\n")
    line = one_line_error(cli("size", "m.yaml"), "size", "FILE: m.yaml: key '<<' is given twice in the same section")
    assert "(lines 8 and 9)" in line


def test_one_merge_key_with_a_list_still_merges(cli, tmp_path):
    """Item 6: one '<<' (here of a list of mappings) merges as YAML says, its keys overridden by the mapping's."""
    (tmp_path / "m.yaml").write_text("edition: '2025'\nfixtures:\n  - &fd {type: floor_drain, count: 1}\n"
                                     "  - {<<: [*fd], count: 3}\ninlet_pipe: 4 in\n")
    run = cli("size", "m.yaml", "--format", "json")
    assert run.rc == 0, run.err
    assert json.loads(run.out)["dfu_total"] == 8  # 2 DFU per floor drain, 1 + 3 of them

"""Every submittal of the example inventories: ``sizing batch`` gives the DFU, the volumes and the warnings that
``sizing size`` gives for the equivalent submittal, under each jurisdiction (trap sizes by Table 702.2(1),
compartments and connections by type, the jurisdiction's default connections, indirect fixtures, footnote 3)."""

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from sizing.batch import run_batch, submittal_document
from sizing.cpc.size import size
from sizing.errors import SizingInputError
from sizing.io.submittal import from_dict
from sizing.jurisdiction.profile import get as get_jurisdiction

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
INVENTORIES = sorted(EXAMPLES.glob("*.csv"))

#: warning kind -> (how sizing size words it, how the batch words it: a pattern whose group 1 names the types)
KINDS = {
    "no_connection": ("no fixture is connected to the interceptor", r"(no fixture is connected to the interceptor)"),
    "indirect": ("drains indirectly, but no floor sink", r"(?:^|; )([\w, ]+) drains indirectly, but no floor sink"),
    "unlisted": ("is not a listed fixture type", r"not a listed fixture type, counted by the trap size or flow "
                 r"given: ([\w, ]+)"),
    "forbidden": ("is connected to the interceptor as the submittal states",
                  r"shall not be connected to the grease interceptor: ([\w, ]+)"),
    "default_trap": ("has no trap_size; counted at", r"counted at the type's usual trap by Table 702.2\(1\): ([\w, ]+)"),
    "unconfirmed": ("whose basis is unconfirmed", r"whose basis is unconfirmed: ([\w, ]+)"),
    "beyond": ("beyond Table 1014.3.6", r"(beyond Table 1014.3.6)"),
}
#: sizing size warnings that are not the batch's (it sizes the gravity interceptor only)
OTHER = ("the fixture-capacity (PDI) method", "gpm unit, as some published selections", "HGI flow",
         "fixture capacity ")


def size_warnings(result) -> dict[str, set[str]]:
    """Per kind, the fixture types sizing size names (the kind's own text for a submittal-wide warning)."""
    out: dict[str, set[str]] = {}
    for text in result.warnings:
        kinds = [k for k, (words, _) in KINDS.items() if words in text]
        assert len(kinds) == 1 or any(o in text for o in OTHER), text
        for kind in kinds:
            m = re.match(r"fixtures\[(\d+)\]", text)
            name = result.fixtures[int(m.group(1))].type if m else re.search(KINDS[kind][1], text).group(1)
            out.setdefault(kind, set()).add(name)
    return out


def batch_warnings(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for kind, (_, pattern) in KINDS.items():
        m = re.search(pattern, text)
        if m:
            out[kind] = set(m.group(1).split(", ")) if kind not in ("no_connection", "beyond") else {m.group(1)}
    return out


@pytest.mark.parametrize("jurisdiction", ["tracy", "cpc"])
@pytest.mark.parametrize("edition", ["2025", "2022"])
@pytest.mark.parametrize("path", INVENTORIES, ids=lambda p: p.name)
def test_every_example_submittal_sizes_as_sizing_size(path, edition, jurisdiction):
    jurisdiction = get_jurisdiction(jurisdiction)
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    result = run_batch(path, edition=edition, jurisdiction=jurisdiction)
    got = result.results.set_index("submittal_id")
    for sid, rows in frame.groupby("submittal_id", sort=False):
        try:
            expected = size(from_dict(submittal_document(rows, edition), jurisdiction=jurisdiction))
        except SizingInputError:
            assert sid in result.not_sized and sid not in got.index
            continue
        row = got.loc[sid]
        g = expected.gravity
        assert row["fixture_lines"] == len(rows)
        assert row["dfu_total"] == expected.dfu_total, sid
        assert row["footnote3_volume_gal"] == g["footnote3_volume_gal"], sid
        if g["table_volume_gal"] is None:
            assert row["beyond_table"] and np.isnan(row["required_volume_gal"]), sid
        else:
            assert (row["table_volume_gal"], row["required_volume_gal"]) == (g["table_volume_gal"],
                                                                             g["required_volume_gal"]), sid
        assert batch_warnings(row["warnings"]) == size_warnings(expected), sid


def test_the_rules_example_covers_trap_sizes_compartments_and_connection_defaults():
    """The example inventory of the code rules has each case: its numbers are checked here by hand."""
    tracy = run_batch(EXAMPLES / "inventory-code-rules.csv").results.set_index("submittal_id")
    cpc = run_batch(EXAMPLES / "inventory-code-rules.csv", jurisdiction=get_jurisdiction("cpc")).results.set_index("submittal_id")
    # 2 x 6 (3 in) + 8 (4 in) + 4 (50 mm -> 2 in) + 2 x 6 (2.5 in -> 3 in) + 4 (1.97 in -> 2 in) + 3 (1-1/2 in)
    # + 2 (laundry tub, Table 702.1) + 6 (a clothes washer on a 3 in trap, larger than the row's 2 in standpipe:
    # Table 702.2(1)) = 51 DFU -> 1250 gal (Table 1014.3.6: 36-90 DFU)
    assert (tracy.loc["TRAPS-1", "dfu_total"], tracy.loc["TRAPS-1", "required_volume_gal"]) == (51, 1250)
    assert tracy.loc["TRAPS-1", "undersized"] == True  # noqa: E712 (pandas boolean)
    # three- and two-compartment and pot sinks counted on their Table 702.1 row, one trap each
    assert tracy.loc["COMPARTMENTS-2", "dfu_total"] == cpc.loc["COMPARTMENTS-2", "dfu_total"] == 17
    # the toilets and lavatories are off the grease line by default; the dishwasher is not where the
    # jurisdiction says it shall not be connected (tracy), is counted under the CPC alone
    assert (tracy.loc["CONNECTIONS-3", "dfu_total"], cpc.loc["CONNECTIONS-3", "dfu_total"]) == (5, 7)
    assert "whose basis is unconfirmed: dishwasher, water_closet, lavatory;" in cpc.loc["CONNECTIONS-3", "warnings"]
    assert "unconfirmed" not in tracy.loc["CONNECTIONS-3", "warnings"]
    # footnote 3: 3 gpm x 30 min for a combi oven with no receptor; none when a floor sink carries it
    assert tracy.loc["INDIRECT-4", "footnote3_volume_gal"] == 90
    assert tracy.loc["RECEPTOR-5", "footnote3_volume_gal"] == 0
    assert tracy.loc["NOTHING-8", "warnings"].startswith("no fixture is connected")
    assert tracy.loc["BEYOND-9", "beyond_table"]

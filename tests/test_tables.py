"""Table integrity: every row of every table, each edition, checked against the published values."""

import pytest

from sizing.errors import TableError
from sizing.io.submittal import fixture_types
from sizing.io.tables import PROVENANCE_LEVELS, editions, load_table, table_names
from sizing.jurisdiction.profile import get as get_jurisdiction

# Published values (plumbing-code facts: Table 1014.3.6 confirmed, others secondary/derived).
T_1014_3_6 = [(8, 500), (21, 750), (35, 1000), (90, 1250), (172, 1500), (216, 2000), (307, 2500), (342, 3000),
              (428, 4000), (576, 5000), (720, 7500), (2112, 10000), (2640, 15000)]
T_703_2 = [(1.25, 1), (1.5, 1), (2, 8), (2.5, 14), (3, 35), (4, 216), (5, 428), (6, 720), (8, 2640), (10, 4680),
           (12, 8200)]
T_1014_2_1 = [(2, 20, 20, 10), (3, 60, 75, 35), (4, 125, 150, 75), (5, 230, 250, 125), (6, 375, 500, 250)]
T_702_2_1 = [(1.25, 1), (1.5, 3), (2, 4), (3, 6), (4, 8)]
PDI = [4, 7, 10, 15, 20, 25, 35, 50, 75, 100]
EDITIONS = ["2022", "2025"]


def test_editions():
    assert editions() == EDITIONS


@pytest.mark.parametrize("edition", EDITIONS)
def test_1014_3_6_rows(edition):
    t = load_table("1014.3.6", edition)
    assert [(r["max_dfu"], r["volume_gal"]) for r in t.rows] == T_1014_3_6
    # CPC 2025 values are carried from 2022 (not checked against the printed 2025 text)
    assert t.provenance == ("confirmed" if edition == "2022" else "carried")
    assert t.source_level() == "confirmed"


@pytest.mark.parametrize("edition", EDITIONS)
def test_703_2_rows_and_levels(edition):
    t = load_table("703.2", edition)
    assert [(r["pipe_in"], r["max_dfu"]) for r in t.rows] == T_703_2
    levels = {r["pipe_in"]: t.source_level(r) for r in t.rows}
    assert levels[4] == "secondary" and levels[5] == levels[6] == levels[8] == "derived"
    assert levels[10] == levels[12] == "secondary"


@pytest.mark.parametrize("edition", EDITIONS)
def test_1014_2_1_rows(edition):
    t = load_table("1014.2.1", edition)
    assert [(r["pipe_in"], r["full_pipe_flow_gpm"], r["one_minute_gpm"], r["two_minute_gpm"]) for r in t.rows] == T_1014_2_1


@pytest.mark.parametrize("edition", EDITIONS)
def test_702_2_1_rows(edition):
    assert [(r["trap_in"], r["dfu"]) for r in load_table("702.2-1", edition).rows] == T_702_2_1


@pytest.mark.parametrize("edition", EDITIONS)
def test_702_1_kitchen_rows(edition):
    rows = {r["id"]: r["dfu"] for r in load_table("702.1", edition).rows}
    assert rows["floor_drain"] == 2 and rows["sink_service"] == 3 and rows["sink_commercial_food_waste"] == 3
    assert rows["sink_bar_commercial"] == 2 and rows["lavatory"] == 1 and rows["food_waste_disposer_commercial"] == 3
    assert rows["dishwasher_domestic"] == 2 and rows["drinking_fountain"] == 0.5 and rows["floor_drain_emergency"] == 0


def test_pdi_ladder_and_capacity():
    t = load_table("pdi-ratings")
    assert t.column("rating_gpm") == PDI
    assert all(r["grease_capacity_lb"] == 2 * r["rating_gpm"] for r in t.rows)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", ["1014.3.6", "703.2", "1014.2.1", "702.2-1", "702.1", "pdi-ratings", "meals-factors"])
def test_every_table_has_provenance(edition, name):
    t = load_table(name, edition)
    for key in ("source", "section", "provenance", "title"):
        assert t.meta.get(key), f"{name} {edition} lacks {key}"
    assert t.provenance in PROVENANCE_LEVELS
    assert all(t.row_provenance(r) in PROVENANCE_LEVELS for r in t.rows)
    if t.meta.get("code") == "CPC":
        assert t.meta["edition"] == edition
        # 2025 values could not be checked against the printed 2025 code: they say so.
        assert (t.carried_from == "2022") == (edition == "2025")


@pytest.mark.parametrize("name", ["1014.3.6", "703.2", "1014.2.1", "702.2-1"])
def test_tables_ascend(name):
    t = load_table(name)
    first = list(t.meta["columns"])[0]
    keys = t.column(first)
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    for col in list(t.meta["columns"])[1:]:
        if col != "provenance":
            values = t.column(col)
            assert values == sorted(values), f"{name}.{col} is not monotonic"


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_fixture_type_maps_to_a_row(edition):
    ids = {r["id"] for r in load_table("702.1", edition).rows}
    for key, kind in fixture_types().items():
        assert kind.row is None or kind.row in ids, key
        for row in (kind.rows_by_trap or {}).values():
            assert row in ids


def test_required_fixture_types_exist():
    required = {"floor_drain", "floor_sink", "mop_sink", "food_prep_sink", "three_compartment_sink", "hand_sink",
                "bar_sink", "dishwasher", "food_waste_disposer", "ice_machine", "water_closet", "urinal", "lavatory"}
    assert required <= set(fixture_types())


def test_unknown_table_names_the_ones_that_exist():
    with pytest.raises(TableError, match=r"no table '1014.3.7' for CPC 2025; tables available: 1014.2.1, 1014.3.6"):
        load_table("1014.3.7", "2025")


def test_unknown_edition_names_the_ones_that_exist():
    with pytest.raises(TableError, match=r"no tables for CPC edition '2019'; editions available: 2022, 2025"):
        load_table("1014.3.6", "2019")
    assert "1014.3.6" in table_names("2022")


def test_profile_has_every_ordinance_number():
    params = get_jurisdiction("tracy").parameters
    expected = {"min_compartments": 2, "min_manhole_diameter": 24, "max_discharge_temperature": 140,
                "max_accumulation_percent": 25, "max_service_interval_months": 6,
                "default_service_interval_months": 3, "existing_trigger_install_period": 180,
                "revocation_notice_days": 30, "records_retention_years": 3}
    for key, value in expected.items():
        assert params[key]["value"] == value
        assert params[key]["citation"].startswith("TMC")
    with pytest.raises(TableError, match="profiles available: carmel-area-wd, cpc, fullerton, long-beach, madera-county, "
                                        "placerville, tracy"):
        get_jurisdiction("stockton")


@pytest.mark.parametrize("name", ["1014.3.6", "703.2", "1014.2.1", "702.2-1", "702.1"])
def test_2025_tables_are_carried_with_the_2022_values_and_levels(name):
    """CPC 2025 values were not checked against the printed 2025 text: level `carried`, same values as 2022,
    and the 2022 level of each row as its source level."""
    t25, t22 = load_table(name, "2025"), load_table(name, "2022")
    assert t25.provenance == "carried" and t25.carried_from == "2022"
    assert all(t25.row_provenance(r) == "carried" for r in t25.rows)
    strip = [{k: v for k, v in r.items() if k != "provenance"} for r in t22.rows]
    assert [{k: v for k, v in r.items() if k != "provenance"} for r in t25.rows] == strip
    assert [t25.source_level(r) for r in t25.rows] == [t22.row_provenance(r) for r in t22.rows]
    assert t25.level_label().startswith(f"carried (CPC 2022, {t22.provenance} there)")


def test_a_carried_table_cannot_claim_another_level(tmp_path):
    from sizing.io.tables import _read

    path = tmp_path / "table-x.yaml"
    path.write_text('table: x\ntitle: x\nedition: "2025"\nsource: s\nprovenance: confirmed\ncarried_from: "2022"\n'
                    "columns: {a: in}\nrows: [{a: 1}]\n")
    with pytest.raises(TableError, match="must have provenance 'carried'"):
        _read(path, "x", "2025")


def test_profile_sizing_rules():
    """The jurisdiction profile says whether a dishwasher or a sanitary fixture may drain to the interceptor."""

    assert get_jurisdiction("tracy").sizing_rule("dishwasher_connection") == {"value": "shall_not",
                                                            "citation": "TMC ch. 5.26, Grease interceptor requirement"}
    assert get_jurisdiction("tracy").sizing_rule("sanitary_connection")["citation"] == "TMC ch. 5.26, Prohibitions (e)"
    with pytest.raises(TableError, match="no sizing rule 'x'"):
        get_jurisdiction("tracy").sizing_rule("x")


def test_data_files_read_the_same_with_the_fast_loader():
    """Every table and profile reads to the same data with the C loader the command line uses as with
    PyYAML's pure-Python safe loader (the start-up speed never changes a value)."""
    import yaml

    from sizing.io.tables import read_data_yaml, tables_dir

    files = sorted(tables_dir().rglob("*.yaml"))
    assert len(files) > 10
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert read_data_yaml(text) == yaml.safe_load(text), path


def test_a_carried_table_is_the_earlier_table_plus_its_changed_rows(tmp_path):
    """CPC 2025 files hold only their header and the rows that change: a row given under changed_rows replaces the
    2022 row with the same key (its own level kept), a new key is added; every other row is 2022's, carried."""
    from sizing.io.tables import _read

    path = tmp_path / "table-1014.3.6.yaml"
    path.write_text('table: "1014.3.6"\nedition: "2025"\nprovenance: carried\ncarried_from: "2022"\n'
                    "changed_rows:\n  - {max_dfu: 8, volume_gal: 600, provenance: confirmed}\n"
                    "  - {max_dfu: 3000, volume_gal: 20000, provenance: secondary}\n", encoding="utf-8")
    t = _read(path, "1014.3.6", "2025")
    old = load_table("1014.3.6", "2022")
    assert [(r["max_dfu"], r["volume_gal"]) for r in t.rows] == (
        [(8, 600)] + [(r["max_dfu"], r["volume_gal"]) for r in old.rows[1:]] + [(3000, 20000)])
    assert [t.row_provenance(r) for r in (t.rows[0], t.rows[1], t.rows[-1])] == ["confirmed", "carried", "secondary"]
    assert t.title == old.title and t.source == old.source
    path.write_text(path.read_text().replace(", provenance: confirmed", ""), encoding="utf-8")
    with pytest.raises(TableError, match=r"changed_rows\[0\] needs its 'max_dfu' .* and its provenance"):
        _read(path, "1014.3.6", "2025")

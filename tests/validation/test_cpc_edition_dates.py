"""California Plumbing Code editions in effect, by date.

Source: the California Building Standards Commission's triennial code cycle, as gathered in the project's
plumbing-code facts (secondary): the 2022 CPC (UPC 2021) took effect on 2023-01-01 and the 2025 CPC
(UPC 2024) on 2026-01-01.
"""

import datetime as dt

import pytest

from sizing.io.tables import edition_in_effect, load_table


@pytest.mark.parametrize(("day", "edition"), [(dt.date(2023, 1, 1), "2022"), (dt.date(2024, 7, 1), "2022"),
                                              (dt.date(2025, 12, 31), "2022"), (dt.date(2026, 1, 1), "2025")])
def test_edition_in_effect(day, edition):
    assert edition_in_effect(day)[0] == edition


def test_dates_before_the_2022_edition_name_the_editions():
    with pytest.raises(ValueError, match="CPC 2022 from 2023-01-01 to 2025-12-31; CPC 2025 from 2026-01-01"):
        edition_in_effect(dt.date(2022, 12, 31))


def test_table_states_its_source():
    t = load_table("cpc-editions")
    assert t.provenance == "secondary" and "Building Standards Commission" in t.source

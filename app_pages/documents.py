"""Documents as the pages hand them on: JSON and YAML text, a mapping without empty values, code table rows, meal factor and edition names."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import streamlit as st
import yaml

from app_pages.widgets.grid import blank
from sizing.io.tables import editions, load_table


def json_text(result: Any) -> str:
    """A result (its ``to_dict()``) or a mapping as the JSON the downloads hold."""
    data = result.to_dict() if hasattr(result, "to_dict") else result
    return json.dumps(data, indent=2, default=str)


def to_yaml(doc: Mapping[str, Any]) -> str:
    return yaml.safe_dump(dict(doc), sort_keys=False, allow_unicode=True, width=110)


def clean(mapping: Mapping[str, Any]) -> dict[str, Any]:
    """Drop empty fields from a form section."""
    return {k: (v.strip() if isinstance(v, str) else v) for k, v in mapping.items() if not blank(v)}


@st.cache_data(show_spinner=False)
def table_rows(name: str, edition_name: str) -> list[dict[str, Any]]:
    return [dict(r) for r in load_table(name, edition_name).rows]


@st.cache_data(show_spinner=False)
def meal_factor_names() -> list[str]:
    return list(load_table("meals-factors").meta["meal_factors"])


def edition_names() -> list[str]:
    return editions()

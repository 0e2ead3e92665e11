"""Inputs kept across page switches and the code edition chosen in the sidebar."""

from __future__ import annotations

import streamlit as st

from sizing.io.tables import DEFAULT_EDITION

#: Widget keys that start with this prefix are user inputs kept across page switches.
KEEP = "in_"


def keep_inputs() -> None:
    """Keep every ``in_*`` widget value when the user switches pages (Streamlit drops unrendered widgets)."""
    for key in list(st.session_state.keys()):
        if isinstance(key, str) and key.startswith(KEEP):
            st.session_state[key] = st.session_state[key]


def edition() -> str:
    return st.session_state.get("in_edition", DEFAULT_EDITION)

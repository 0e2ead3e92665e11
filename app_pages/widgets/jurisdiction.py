"""The jurisdiction the app applies: one selector in the sidebar (shown on every page), kept across page switches.

The pages ask :func:`chosen` once per run and pass the :class:`~sizing.jurisdiction.profile.Jurisdiction` down to every
evaluation and report they make; nothing below reads the selector again.
"""

from __future__ import annotations

import functools

import streamlit as st

from sizing.jurisdiction.profile import DEFAULT_ID, Jurisdiction, available, get
from sizing.provenance import glossary_help

#: The selector's session-state key (an ``in_`` key: kept when the user switches pages).
KEY = "in_jurisdiction"


@functools.cache
def ids() -> tuple[str, ...]:
    """The profiles the selector offers (read once per process)."""
    return tuple(available())


def name(jurisdiction_id: str) -> str:
    """A profile as the selector lists it: its name and code chapter."""
    j = get(jurisdiction_id)
    return f"{j.name} — {j.chapter}" if j.chapter else j.name


def confirmation(j: Jurisdiction) -> str:
    """The line under the selector: how much of the chosen profile rests on the code text, and where it was read."""
    return (f"{j.chapter or j.name}: {j.confirmation()} (source: {j.raw.get('source') or 'not stated'}). "
            "Confirm the profile with the jurisdiction before official use.")


def selector() -> Jurisdiction:
    """The sidebar selectbox (default: :data:`~sizing.jurisdiction.profile.DEFAULT_ID`); returns the chosen profile."""
    options = ids()
    ss = st.session_state
    if ss.get(KEY) not in options:
        ss[KEY] = DEFAULT_ID if DEFAULT_ID in options else options[0]
    st.sidebar.selectbox("Jurisdiction", options, key=KEY, format_func=name,
                         help="The profile whose rules the review, waiver and maintenance pages apply, and whose "
                              "connection defaults the sizing uses (the CLI's --jurisdiction)")
    j = get(ss[KEY])
    st.sidebar.caption(confirmation(j), help=glossary_help())  # the levels it counts, one click away
    return j


def chosen() -> Jurisdiction:
    """The jurisdiction chosen in the sidebar (the default before the selector has run)."""
    jurisdiction_id = st.session_state.get(KEY, DEFAULT_ID)
    return get(jurisdiction_id if jurisdiction_id in ids() else DEFAULT_ID)

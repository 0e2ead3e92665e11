"""The app's evaluations: each pure (the same content gives the same result), taking the chosen
:class:`~sizing.jurisdiction.profile.Jurisdiction` explicitly; the reports are made only when a download is clicked.

Sizing and reviewing a submittal are not cached: they take about 1 ms for 40 fixture lines, less than Streamlit's
cache takes to hash the submittal (1.3 ms), and an edit gives new content anyway. The waiver decision, the
maintenance plan and the files are cached (st.cache_resource for results the pages only read, st.cache_data for
bytes) on the submittal's content, the date and the jurisdiction.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import streamlit as st

from sizing.cpc.size import size
from sizing.io import submittal
from sizing.jurisdiction.profile import Jurisdiction
from sizing.report.letter import waiver_pdf
from sizing.report.text import sizing_markdown
from sizing.rules import maintenance
from sizing.rules.review import review
from sizing.rules.waiver import decide

#: The caches hash a Jurisdiction by its id and file (its contents are read once per process).
BY_PLACE = {Jurisdiction: lambda j: (j.id, str(j.path))}
#: An evaluation's result is kept once for every session (st.cache_resource: not copied; the pages only read it).
RESULT = {"show_spinner": False, "max_entries": 64, "hash_funcs": BY_PLACE}


def size_document(doc: dict[str, Any], place: Jurisdiction):
    """Validate and size a submittal mapping under ``place`` (pure; the same content gives the same result)."""

    return size(submittal.from_dict(doc, jurisdiction=place))


@st.cache_data(show_spinner=False, max_entries=16, hash_funcs=BY_PLACE)
def sizing_markdown_text(doc: dict[str, Any], units: str, place: Jurisdiction) -> str:
    """The markdown calculation report (sizing.report.text) of a submittal mapping sized under ``place``."""

    return sizing_markdown(size_document(doc, place), units=units)


@st.cache_data(show_spinner=False, max_entries=16, hash_funcs=BY_PLACE)
def sizing_pdf_bytes(doc: dict[str, Any], place: Jurisdiction, units: str = "us") -> bytes:
    """The PDF calculation report (sizing.report.pdf) of a submittal mapping sized under ``place``, in the
    ``units`` the page shows."""
    from sizing.report.pdf import sizing_pdf

    return bytes(sizing_pdf(size_document(doc, place), units=units))


def review_document(doc: dict[str, Any], today, place: Jurisdiction):
    """Validate and review a submittal mapping under ``place`` (sizing.rules.review); ``today`` when it
    gives no review_date."""

    return review(submittal.from_dict(doc, jurisdiction=place), today=today)


@st.cache_resource(**RESULT)
def waiver_decision(doc: dict[str, Any], today, place: Jurisdiction):
    """Validate a submittal with a waiver section and decide it under ``place`` (sizing.rules.waiver)."""

    return decide(submittal.from_dict(doc, jurisdiction=place), today=today)


@st.cache_data(show_spinner=False, max_entries=16, hash_funcs=BY_PLACE)
def waiver_pdf_bytes(doc: dict[str, Any], today, place: Jurisdiction) -> bytes:

    return bytes(waiver_pdf(waiver_decision(doc, today, place)))


@st.cache_resource(**RESULT)
def maintenance_plan(doc: dict[str, Any], today, place: Jurisdiction):
    """Parse a maintenance log and evaluate it under ``place`` (sizing.rules.maintenance); ``today`` when
    no as_of is given."""

    return maintenance.plan(maintenance.from_dict(doc, as_of=None if _has_as_of(doc) else today),
                            jurisdiction=place)


def _has_as_of(doc: Mapping[str, Any]) -> bool:
    section = doc.get("maintenance") if isinstance(doc.get("maintenance"), Mapping) else doc
    return section.get("as_of") is not None


@st.cache_data(show_spinner=False, max_entries=8, hash_funcs=BY_PLACE)
def batch_result(name: str, data: bytes, edition_name: str, place: Jurisdiction):
    """Size every submittal of an inventory CSV under ``place`` (sizing.batch.run_batch)."""
    from sizing.batch import run_batch

    stream = io.BytesIO(data)
    stream.name = name
    return run_batch(stream, edition=edition_name, jurisdiction=place)

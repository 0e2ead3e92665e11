"""The app's evaluations, each cached on what it reads: the submittal's content, the date and the jurisdiction.

Every function is pure (the same content gives the same result) and takes the chosen
:class:`~sizing.jurisdiction.Jurisdiction` explicitly; the reports are made only when a download is clicked.
"""

from __future__ import annotations

import hashlib
import io
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from sizing import submittal
from sizing.jurisdiction import Jurisdiction

#: st.cache_data hashes a Jurisdiction by its id and file (its contents are read once per process).
BY_PLACE = {Jurisdiction: lambda j: (j.id, str(j.path))}
_MEMO: OrderedDict[str, Any] = OrderedDict()
_MEMO_LOCK = threading.Lock()
MEMO_ENTRIES = 64


def content_key(*parts: Any) -> str:
    """A key for what a pure evaluation reads: a digest of the submittal's content (as JSON), the date and the
    jurisdiction (the profile's id and file)."""
    text = json.dumps([(p.id, str(p.path)) if isinstance(p, Jurisdiction) else p for p in parts], sort_keys=True,
                      default=str)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=20).hexdigest()


def memo(kind: str, key: str, make: Callable[[], Any]) -> Any:
    """``make()`` once per content ``key`` (the last MEMO_ENTRIES kept; an error is not kept). The result is
    shared, not copied: the pages only read results. Cheaper per rerun than st.cache_data, which hashes the
    mapping field by field and copies the result back."""
    full = f"{kind}:{key}"
    with _MEMO_LOCK:
        if full in _MEMO:
            _MEMO.move_to_end(full)
            return _MEMO[full]
    value = make()
    with _MEMO_LOCK:
        _MEMO[full] = value
        while len(_MEMO) > MEMO_ENTRIES:
            _MEMO.popitem(last=False)
    return value


_LATEST: OrderedDict[str, tuple[Any, Any]] = OrderedDict()
LATEST_ENTRIES = 8


def latest_of(kind: str, key: str, state: Any, make: Callable[[], Any],
              patch: Callable[[Any, Any], Any] | None = None) -> Any:
    """``make()`` once per ``key`` and ``state`` (what it reads, e.g. a register's fingerprint), only the latest
    state's value kept per key (another state makes and replaces it; the last LATEST_ENTRIES keys kept); with
    ``patch``, the value of another state is made from the one kept: ``patch(its state, its value)``. Shared,
    not copied, as :func:`memo`'s."""
    full = f"{kind}:{key}"
    with _MEMO_LOCK:
        kept = _LATEST.get(full)
    if kept is not None and kept[0] == state:
        return kept[1]
    value = make() if kept is None or patch is None else patch(*kept)
    with _MEMO_LOCK:
        _LATEST[full] = (state, value)
        _LATEST.move_to_end(full)
        while len(_LATEST) > LATEST_ENTRIES:
            _LATEST.popitem(last=False)
    return value


def size_document(doc: dict[str, Any], place: Jurisdiction):
    """Validate and size a submittal mapping under ``place`` (pure; the same content gives the same result)."""
    def make():
        from sizing.size import size

        return size(submittal.from_dict(doc, jurisdiction=place))
    return memo("size", content_key(doc, place), make)


@st.cache_data(show_spinner=False, max_entries=16, hash_funcs=BY_PLACE)
def sizing_markdown_text(doc: dict[str, Any], units: str, place: Jurisdiction) -> str:
    """The markdown calculation report (sizing.report.text) of a submittal mapping sized under ``place``."""
    from sizing.report.text import sizing_markdown

    return sizing_markdown(size_document(doc, place), units=units)


@st.cache_data(show_spinner=False, max_entries=16, hash_funcs=BY_PLACE)
def sizing_pdf_bytes(doc: dict[str, Any], place: Jurisdiction, units: str = "us") -> bytes:
    """The PDF calculation report (sizing.report.pdf) of a submittal mapping sized under ``place``, in the
    ``units`` the page shows."""
    from sizing.report.pdf import sizing_pdf

    return bytes(sizing_pdf(size_document(doc, place), units=units))


def review_document(doc: dict[str, Any], today, place: Jurisdiction):
    """Validate and review a submittal mapping under ``place`` (sizing.ordinance.review); ``today`` when it
    gives no review_date."""
    def make():
        from sizing.ordinance.review import review

        return review(submittal.from_dict(doc, jurisdiction=place), today=today)
    return memo("review", content_key(doc, today, place), make)


def waiver_decision(doc: dict[str, Any], today, place: Jurisdiction):
    """Validate a submittal with a waiver section and decide it under ``place`` (sizing.ordinance.waiver)."""
    def make():
        from sizing.ordinance.waiver import decide

        return decide(submittal.from_dict(doc, jurisdiction=place), today=today)
    return memo("waiver", content_key(doc, today, place), make)


@st.cache_data(show_spinner=False, max_entries=16, hash_funcs=BY_PLACE)
def waiver_pdf_bytes(doc: dict[str, Any], today, place: Jurisdiction) -> bytes:
    from sizing.report.letter import waiver_pdf

    return bytes(waiver_pdf(waiver_decision(doc, today, place)))


def maintenance_plan(doc: dict[str, Any], today, place: Jurisdiction):
    """Parse a maintenance log and evaluate it under ``place`` (sizing.ordinance.maintenance); ``today`` when
    no as_of is given."""
    def make():
        from sizing.ordinance import maintenance

        return maintenance.plan(maintenance.from_dict(doc, as_of=None if _has_as_of(doc) else today),
                                jurisdiction=place)
    return memo("maintenance", content_key(doc, today, place), make)


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

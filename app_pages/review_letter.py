"""The plan review page's own additions to a review: the reviewer's notes per finding (a note printed beside it, a
reason that marks it not applicable) and the correction letter's fields and files (sizing.report.correction)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from app_pages import common, evaluate, grid_edits
from sizing.sections.review_notes import NOTE_FIELDS

ss = st.session_state
import sizing.report.review as REPORT  # noqa: E402,N812

NOTE_COLUMNS = ("rule", "status", "not_applicable", "note")
NOTES_CONFIG = {"rule": st.column_config.TextColumn("rule", width="medium"),
                "status": st.column_config.TextColumn("check", width="small"),
                "not_applicable": st.column_config.TextColumn("N/A (reason)", width="medium"),
                "note": st.column_config.TextColumn("note", width="large")}


def notes_read(r) -> dict:
    """The reviewer's own notes per finding and "N/A (reason)", as the notes grid holds them (the rows it is drawn
    with and the edits sent, app_pages.grid_edits), read before the grid is drawn (:func:`notes_grid`, below the
    findings they change); kept in session_state and in the downloads."""
    kept = ss.setdefault("rv_notes", {})
    rules = [f.rule for f in r.findings]
    rows = tuple((f.rule, REPORT.SYMBOL[f.status], kept.get(f.rule, {}).get("not_applicable") or None,
                  kept.get(f.rule, {}).get("note") or None) for f in r.findings)
    base, base_rows, kinds = evaluate.memo("notes_frame", evaluate.content_key(rows), lambda: notes_frame(rows))
    key = f"rv_notes_{ss.get('rv_notes_ver', 0)}_{abs(hash(tuple(rules)))}"
    ss.rv_notes_editor_key = key
    ss.rv_notes_grid = (key, base, tuple(row[:2] for row in rows))  # what notes_grid draws: rule and check
    notes = {}
    for row in grid_edits.apply(base_rows, kinds, ss[key] if key in ss else None):
        item = {k: str(row[k]).strip() for k in NOTE_FIELDS if not common.blank(row[k])}
        if item:
            notes[row["rule"]] = item
    ss.rv_notes = {**{k: v for k, v in kept.items() if k not in rules}, **notes}
    return {rule: REPORT.ReviewerNote(**item) for rule, item in notes.items()}


def notes_grid(on_change) -> None:
    """The notes grid :func:`notes_read` read, drawn below the findings."""
    key, base, shown = ss.rv_notes_grid
    st.markdown("**Your notes on the findings** — a note is printed beside the finding; a reason under "
                "'N/A' marks it not applicable (shown as N/A, never as a pass)")
    st.data_editor(base, key=key, hide_index=True, width="stretch", disabled=["rule", "status"], placeholder="",
                   column_config=NOTES_CONFIG, height=35 * (len(shown) + 1) + 3, on_change=on_change)
    ss.rv_notes_drawn = (key, shown)


def notes_grid_is_current() -> bool:
    """Whether the notes grid on the page shows the rules and checks :func:`notes_read` read last."""
    key, _, shown = ss.rv_notes_grid
    return ss.get("rv_notes_drawn") == (key, shown)


def notes_frame(rows: tuple) -> tuple[pd.DataFrame, list[dict], dict[str, str]]:
    """The notes grid's rows (rule, status, N/A reason, note), all columns of Python objects; its rows as dicts
    and its columns' kinds (grid_edits)."""
    frame = pd.DataFrame(list(rows), columns=list(NOTE_COLUMNS), dtype="object")
    return frame, grid_edits.records(frame), grid_edits.column_kinds(frame)


LETTER_FIELDS = {"addressee": "in_rv_letter_addressee", "address": "in_rv_letter_address",
                 "title": "in_rv_letter_title", "opening": "in_rv_letter_opening"}


def letter_fields(r):
    """The correction letter as the plan checker edits it: addressee, address, signer's title, opening paragraph
    (blank: from the submittal's project, and the standard opening); signed by the reviewer above."""
    from sizing.report.correction import LetterFields

    for key in LETTER_FIELDS.values():
        ss.setdefault(key, "")
    box = st.expander("Correction letter: addressee, signature", key="rv_letter_open", on_change="rerun")
    if box.open:  # its fields are drawn only when open, not on every rerun after an edit; what was typed is kept
        with box:
            letter_inputs(r)
    return LetterFields.from_project(r.project, **{field: ss[key].strip() for field, key in LETTER_FIELDS.items()})


def letter_inputs(r) -> None:
    """The letter's fields (in the open "Correction letter" box); kept while the box is closed."""
    a1, a2 = st.columns(2)
    a1.text_input("Addressee", key="in_rv_letter_addressee", persist_state="session",
                  placeholder=r.project.get("applicant") or "the applicant (project: applicant)")
    a2.text_input("Signer's title", key="in_rv_letter_title", persist_state="session",
                  placeholder=r.project.get("reviewer_title") or "Plan checker")
    st.text_area("Address (one line each)", key="in_rv_letter_address", height=80, persist_state="session",
                 placeholder=r.project.get("applicant_address") or "")
    st.text_area("Opening paragraph (blank: the standard one)", key="in_rv_letter_opening", height=80,
                 persist_state="session")
    st.caption("Each correction cites the plan sheets of the parts it names (their `sheet` field, else the "
               "interceptor's) and carries your note on its finding; the reviewer above signs.")


def letter_bytes(r, notes: dict, fields, fmt: str) -> bytes:
    from sizing.report import correction

    return correction.render(correction.build(r, notes, fields), fmt)

"""The plan review page's own additions to a review: the reviewer's notes per finding (a note printed beside it, a
reason that marks it not applicable) and the correction letter's fields and files (sizing.report.correction)."""

from __future__ import annotations

import re

import pandas as pd
import streamlit as st

from app_pages.widgets import grid
from sizing.io.sections.review_notes import NOTE_FIELDS
from sizing.report import correction
from sizing.report.correction import LetterFields
from sizing.report.findings import label

ss = st.session_state
import sizing.report.review as REPORT  # noqa: E402,N812

NOTE_COLUMNS = ("rule", "label", "status", "not_applicable", "note")
#: The columns shown: the rule by its name for people (its id stays in the grid's data, unseen).
NOTES_SHOWN = ("label", "status", "not_applicable", "note")
NOTES_CONFIG = {"label": st.column_config.TextColumn("rule", width=260),
                "status": st.column_config.TextColumn("check", width="small"),
                "not_applicable": st.column_config.TextColumn("N/A (reason)", width="medium"),
                "note": st.column_config.TextColumn("note", width="large")}


def notes_grid(r) -> dict:
    """The reviewer's notes grid, one row per finding (its rule, its check, "N/A (reason)", note), drawn below the
    findings; what it returns is the reviewer's notes, kept in session_state (for a grid drawn again after
    other findings, a page switch) and in the downloads. The grid's key follows the findings' rules: a value
    changed under it (a check that now passes) keeps the edits typed."""
    kept = ss.setdefault("rv_notes", {})
    rules = [f.rule for f in r.findings]
    rows = [(f.rule, label(f), REPORT.SYMBOL[f.status], kept.get(f.rule, {}).get("not_applicable") or None,
             kept.get(f.rule, {}).get("note") or None) for f in r.findings]
    key = ss.rv_notes_editor_key = f"rv_notes_{ss.get('rv_notes_ver', 0)}_{abs(hash(tuple(rules)))}"
    st.markdown("**Your notes on the findings** — a note is printed beside the finding; a reason under "
                "'N/A' marks it not applicable (shown as N/A, never as a pass)")
    edited = st.data_editor(pd.DataFrame(rows, columns=list(NOTE_COLUMNS), dtype="object"),
                            key=key, hide_index=True,
                            width="stretch", disabled=["rule", "label", "status"], placeholder="",
                            column_config=NOTES_CONFIG, column_order=NOTES_SHOWN,
                            height=35 * (len(rows) + 1) + 3)
    notes = {}
    for row in edited.to_dict("records"):
        item = {k: str(row[k]).strip() for k in NOTE_FIELDS if not grid.blank(row[k])}
        if item:
            notes[row["rule"]] = item
    ss.rv_notes = {**{k: v for k, v in kept.items() if k not in rules}, **notes}
    return {rule: REPORT.ReviewerNote(**item) for rule, item in notes.items()}


LETTER_FIELDS = {"addressee": "in_rv_letter_addressee", "address": "in_rv_letter_address",
                 "title": "in_rv_letter_title", "opening": "in_rv_letter_opening"}


def fill_letter(project) -> None:
    """The letter's fields filled from a submittal's ``project`` as editable defaults (the addressee and address as
    the letter takes them, :meth:`LetterFields.from_project`; the signer's title), when a submittal with another
    project is taken; the fields typed for the same project are kept."""
    project = dict(project or {})
    if ss.get("rv_letter_project") == project and all(key in ss for key in LETTER_FIELDS.values()):
        return
    base = LetterFields.from_project(project)
    lines = [line.strip() for line in re.split(r"[\n,]", base.address or "") if line.strip()]
    ss.in_rv_letter_addressee = base.addressee or ""
    ss.in_rv_letter_address = "\n".join(lines)
    ss.in_rv_letter_title = base.title or "Plan checker"
    ss.in_rv_letter_opening = ""  # blank: the standard opening, which follows the verdict
    ss.rv_letter_project = project


def letter_fields(r):
    """The correction letter as the plan checker edits it: addressee, address, signer's title, opening paragraph
    (filled from the submittal's project, :func:`fill_letter`; a field left blank: from the project, and the
    standard opening); signed by the reviewer above."""

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
                  placeholder=r.project.get("applicant") or "the applicant")
    a2.text_input("Signer's title", key="in_rv_letter_title", persist_state="session",
                  placeholder=r.project.get("reviewer_title") or "Plan checker")
    st.text_area("Address (one line each)", key="in_rv_letter_address", height=80, persist_state="session",
                 placeholder=r.project.get("applicant_address") or "")
    st.text_area("Opening paragraph (blank: the standard one)", key="in_rv_letter_opening", height=80,
                 persist_state="session")
    st.caption("Each correction cites the plan sheets of the parts it names (their Sheet column, else the "
               "interceptor's) and carries your note on its finding; the reviewer above signs.")


def letter_bytes(r, notes: dict, fields, fmt: str) -> bytes:

    return correction.render(correction.build(r, notes, fields), fmt)

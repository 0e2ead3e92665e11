"""What the plan review page shows of a review beside its findings table: the verdict, the fixture lines a
finding names as the grid's rows, and the downloads (each file made when its button is clicked)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import streamlit as st

import sizing.report.review as REPORT  # noqa: N812
from app_pages import documents, evaluate, on_demand
from app_pages.widgets import fixtures, review_letter
from sizing.errors import SizingInputError
from sizing.io import submittal
from sizing.report.review import review_pdf as render


def verdict(r, notes: dict) -> None:
    line = REPORT.headline(r, notes)
    verdict_now = REPORT.verdict_shown(r, notes)
    if verdict_now == "compliant":
        st.success(line, icon=":material/check_circle:")
    elif verdict_now == "incomplete":
        st.warning(line, icon=":material/help:")
    else:
        st.error(line, icon=":material/cancel:")


def named_rows(finding, sched: fixtures.Schedule):
    """A finding with the fixture lines it names as the grid's rows (the finding itself when it names none)."""

    message = sched.name(finding.message)
    correction = finding.correction and sched.name(finding.correction)
    if message == finding.message and correction == finding.correction:
        return finding
    return replace(finding, message=message, correction=correction)


def letter_downloads(doc: dict, r, notes: dict, fields) -> None:
    """The correction letter's buttons: Word, PDF, markdown."""
    l1 = l2 = l3 = st.container(horizontal=True)  # one block for each row of buttons (columns were four and five)
    stem = on_demand.download_name(doc, "-corrections")
    l1.download_button("Correction letter (Word)", on_demand.latest("rv_letter_docx", review_letter.letter_bytes, r, notes, fields, "docx"),
                       file_name=f"{stem}.docx", key="rv_letter_docx", on_click="ignore",
                       mime="application/vnd.openxmlformats-officedocument.wordprocessingml.document")
    l2.download_button("Correction letter (PDF)", on_demand.latest("rv_letter_pdf", review_letter.letter_bytes, r, notes, fields, "pdf"),
                       file_name=f"{stem}.pdf", mime="application/pdf", key="rv_letter_pdf", on_click="ignore")
    l3.download_button("Correction letter (markdown)",
                       on_demand.latest("rv_letter_md", review_letter.letter_bytes, r, notes, fields, "markdown"),
                       file_name=f"{stem}.md", mime="text/markdown", key="rv_letter_md", on_click="ignore")


def downloads(doc: dict, r, notes: dict, place) -> None:
    """Each file is made when its button is clicked (on_demand.latest), of the review under ``place``."""
    try:
        fields = review_letter.letter_fields(r)
    except SizingInputError as exc:  # a letter field as typed that a letter cannot show: said, no letter made
        fields = exc
    st.subheader("Downloads")
    if isinstance(fields, SizingInputError):
        st.error(f"Correction letter: {fields}")
    else:
        letter_downloads(doc, r, notes, fields)
    d1 = d2 = d3 = d4 = st.container(horizontal=True)
    d1.download_button("Submittal with the design (YAML)", on_demand.latest("rv_download_submittal", documents.to_yaml, doc),
                       file_name=on_demand.download_name(doc, ".yaml"), mime="application/x-yaml",
                       key="rv_download_submittal", on_click="ignore")
    d2.download_button("Review (JSON)", on_demand.latest("rv_download_json", documents.json_text, r),
                       file_name=on_demand.download_name(doc, "-review.json"), mime="application/json",
                       key="rv_download_json", on_click="ignore")
    d3.download_button("Review (markdown)", on_demand.latest("rv_download_markdown", REPORT.review_markdown, r, notes),
                       file_name=on_demand.download_name(doc, "-review.md"), mime="text/markdown",
                       key="rv_download_markdown", on_click="ignore")
    d4.download_button("Review report (PDF)", on_demand.latest("rv_download_pdf", review_pdf, doc, place),
                       file_name=on_demand.download_name(doc, "-review.pdf"), mime="application/pdf",
                       key="rv_download_pdf", on_click="ignore")


@st.cache_data(show_spinner=False, max_entries=16, hash_funcs=evaluate.BY_PLACE)
def review_pdf(doc: dict, place) -> bytes:
    """The review report of the submittal on the page under ``place``, with the reviewer's notes it carries."""

    sub = submittal.from_dict(doc, jurisdiction=place)  # the review_notes the document carries, parsed
    r = evaluate.review_document({k: v for k, v in doc.items() if k != "review_notes"}, dt.date.today(), place)
    return bytes(render(r, REPORT.reviewer_notes(sub.review_notes, r)))

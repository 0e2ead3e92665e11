"""Page 5 — inventory (batch): an FSE inventory CSV in, counts by required size, a histogram, the undersized
list and the rejected rows out (all from sizing.batch.run_batch)."""

from __future__ import annotations

import json

import altair as alt
import pandas as pd
import streamlit as st

from app_pages import documents, evaluate, session
from app_pages.widgets import examples, jurisdiction, page_parts
from sizing.errors import SizingInputError, TableError
from sizing.quantities import show

ss = st.session_state
import sizing.batch as BATCH  # noqa: E402,N812


def on_example() -> None:
    path = examples.examples_dir() / "inventory.csv"
    ss.inv_source = (path.name, path.read_bytes())


def on_upload() -> None:
    upload = ss.get("upload_inventory")
    if upload is not None:
        ss.inv_source = (upload.name, upload.getvalue())


def inputs() -> tuple[str, bytes]:
    ss.setdefault("in_inv_edition", ss.get("in_edition", session.edition()))
    c1, c2 = st.columns([3, 1])
    c1.file_uploader("Inventory CSV: one row per fixture line (submittal_id, fixture_type, count, ...)",
                     type=["csv"], key="upload_inventory", on_change=on_upload,
                     help="Optional columns: " + ", ".join(BATCH.OPTIONAL_COLUMNS)
                     if hasattr(BATCH, "OPTIONAL_COLUMNS") else None)
    c2.selectbox("CPC edition", documents.edition_names(), key="in_inv_edition")
    c2.button("Use the example inventory", key="inv_example", on_click=on_example)
    if "inv_source" not in ss:
        st.info("Upload an inventory CSV, or use the example inventory.")
        st.stop()
    return ss.inv_source


def results(name: str, data: bytes, place) -> None:
    try:
        with st.spinner("Sizing the inventory…"):
            r = evaluate.batch_result(name, data, ss.in_inv_edition, place)
    except (SizingInputError, TableError) as exc:
        page_parts.stop_on_error(exc, name)
    s = r.summary()
    st.caption(f"{name}: {s['rows_read']:,} fixture lines, CPC {s['edition']}")
    m1, m2, m3, m4 = st.columns(4)
    m1.metric("Submittals", f"{s['submittals']:,}")
    m2.metric("Sized", f"{s['sized']:,}")
    m3.metric("Rejected rows", f"{s['rejected_rows']:,}")
    m4.metric("Undersized", f"{s['undersized_count']:,}", help=f"of {s['installed_given']:,} with an installed volume")
    if s["rejected_rows"]:
        st.warning(f"{s['rejected_rows']} row(s) rejected; submittals not sized: {', '.join(s['not_sized'])}. "
                   "A submittal with a rejected row is not sized (its other lines would understate it).")
    if s["beyond_table"]:
        st.warning(f"{s['beyond_table']} submittal(s) beyond Table 1014.3.6: no size, never extrapolated.")

    st.subheader("Counts by required size")
    counts = pd.DataFrame(s["by_required_volume_gal"], columns=["volume_gal", "submittals"])
    if counts.empty:
        st.caption("No submittal was sized.")
    else:
        counts["required volume"] = counts["volume_gal"].map(lambda v: f"{show(v, 'gal')}")
        chart = alt.Chart(counts).mark_bar().encode(
            x=alt.X("required volume:N", sort=list(counts["required volume"]), title="required volume",
                    axis=alt.Axis(labelAngle=0)),
            y=alt.Y("submittals:Q", title="submittals", axis=alt.Axis(tickMinStep=1, format="d")),
            tooltip=["required volume", "submittals"])
        st.altair_chart(chart, width="stretch", key="inv_histogram")
        st.dataframe(counts[["required volume", "submittals"]], hide_index=True, width="stretch",
                     key="inv_counts")

    st.subheader("Undersized interceptors")
    under = r.undersized()
    if under.empty:
        st.caption("None: every installed volume given meets its required volume.")
    else:
        st.dataframe(under, hide_index=True, width="stretch", key="inv_undersized")
    if not r.rejects.empty:
        st.subheader("Rejected rows")
        st.dataframe(r.rejects, hide_index=True, width="stretch", key="inv_rejects")
    with st.expander("All results"):
        st.dataframe(r.results, hide_index=True, width="stretch", key="inv_results")
    page_parts.show_provenance(r.provenance())

    st.subheader("Downloads")
    stem = name.rsplit(".", 1)[0]
    d1, d2, d3 = st.columns(3)
    d1.download_button("Results (CSV)", BATCH.csv_text(r.results), file_name=f"{stem}-sizes.csv", mime="text/csv",
                       key="inv_download_results", on_click="ignore")
    d2.download_button("Rejected rows (CSV)", BATCH.csv_text(r.rejects), file_name=f"{stem}-rejects.csv",
                       mime="text/csv", key="inv_download_rejects", on_click="ignore")
    d3.download_button("Everything (JSON)", json.dumps(r.to_dict(), indent=2, default=str),
                       file_name=f"{stem}-batch.json", mime="application/json", key="inv_download_json",
                       on_click="ignore")


place = jurisdiction.chosen()
page_parts.header("Inventory (batch)", place, ss.get("in_inv_edition"))
results(*inputs(), place)

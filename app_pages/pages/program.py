"""Page 6 — the FOG program register: the FSE list with status and filters, one FSE's timeline, the due list and
the diff of two review cycles side by side (all read through sizing.program)."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st

from app_pages import access, evaluate
from app_pages.widgets import (
    contacts_box,
    jurisdiction,
    long_table,
    page_parts,
    program_notices,
    register_box,
)
from app_pages.widgets.manifest_box import manifest_box
from app_pages.widgets.photos import timeline_photos
from app_pages.widgets.property_box import property_box
from app_pages.widgets.submissions_box import submissions_tab
from sizing.batch import run_batch
from sizing.errors import SizingInputError, TableError
from sizing.jurisdiction.profile import Jurisdiction
from sizing.plan_names import field_words
from sizing.program import voids
from sizing.program.audit import COLUMNS as AUDIT_COLUMNS
from sizing.program.audit import audit
from sizing.program.diff import diff
from sizing.program.fse_rows import due_list, fse_list
from sizing.program.location import mask
from sizing.program.queries import (
    counted,
    cycle_numbers_by_fse,
    every_table,
    history,
    register_state,
    show,
)
from sizing.program.queries import fse_ids as ids
from sizing.program.report import imported_text
from sizing.program.rows import latest
from sizing.quantities import number, quantity_of
from sizing.quantities import show as show_quantity
from sizing.report import figures, workbook
from sizing.report.calendar import ics
from sizing.rules import maintenance
from sizing.rules.compliance import STATUSES  # the one compliance state, worst first
from sizing.rules.maintenance import has_rules

ss = st.session_state
#: The most writes the Audit tab shows.
AUDIT_SHOWN = 500
TABS = ("FSEs", "Timeline", "Due", "Notices", "Submissions", "Summary", "Cycle diff", "Audit")
#: The FSE list's long text columns (wide, and read in full in the selected row's detail).
FSE_LONG = ("name", "cpc_check", "compliance_reasons")
#: The audit trail's columns as shown (the register's table name is the record's kind, already in words).
AUDIT_SHOWN_COLUMNS = [c for c in AUDIT_COLUMNS if c != "table"]


def import_box(place) -> None:
    """Import an inventory CSV (the batch inventory, with optional name, address and owner columns) into the
    register: FSE and interceptor records with their CPC check; for a role that may store the inventory."""
    if not access.may("inventory"):
        return
    with st.expander("Import an inventory (CSV)", icon=":material/upload_file:", key="pg_import_open"):
        st.caption("One row per fixture line: submittal_id (the FSE id), fixture_type, count; optional flow_gpm, "
                   "trap_size_in, connected_to_interceptor, installed_volume_gal, and the FSE's name, address and "
                   "owner. Each FSE is sized under the CPC and its installed volume checked against it.")
        st.file_uploader("Inventory CSV", type=["csv"], key="pg_import_file")
        ss.setdefault("in_pg_import_skip", False)
        st.checkbox("Import the other submittals when rows are rejected", key="in_pg_import_skip")
        st.button("Import into the register", key="pg_import", on_click=_import, args=(place,))
        page_parts.show_message("pg_import_msg")


def _import(place) -> None:

    import sqlalchemy as sa


    upload = ss.get("pg_import_file")
    if upload is None:
        ss.pg_import_msg = ("error", "Choose an inventory CSV file first.")
        return
    data = upload.getvalue()

    def stream():
        s = io.BytesIO(data)
        s.name = upload.name
        return s

    skip = bool(ss.get("in_pg_import_skip"))
    try:
        checked = run_batch(stream(), jurisdiction=place)  # checked before the register is touched
        if len(checked.rejects) and not skip:
            first = checked.rejects.iloc[0]
            ss.pg_import_msg = ("error", f"{upload.name}: line {first['line']}: {first['reason']}; "
                                         f"{len(checked.rejects)} row(s) rejected, nothing imported (fix them, or "
                                         "tick 'Import the other submittals')")
            return
        from sizing.program.location import resolve

        url = resolve(access.register_location())[0]
        path = url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else None
        existed = path is None or Path(path).exists()
        try:
            reg = access.open_register(write=True)
            try:
                r = reg.import_inventory(stream(), user=ss.get("in_reg_user") or None, skip_rejects=skip,
                                         jurisdiction=place, skip_hint="tick 'Import the other submittals'")
            finally:
                reg.db.engine.dispose()
        except BaseException:
            if not existed:  # a register this failed import created: leave nothing behind
                for suffix in ("", "-wal", "-shm", "-journal"):
                    Path(path + suffix).unlink(missing_ok=True)
            raise
    except SizingInputError as exc:
        ss.pg_import_msg = ("error", access.app_message(str(exc)))
        return
    except sa.exc.SQLAlchemyError as exc:
        ss.pg_import_msg = ("error", "Register: nothing was imported: "
                                     + mask(str(getattr(exc, "orig", None) or exc).splitlines()[0]))
        return

    ss.pg_import_msg = ("success", f"{upload.name}: " + imported_text(r).strip() + "." + access.created_note(reg))


def fse_ids(reg) -> list[str]:

    return ids(reg)


def fse_rows(reg, as_of: dt.date, place: Jurisdiction):
    """The FSE list and its whole table (as the Arrow table ``st.dataframe`` would make of it), made once per
    register state (:func:`register_state`: any write by anyone gives another), date and jurisdiction, and shared
    by every session: the pages only read them."""

    return _fse_rows(reg, reg.db.url, register_state(reg), as_of, place)


@st.cache_resource(show_spinner=False, max_entries=8, hash_funcs=evaluate.BY_PLACE)
def _fse_rows(_reg, url: str, state: Any, as_of: dt.date, place: Jurisdiction):

    rows = fse_list(_reg, as_of=as_of, jurisdiction=place)
    return rows, table_of(rows) if rows else None


def table_of(rows: list[dict]):
    """The FSE list's table (Arrow: a column mixing dates and dashes is text): what a program manager scans first,
    then the rest."""
    frame = cells([{**r, "status": status_words(r["status"]), "compliance": status_words(r.get("compliance"))}
                   for r in rows])
    first = ["fse_id", "name", "status", "cpc_check"]
    names = [c for c in first if c in frame.columns] + [c for c in frame.columns if c not in first]
    return page_parts.arrow_table(frame.to_dict("records"), names)


def status_words(status: str | None) -> str | None:
    """A compliance status as a person reads it ("in violation", not its key)."""
    return None if status is None else status.replace("_", " ")


def fse_table(reg, as_of: dt.date, place: Jurisdiction) -> list[str]:
    rows, whole = fse_rows(reg, as_of, place)
    c1, c2, c3 = st.columns([2, 2, 1])
    chosen = c1.multiselect("Status", STATUSES, key="in_pg_status", placeholder="all", format_func=status_words)
    text = c2.text_input("Search id, name or address", key="in_pg_search")
    overdue_only = c3.checkbox("Overdue only", key="in_pg_overdue")
    needle = text.strip().lower()
    shown = [r for r in rows
             if (not chosen or any(r["status"].startswith(s) for s in chosen))
             and (not overdue_only or r["overdue"])
             and (not needle or needle in " ".join(str(r[k] or "") for k in ("fse_id", "name", "address")).lower())]
    st.caption(f"{len(shown)} of {len(rows)} FSEs")
    if shown:
        frame = whole if len(shown) == len(rows) else table_of(shown)
        long_table.table(frame, "pg_fse_table", long=FSE_LONG)
    return [r["fse_id"] for r in rows]


def timeline(reg, ids: list[str], place) -> None:

    if not ids:
        st.info("The register holds no FSE yet.")
        return
    fse = st.selectbox("FSE", ids, key="in_pg_fse")
    page_parts.show_message("pg_void_msg")  # what the void button did (its callback ran before this run)
    rows = history(reg, fse)
    frame = pd.DataFrame([timeline_row(r) for r in rows])
    st.dataframe(frame, hide_index=True, width="stretch", key="pg_timeline",  # headed in words, not by key
                 column_config={c: st.column_config.Column(field_words(c)) for c in frame.columns})
    records = show(reg, fse)
    timeline_photos(reg, fse, records["inspections"])  # each inspection's photos: thumbnails, full size on a tap
    logs = counted(records["maintenance_logs"])
    if logs:
        chart(latest(logs, "maintenance_logs"), place)
    void_box(fse, records)
    contacts_box.parties_box(fse, records["parties"])


def timeline_row(r: dict[str, Any]) -> dict[str, str]:
    """One timeline entry as the table shows it: a voided record's detail struck through, the void beside it."""
    v = r.get("void")
    row = {k: "" if val is None else str(val) for k, val in r.items() if k != "void"}
    if v:
        row["detail"] = "".join(ch + "\u0336" for ch in row["detail"])  # struck through (combining long stroke)
    row["void"] = "" if not v else f"VOID: {v['reason']} (by {v['recorded_by']}, {v['recorded_at']:%Y-%m-%d %H:%M})"
    return row


def void_box(fse: str, records: dict[str, Any]) -> None:
    """Void an inspection, a maintenance log or a hauler's manifest of ``fse`` written by mistake, for a role that
    writes that kind: it stays on the timeline, struck through, and stops counting (the register checks the role
    again)."""
    choices = {}
    if access.may("inspection"):
        choices |= {f"inspection {r['id']} of {r['inspected_on']} ({r['purpose'].replace('_', ' ')})": ("inspection", r["id"])
                    for r in counted(records["inspections"])}
    if access.may("maintenance"):
        choices |= {f"maintenance log {r['id']} of {r['as_of']}": ("maintenance_log", r["id"])
                    for r in counted(records["maintenance_logs"]) if not r["computed"]}
    if access.may("manifests"):
        choices |= {f"manifest {r['manifest']} of {r['hauler']}, {r['on_date']} ({'full' if r['full'] else 'partial'})":
                    ("manifest", r["id"]) for r in counted(records["hauler_manifests"])}
    if not choices:
        return
    with st.expander("Void a record written by mistake", icon=":material/block:", key="pg_void_open"):
        st.caption("The record stays on the timeline, struck through with your reason, and stops counting "
                   "everywhere; a notice the inspection opened is closed as opened in error. Nothing is deleted.")
        with st.form("pg_void_form", clear_on_submit=False, enter_to_submit=False):
            st.selectbox("Record", list(choices), key="in_pg_void_record")
            st.text_input("Reason (required)", key="in_pg_void_reason", max_chars=voids.REASON_MAX)
            st.form_submit_button("Void this record", on_click=_void, args=(choices,))


def _void(choices: dict[str, tuple[str, int]]) -> None:
    """The void button's callback (run before the page, so the timeline drawn after it shows the void)."""
    chosen = ss.get("in_pg_void_record")
    kind, number = choices[chosen]
    done = register_box.write(lambda reg: voids.void(reg, kind, number, ss.get("in_pg_void_reason"),
                                                     user=ss.get("in_reg_user") or None),
                              "pg_void_msg", "nothing was voided")
    if done is not None:
        made, _ = done
        closed = "".join(f"; notice {n['notice']} closed as opened in error" for n in made["notices_closed"])
        ss["pg_void_msg"] = ("success", f"Voided {chosen}: {made['reason']}{closed}.")


def audit_trail(reg, ids: list[str]) -> None:
    """Every write and void of the register (or of one FSE), newest first, with its writer."""
    ss.setdefault("in_pg_audit_fse", "every FSE")
    fse = st.selectbox("FSE", ["every FSE", *ids], key="in_pg_audit_fse")
    rows = audit(reg, fse_id=None if fse == "every FSE" else fse, limit=AUDIT_SHOWN)
    st.caption(f"The {len(rows)} newest writes (at most {AUDIT_SHOWN:,}; `sizing register audit` lists them all): "
               "every record says who wrote it, and on whose behalf; a void is a write like any other.")
    if rows:
        long_table.table(pd.DataFrame([{k: "" if r[k] is None else str(r[k]) for k in AUDIT_COLUMNS} for r in rows]),
                         "pg_audit", long=("detail",), shown=AUDIT_SHOWN_COLUMNS)


def full_export(reg) -> None:
    """Every table of the register, whole: a ZIP of one CSV per table, or one workbook (made when the box is open)."""
    box = st.expander("Full export: every table (CSV or workbook)", icon=":material/download:", key="pg_export_open",
                      on_change="rerun")
    if not box.open:
        return
    with box:
        tables = every_table(reg)
        st.caption(f"{len(tables)} tables, {sum(len(rows) for _, rows in tables.values()):,} rows; each cell "
                   "spreadsheet-safe (a text starting with = + - @ is written as text); photos by name and SHA-256.")
        row = st.container(horizontal=True)
        stamp = dt.date.today().isoformat()
        row.download_button("Every table (ZIP of CSV)", workbook.csv_zip(tables), file_name=f"register-{stamp}.zip",
                            mime="application/zip", key="pg_export_zip", on_click="ignore")
        row.download_button("Every table (workbook)", workbook.xlsx(tables), file_name=f"register-{stamp}.xlsx",
                            mime="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                            key="pg_export_xlsx", on_click="ignore")


def chart(log: dict, place) -> None:
    """The accumulation chart of the FSE's latest maintenance log, evaluated again by the core as of its date
    under ``place`` (none where the jurisdiction has no maintenance rules)."""

    if not place.has_maintenance_rules:
        st.caption(f"No accumulation chart: {place.name} has no maintenance rules in this tool.")
        return
    try:
        plan = maintenance.plan(maintenance.from_dict(log["document"], as_of=log["as_of"]), jurisdiction=place)
    except SizingInputError as exc:  # a log stored by an older version that this one reads differently
        st.warning(f"The accumulation chart of the log of {log['as_of']} cannot be drawn: {exc}")
        return
    st.markdown(f"**Accumulation** (log as of {log['as_of']}, recorded by {log['recorded_by']})")
    st.pyplot(figures.maintenance_figure(plan), width="stretch")


def due(reg, as_of: dt.date, place) -> None:

    ss.setdefault("in_pg_within", 30)
    within = st.number_input("Within days", min_value=0, max_value=3650, step=1, key="in_pg_within")
    if not has_rules(place):  # the accumulation rule, or intervals by device type: the due list follows either
        st.info(f"{place.name} has no maintenance rules in this tool: no due list (choose the jurisdiction whose "
                "rules apply in the sidebar).", icon=":material/info:")
        return
    try:
        items = due_list(reg, as_of=as_of, within=int(within), jurisdiction=place)
    except TableError as exc:
        page_parts.stop_on_error(exc)
    overdue = sum(1 for i in items if i["status"] == "overdue")
    (st.warning if overdue else st.success)(f"{len(items)} items due by {as_of + dt.timedelta(days=int(within))}; "
                                            f"{overdue} overdue as of {as_of}.")
    if items:
        long_table.table(cells(items), "pg_due_table", long=("detail", "citation"))
        st.download_button("Due list (calendar, .ics)", ics(items, f"{place.letterhead}: due list"),
                           file_name=f"due-{as_of}.ics", mime="text/calendar", key="pg_due_ics")


def cycle_diff(reg, ids: list[str]) -> None:

    numbered = cycle_numbers_by_fse(reg, at_least=2)
    with_cycles = {i: numbered[i] for i in ids if i in numbered}
    if not with_cycles:
        st.info("No FSE has two review cycles yet.")
        return
    fse = st.selectbox("FSE", list(with_cycles), key="in_pg_diff_fse")
    numbers = with_cycles[fse]
    c1, c2 = st.columns(2)
    a = c1.selectbox("From cycle", numbers[:-1], index=len(numbers) - 2, key="in_pg_from")
    b = c2.selectbox("To cycle", [n for n in numbers if n > a], index=0, key="in_pg_to")
    d = diff(reg, fse, a, b)
    st.caption(f"Cycle {a}: {d['from']['review_date']}, {d['from']['reviewer']} · cycle {b}: "
               f"{d['to']['review_date']}, {d['to']['reviewer']}")
    left, right = f"cycle {a}", f"cycle {b}"
    rows = [{"item": f"Fixture {f['fixture'].replace('_', ' ')}", left: _fx(f["from"]), right: _fx(f["to"]),
             "change": f["change"]} for f in d["fixtures"]]
    rows += [{"item": field_words(v["value"]), left: _v(v["from"], v["value"]), right: _v(v["to"], v["value"]),
              "change": "changed"} for v in d["design"]]
    rows += [{"item": f"Finding: {field_words(f['rule'])}", left: f["was"], right: f["now"], "change": change}
             for change, key in (("resolved", "resolved"), ("new failure", "new"), ("still failing", "still_failing"))
             for f in d[key]]
    st.metric("Compliant", f"{_v(d['compliant']['from'])} → {_v(d['compliant']['to'])}")
    long_table.table(pd.DataFrame(rows, columns=["item", left, right, "change"]), "pg_diff_table",
                     long=("item", left, right))


def _fx(f) -> str:
    return "—" if f is None else f"{f['count']} x, {f['connected']}, {show_quantity(f['dfu'], 'DFU')}"


def _v(v, key: str = "") -> str:
    return number(v, quantity_of(key))


def cells(rows: list[dict]) -> pd.DataFrame:
    """Register rows as a table: numbers to their quantity's precision, yes / no, a dash for nothing."""
    kinds: dict[str, str | None] = {}  # each column's quantity, found once

    def cell(k, v):
        if isinstance(v, (dt.date, str)):
            return v
        if k not in kinds:
            kinds[k] = quantity_of(k)
        return number(v, kinds[k])

    return pd.DataFrame([{k: cell(k, v) for k, v in r.items()} for r in rows])


place = jurisdiction.chosen()
page_parts.header("FOG program register", place)
ss.setdefault("in_pg_as_of", dt.date.today())
as_of = st.date_input("As of", key="in_pg_as_of", format="YYYY-MM-DD")
import_box(place)
manifest_box()
property_box()
reg = register_box.open_for_reading()
try:
    # only the open tab is drawn: the FSE list, a timeline, the due list and the diff each read the register
    tab_list, tab_timeline, tab_due, tab_notices, tab_submitted, tab_summary, tab_diff, tab_audit = st.tabs(
        list(TABS), key="in_pg_tab", on_change="rerun")
    if tab_list.open:
        with tab_list:
            fse_table(reg, as_of, place)
    if tab_timeline.open:
        with tab_timeline:
            timeline(reg, fse_ids(reg), place)
    if tab_due.open:
        with tab_due:
            due(reg, as_of, place)
    if tab_notices.open:
        with tab_notices:
            program_notices.notices_tab(reg, as_of, place)
    if tab_submitted.open:
        with tab_submitted:
            submissions_tab(reg)
    if tab_summary.open:
        with tab_summary:
            program_notices.summary_tab(reg, as_of, place)
    if tab_diff.open:
        with tab_diff:
            cycle_diff(reg, fse_ids(reg))
    if tab_audit.open:
        with tab_audit:
            audit_trail(reg, fse_ids(reg))
            full_export(reg)
finally:
    reg.db.engine.dispose()

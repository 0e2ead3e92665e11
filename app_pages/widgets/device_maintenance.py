"""The Maintenance page under a jurisdiction whose only maintenance rules in this tool are intervals fixed by the
type of grease removal device (a grease trap cleaned daily, an interceptor inspected monthly): the profile's tasks
with their clauses, then the dates a user enters checked against them by ``sizing.rules.device_maintenance``,
as ``sizing maintenance`` does for such a jurisdiction."""

from __future__ import annotations

import datetime as dt

import streamlit as st

from app_pages.widgets import page_parts
from sizing.errors import SizingInputError
from sizing.io.sections.maintenance import past_date
from sizing.jurisdiction.profile import Jurisdiction
from sizing.rules import device_maintenance as dm


def tasks_table(place: Jurisdiction) -> None:
    """The profile's tasks: device, task, interval, who, clause and confirmation level."""
    rows = [{"device": dm.DEVICE_NAMES[t.device], "task": dm.TASKS[t.task], "every": t.every,
             "clause": t.citation, "level": t.provenance or place.level({})} for t in dm.tasks(place)]
    st.dataframe(rows, hide_index=True, width="stretch", column_config={"level": page_parts.levels_column("level")})
    page_parts.levels_glossary()


def dates(field: str, text: str, as_of: dt.date) -> tuple[dt.date, ...]:
    """One date a line (YYYY-MM-DD), none after the evaluation date; a bad line is one error naming it."""

    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return tuple(sorted(past_date(f"{field}[{i}]", line, as_of) for i, line in enumerate(lines)))


def page(place: Jurisdiction) -> None:
    st.info(f"{place.name}: the maintenance rules in this tool are intervals fixed by device type (no "
            "accumulation rule applies): enter the device and the dates of the last cleanings, pump-outs and "
            "inspections.", icon=":material/info:")
    tasks_table(place)
    devices = tuple(dict.fromkeys(t.device for t in dm.tasks(place)))
    c1, c2 = st.columns(2)
    device = c1.selectbox("Device", devices, format_func=dm.DEVICE_NAMES.get, key="in_dm_device")
    as_of = c2.date_input("Evaluate as of (blank: today)", key="in_dm_as_of", format="YYYY-MM-DD") or dt.date.today()
    d1, d2 = st.columns(2)
    services = d1.text_area("Cleanings and pump-outs (one date a line)", key="in_dm_services")
    inspections = d2.text_area("Owner's inspections (one date a line)", key="in_dm_inspections")
    try:
        log = dm.Log(device=device, services=dates("services", services, as_of),
                     inspections=dates("inspections", inspections, as_of), as_of=as_of)
    except SizingInputError as exc:
        page_parts.stop_on_error(exc)
    result = dm.check(log, place)
    st.subheader("Result")
    first = dm.earliest_due(result.findings)
    if not result.in_order:
        st.error("Maintenance overdue: see the checks below.", icon=":material/warning:")
    elif any(f.status == "warn" for f in result.findings):
        st.warning("Records incomplete: see the checks below.")
    else:
        st.success(f"In order. Next due by {first.limit.isoformat()} ({first.citation})" if first else "In order.")
    page_parts.findings_table(result.findings)

"""The register-scale benchmark at a small scale: its register is what it says (FSEs, readings, manifests), and
the due list and one FSE's timeline return the same rows as the bare SQL it times them against, on SQLite and on
PostgreSQL.

40 FSEs at scale 0.002 (20,000 x 0.002), 200 readings (5 a log), 400 manifests (10 an FSE). Each FSE's last
manifest is its last full pump-out and no readings follow it, so its next pump-out is the quarterly default after
it ((e)(3)), and its log lacks a training record (a records check not met): two due items per FSE.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa

from sizing.jurisdiction.months import add_months
from sizing.jurisdiction.profile import get
from sizing.program import fse_rows, queries
from sizing.program import schema as t
from sizing.program.manifests import read
from sizing.program.notices import notices

ROOT = Path(__file__).resolve().parents[2]
SCALE = 0.002


def bench():
    spec = importlib.util.spec_from_file_location("register_scale", ROOT / "benchmarks" / "register_scale.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_due_list_and_a_timeline_equal_the_bare_queries(db, registers, tmp_path):
    rs = bench()
    assert rs.counts(SCALE) == (40, 200, 400, 200)
    reg = registers(db)
    rows = rs.records(SCALE)
    rs.load(reg, rows)
    path = tmp_path / "manifests.csv"
    assert rs.manifests_csv(SCALE, path) == 400
    imported = reg.import_manifests(read(path, today=rs.AS_OF))
    assert (imported.manifests, imported.full, imported.fses, imported.logs, imported.rejected) == (400, 400, 40, 40, 0)
    with reg.db.read() as conn:
        readings = conn.execute(sa.select(sa.func.count()).select_from(t.maintenance_events)
                                .where(t.maintenance_events.c.kind == "reading")).scalar()
        last = dict(conn.execute(sa.select(t.hauler_manifests.c.fse_id, sa.func.max(t.hauler_manifests.c.on_date))
                                 .group_by(t.hauler_manifests.c.fse_id)).all())
    assert readings == 200

    horizon = rs.AS_OF + dt.timedelta(days=30)
    items = fse_rows.due_list(reg, as_of=rs.AS_OF, within=30, jurisdiction=get("tracy"))
    with reg.db.read() as conn:
        bare = rs.bare_due(conn, rs.AS_OF, horizon)
    assert [(i["date"], i["fse_id"], i["what"]) for i in items] == bare
    pump = {i["fse_id"]: i["date"] for i in items if i["what"] == "pump-out"}
    assert pump == {f: add_months(day, 3) for f, day in last.items()}  # quarterly after the last manifest
    kinds = [i["what"].split(" ")[0] for i in items]
    # no records item: the plans' one failed check is "no training record", and every FSE's inspections answered
    # "yes" to a training item, the evidence that replaces it (the training it dates is a year after the inspection)
    assert (kinds.count("pump-out"), kinds.count("records")) == (40, 0) and "notice" in kinds

    fses = fse_rows.fse_list(reg, as_of=rs.AS_OF, jurisdiction=get("tracy"))
    with reg.db.read() as conn:
        latest = dict(conn.execute(sa.text(f"SELECT fse_id, next_service_date FROM ({rs.RANKED}) r WHERE rn = 1")).all())
        overdue = [f for d, f, _ in rs.bare_due(conn, rs.AS_OF, rs.AS_OF - dt.timedelta(days=1))]
    assert [(r["fse_id"], r["next_service"], r["overdue"]) for r in fses] == [
        (f, rs._as_date(latest[f]), overdue.count(f)) for f in sorted(latest)]

    open_ones = notices(reg, as_of=rs.AS_OF, open_only=True)
    with reg.db.read() as conn:
        assert [(n["due_on"], n["fse_id"], n["notice"]) for n in open_ones] == rs.bare_open_notices(conn, rs.AS_OF)
    assert {n["status"] for n in open_ones} == {"open", "overdue"}

    fse = "FSE-00020"
    timeline = queries.history(reg, fse)
    with reg.db.read() as conn:
        bare_rows = rs.bare_timeline(conn, fse)
    assert sorted(e["date"] for e in timeline) == [d for d, _ in bare_rows]
    with reg.db.read() as conn:
        made = conn.execute(sa.select(sa.func.count()).select_from(t.notices).where(t.notices.c.fse_id == fse)).scalar()
    # FSE details, interceptor, 1 pump-out + 5 readings of the log, 10 manifests, 2 logs, 5 inspections, notices
    assert len(timeline) == 1 + 1 + 6 + 10 + 2 + 5 + made

    state = queries.register_state(reg)  # the register's fingerprint: each table's highest id
    with reg.db.read() as conn:
        assert state == tuple(conn.execute(sa.text(f"SELECT MAX(id) FROM {name}")).scalar()
                              for name in queries.STATE_TABLES)
    with reg.db.write() as conn:  # any write gives another fingerprint
        conn.execute(t.fses.insert(), {**rows["fses"][0], "name": "Renamed"})
    assert queries.register_state(reg) != state


#: The columns compared: every column but who wrote the row and when (the benchmark's writer is its own).
WHO = {"recorded_at", "recorded_by", "on_behalf_of"}


def _stored(reg, table) -> list[dict]:
    with reg.db.read() as conn:
        rows = conn.execute(sa.select(table).order_by(table.c.id)).mappings().all()
    return [{k: v for k, v in r.items() if k not in WHO and not (table is t.notice_closures and k == "id")}
            for r in rows]


@pytest.fixture
def second_db(request, db, tmp_path):
    """A second register location on the same backend as ``db``."""
    if not db.startswith("postgresql"):
        yield str(tmp_path / "second.db")
        return
    from sizing.program.db import open_db
    from tests.register.conftest import drop_schema, pg_schema_url

    admin = request.getfixturevalue("pg_admin")
    schema = f"sizing_test_{uuid.uuid4().hex[:12]}"
    url = pg_schema_url(admin, schema)
    open_db(url).engine.dispose()
    try:
        yield url
    finally:
        drop_schema(admin, schema)


def test_the_bulk_inspections_store_what_the_write_path_stores(db, second_db, registers):
    """The benchmark's inspections, notices and closures, written in bulk, are the rows ``inspect`` writes for the
    same documents one after the other (ids included), and they make open, overdue and closed notices."""
    from sizing.io.sections.inspection import from_dict
    from sizing.program.inspections import inspect

    rs = bench()
    rows = rs.records(SCALE)
    assert rs.counts(SCALE)[3] == len(rows["inspections"]) == 200
    bulk = registers(db)
    rs.load(bulk, rows)
    real = registers(second_db)
    rs.load(real, {k: v for k, v in rows.items() if k not in ("inspections", "notices", "notice_closures")})
    for row in rows["inspections"]:
        inspect(real, from_dict(row["document"], today=rs.AS_OF), jurisdiction=get("tracy"), name="benchmark.yaml",
                document=row["document"])
    for table in (t.inspections, t.notices, t.notice_closures):
        assert _stored(bulk, table) == _stored(real, table), table.name
    states = {n["status"] for n in notices(bulk, as_of=rs.AS_OF)}
    assert states == {"open", "overdue", "closed"}
    hows = {c["how"] for c in rows["notice_closures"]}
    assert hows == {"follow_up_inspection", "escalated"}

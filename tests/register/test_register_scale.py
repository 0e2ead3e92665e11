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
from pathlib import Path

import sqlalchemy as sa

from sizing.jurisdiction import get
from sizing.ordinance.accumulation import add_months
from sizing.register import queries
from sizing.register import schema as t
from sizing.register.manifests import read

ROOT = Path(__file__).resolve().parents[2]
SCALE = 0.002


def bench():
    spec = importlib.util.spec_from_file_location("register_scale", ROOT / "benchmarks" / "register_scale.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_due_list_and_a_timeline_equal_the_bare_queries(db, registers, tmp_path):
    rs = bench()
    assert rs.counts(SCALE) == (40, 200, 400)
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
    items = queries.due_list(reg, as_of=rs.AS_OF, within=30, jurisdiction=get("tracy"))
    with reg.db.read() as conn:
        bare = rs.bare_due(conn, horizon)
    assert [(i["date"], i["fse_id"], i["what"]) for i in items] == bare
    pump = {i["fse_id"]: i["date"] for i in items if i["what"] == "pump-out"}
    assert pump == {f: add_months(day, 3) for f, day in last.items()}  # quarterly after the last manifest
    assert {i["what"] for i in items} == {"pump-out", "records"} and len(items) == 80

    fse = "FSE-00020"
    timeline = queries.history(reg, fse)
    with reg.db.read() as conn:
        bare_rows = rs.bare_timeline(conn, fse)
    assert sorted(e["date"] for e in timeline) == [d for d, _ in bare_rows]
    # FSE details, interceptor, 1 pump-out + 5 readings of the log, 10 manifests, 2 logs
    assert len(timeline) == 1 + 1 + 6 + 10 + 2

"""The register at a city's scale: the due list, the open notices, one FSE's timeline and a manifest import, each
beside the bare SQL that returns the same rows, and the Program and Inspection pages' first paint, on SQLite and on
PostgreSQL.

    python benchmarks/register_scale.py                    # 20,000 FSEs, 100,000 readings, 200,000 manifests,
                                                           # 100,000 inspections
    python benchmarks/register_scale.py --scale 0.1        # a tenth of that, to try it quickly
    python benchmarks/register_scale.py --backend sqlite --repeat 5 --no-pages
    python benchmarks/register_scale.py --only pages       # the register built, then only the pages' first paint

The register built (seeded random): every FSE with its details and an interceptor (750, 1,000 or 1,500 gal) and
one maintenance log (evaluated by the core as ``sizing register add`` does: a pump-out, then readings), the
readings stored as maintenance events; its inspections (evaluated by the core, with the notices they open, escalate
and close, written in bulk as :func:`sizing.program.inspections.inspect` writes them: see
:func:`bulk_inspections`); then the manifests CSV (every FSE's full pump-outs after its log, every 60 to 90 days)
is imported by ``sizing register import-manifests``' own functions (one file, read without the command's
1 MB limit), which brings each FSE's log up to date. The
per-FSE records are generators in :data:`GENERATORS` (one function per kind of record, each returning its rows
per table).

Printed, for each backend: the import of the manifests (read + checks + writes + the plans made again)
against a bare executemany INSERT of the same rows into a table of the same columns; the due list against the one
SQL query returning the same (date, FSE, item) rows; the open notices against one LEFT JOIN; one FSE's timeline
against the UNION ALL of that FSE's rows; each the median of ``--repeat`` pairs (the ratio taken pair by pair),
with the load average beside it. Then (unless ``--no-pages``) the first paint of the Program and Inspection pages
in headless Chromium against ``streamlit run`` on that register, each paired with the sizing page's. Targets:
import within 20 s, due list and open notices within 1 s, timeline within 100 ms, first paint within 2 s.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import sqlalchemy as sa  # noqa: E402

from sizing.jurisdiction.profile import get  # noqa: E402
from sizing.program import schema as t  # noqa: E402

TRACY = get("tracy")  # the profile every benchmark record is evaluated under
FSES, READINGS, MANIFESTS, INSPECTIONS = 20_000, 100_000, 200_000, 100_000
PG_URL = os.environ.get("SIZING_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
HAULERS = ("Valley Grease Haulers", "Delta Pumping", "Central Valley Liquid Waste", "Tri-Valley Septic",
           "San Joaquin Grease Recovery")
SITE = "Stockton Regional Wastewater Control Facility"
LOG_START = dt.date(2023, 1, 9)
AS_OF = dt.date(2026, 1, 15)
#: The checklist items an inspection fails now and then, and the purposes of the visits.
FAILING = ("bmp.drain_screens", "bmp.food_waste", "bmp.employee_training", "records.hauler_manifests")
PURPOSES = ("routine", "routine", "routine", "complaint", "follow_up")
LIQUID_DEPTH_IN = 48.0
WHO = {"recorded_at": dt.datetime(2026, 1, 15, 12, 0), "recorded_by": "benchmark", "on_behalf_of": None}


# --- the register's records, one generator per kind --------------------------------------------------------

def fse_records(i: int, fse_id: str, rng: random.Random, plan: dict[str, int]) -> dict[str, list[dict]]:
    """The FSE's details and its interceptor."""
    return {"fses": [{"fse_id": fse_id, "name": f"Restaurant {i}", "address": f"{100 + i} Main St, Tracy CA",
                      "owner": None, "contact": None, "source": "benchmark", **WHO}],
            "interceptors": [{"fse_id": fse_id, "type": "gravity", "volume_gal": rng.choice((750.0, 1000.0, 1500.0)),
                              "source": "benchmark", **WHO}]}


def maintenance_records(i: int, fse_id: str, rng: random.Random, plan: dict[str, int]) -> dict[str, list[dict]]:
    """One maintenance log, evaluated by the core: a pump-out, then ``plan['readings']`` readings a week apart."""
    from sizing.program.adapter import normalise
    from sizing.program.evaluated import evaluate
    from sizing.program.log_due import due_items

    pumped = LOG_START + dt.timedelta(days=rng.randrange(0, 20))
    n = plan["readings"]
    days = [pumped + dt.timedelta(days=7 * (k + 1)) for k in range(n)]
    doc = {"project": {"fse_id": fse_id}, "maintenance": {
        "liquid_depth": "48 in", "as_of": days[-1].isoformat() if days else pumped.isoformat(),
        "services": [{"date": pumped.isoformat(), "hauler": HAULERS[i % len(HAULERS)], "manifest": f"L-{i}"}],
        "measurements": [{"date": d.isoformat(), "fog": f"{0.3 * (k + 1):.1f} in", "solids": f"{0.2 * (k + 1):.1f} in"}
                         for k, d in enumerate(days)]}}
    ev = evaluate(doc, kind="maintenance", jurisdiction=get("tracy"))
    d = ev.data
    log = {"fse_id": fse_id, "as_of": dt.date.fromisoformat(d["as_of"]), "liquid_depth_in": d["liquid_depth_in"],
           "in_order": d["in_order"], "due_date": _day(d["due_date"]), "next_service_date": _day(d["next_service_date"]),
           "document_name": "benchmark.yaml", "document": ev.document, "result": d, "jurisdiction_id": "tracy",
           "due": due_items(d, d["as_of"]), **WHO}
    events = [{"fse_id": fse_id, "kind": "pump_out", "on_date": pumped, "hauler": HAULERS[i % len(HAULERS)],
               "manifest": f"L-{i}", "fog_in": None, "solids_in": None, **WHO}]
    events += [{"fse_id": fse_id, "kind": "reading", "on_date": _day(r["date"]), "hauler": None, "manifest": None,
                "fog_in": r["fog_in"], "solids_in": r["solids_in"], **WHO} for r in d["readings"]]
    return {"maintenance_logs": [log], "maintenance_events": events,
            "findings": [{"fse_id": fse_id, "source": "maintenance", **f.to_dict()} for f in normalise("maintenance", d)]}


def inspection_records(i: int, fse_id: str, rng: random.Random, plan: dict[str, Any]) -> dict[str, list[dict]]:
    """``plan['inspections']`` inspections of the FSE, 90 to 180 days apart up to :data:`AS_OF`, each answering
    the profile's checklists (now and then an item "no", now and then a finding that orders CCTV), and the notices
    they open, escalate and close: what :func:`sizing.program.inspections.inspect` stores for the same documents
    one after the other (the bulk path; ``tests/register/test_register_scale.py`` checks the two store the same
    rows). The inspections carry no readings: the readings are the maintenance logs'."""
    n = plan["inspections"]
    day = AS_OF - dt.timedelta(days=rng.randrange(0, 120))
    days = []
    for _ in range(n):
        days.append(day)
        day -= dt.timedelta(days=rng.randrange(90, 181))
    docs = [inspection_document(fse_id, d, rng) for d in reversed(days)]
    return bulk_inspections(fse_id, docs, plan["ids"])


def inspection_document(fse_id: str, day: dt.date, rng: random.Random) -> dict[str, Any]:
    """An inspection document (the ``sizing register inspect`` input) on ``day``."""
    from sizing.rules.inspection import checklist_items

    answers: dict[str, dict[str, Any]] = {}
    failing = rng.choice(FAILING) if rng.random() < 0.35 else None
    for key in checklist_items(TRACY):
        name, item = key.split(".", 1)
        answers.setdefault(name, {})[item] = {"answer": "no", "note": "seen at the visit"} if key == failing else "yes"
    section: dict[str, Any] = {"date": day.isoformat(), "purpose": rng.choice(PURPOSES),
                               "interceptor_condition": rng.choice(("good", "good", "fair", "poor")),
                               "checklists": answers}
    if rng.random() < 0.03:
        section["findings"] = [{"clause": "TMC ch. 5.26, Reporting (b)", "text": "FOG in the lateral cleanout",
                                "notice": "cctv_order"}]
    return {"project": {"fse_id": fse_id}, "inspection": section}


def bulk_inspections(fse_id: str, docs: list[dict[str, Any]], ids: dict[str, int]) -> dict[str, list[dict]]:
    """The rows :func:`~sizing.program.inspections.inspect` writes for ``docs``, one after the other, with ids
    taken from ``ids`` (the tables' next ids), following its rules: a follow-up answer closes the item's open
    notice, a failure opens one (kept while not past due, else escalated to the next tier)."""
    from sizing.io.sections.inspection import NO, from_dict
    from sizing.program.evaluated import jsonable
    from sizing.program.inspections import ESCALATED, FOLLOW_UP, derived
    from sizing.rules import inspection as core
    from sizing.rules.due import is_overdue

    out: dict[str, list[dict]] = {"inspections": [], "notices": [], "notice_closures": []}
    current: dict[str, dict[str, Any]] = {}

    def close(notice: dict[str, Any], day: dt.date, how: str, iid: int, evidence: str) -> None:
        out["notice_closures"].append({"notice_id": notice["id"], "closed_on": day, "how": how, "inspection_id": iid,
                                       "evidence": evidence, **WHO})
        current.pop(notice["item"])

    for doc in docs:
        rec = from_dict(doc, today=AS_OF)
        result = core.evaluate(rec, TRACY, liquid_depth_in=LIQUID_DEPTH_IN)
        data = jsonable(result.to_dict())
        ids["inspections"] += 1
        iid = ids["inspections"]
        out["inspections"].append({
            "id": iid, "fse_id": fse_id, "inspected_on": rec.date, "purpose": rec.purpose,
            "interceptor_condition": rec.condition, "liquid_depth_in": (data.get("readings") or {}).get("liquid_depth_in"),
            "fog_in": rec.fog_in, "solids_in": rec.solids_in, "percent_full": result.percent_full,
            "passed": result.passed, "document_name": "benchmark.yaml", "document_text": None, "document": doc,
            "result": data, "jurisdiction_id": "tracy", **derived(data), **WHO})
        passed = {f"{a['checklist']}.{a['key']}": a["answer"] for a in result.answers if a["answer"] != NO}
        for item, notice in list(current.items()):
            if item in passed and rec.date >= notice["issued_on"]:
                close(notice, rec.date, FOLLOW_UP, iid, f"follow-up inspection of {rec.date.isoformat()}: "
                                                        f"{passed[item]}")
        for failure in result.failures:
            item = failure.item if failure.source != "finding" else f"{failure.notice}: {failure.text}"[:120]
            before, number = current.get(item), 1
            if before is not None:
                if not is_overdue(before["due_on"], rec.date):
                    continue
                close(before, rec.date, ESCALATED, iid, f"failed again on {rec.date.isoformat()} after its due date "
                                                        f"{before['due_on'].isoformat()}")
                number = before["tier"] + 1 if before["notice_type"] == failure.notice else 1
            spec = core.tier(TRACY, failure.notice, number)
            period = spec["period"]
            ids["notices"] += 1
            row = {"id": ids["notices"], "fse_id": fse_id, "inspection_id": iid, "notice_type": failure.notice,
                   "tier": spec["tier"], "title": spec["title"], "item": item,
                   "item_text": failure.text + (f" ({failure.note})" if failure.note else ""),
                   "citation": "; ".join(c for c in (failure.citation, spec["tier_citation"]) if c),
                   "issued_on": rec.date, "period_days": int(period["value"]), "period_unit": period["unit"],
                   "period_provenance": period.get("provenance"), "period_note": period.get("note"),
                   "due_on": core.due_on(rec.date, period, TRACY),
                   "escalated_from": None if before is None else before["id"], "jurisdiction_id": "tracy", **WHO}
            out["notices"].append(row)
            current[item] = row
    return out


#: Each kind of record an FSE has: add a function here (same signature) for another kind.
GENERATORS: list[Callable[..., dict[str, list[dict]]]] = [fse_records, maintenance_records, inspection_records]


def _day(value: Any) -> dt.date | None:
    return None if not value else dt.date.fromisoformat(value[:10])


def counts(scale: float) -> tuple[int, int, int, int]:
    """FSEs, readings, manifests and inspections at ``scale`` (at least one FSE)."""
    fses = max(1, round(FSES * scale))
    return fses, round(READINGS * scale), round(MANIFESTS * scale), round(INSPECTIONS * scale)


def records(scale: float, seed: int = 24) -> dict[str, list[dict]]:
    """Every table's rows at ``scale``; the readings, manifests and inspections spread evenly over the FSEs."""
    n_fse, n_read, _, n_ins = counts(scale)
    rng = random.Random(seed)
    out: dict[str, list[dict]] = {}
    ids = {"inspections": 0, "notices": 0}
    for i in range(n_fse):
        plan = {"readings": n_read // n_fse + (1 if i < n_read % n_fse else 0),
                "inspections": n_ins // n_fse + (1 if i < n_ins % n_fse else 0), "ids": ids}
        for make in GENERATORS:
            for table, rows in make(i, f"FSE-{i:05d}", rng, plan).items():
                out.setdefault(table, []).extend(rows)
    return out


def load(reg: Any, rows: dict[str, list[dict]]) -> None:
    """Insert the rows in one transaction (a log's findings point at the log's id)."""
    logs = rows.get("maintenance_logs", [])
    with reg.db.write() as conn:
        for table in ("fses", "interceptors", "maintenance_events"):
            for k in range(0, len(rows.get(table, [])), 5000):
                conn.execute(getattr(t, table).insert(), rows[table][k:k + 5000])
        ids: list[int] = []
        for k in range(0, len(logs), 2000):
            ids += conn.execute(t.maintenance_logs.insert().returning(t.maintenance_logs.c.id,
                                                                     sort_by_parameter_order=True),
                                logs[k:k + 2000]).scalars().all()
        by_fse = {log["fse_id"]: log_id for log, log_id in zip(logs, ids, strict=True)}
        found = [{**f, "source_id": by_fse[f["fse_id"]]} for f in rows.get("findings", [])]
        for k in range(0, len(found), 5000):
            conn.execute(t.findings.insert(), found[k:k + 5000])
        for table in ("inspections", "notices", "notice_closures"):  # inspections and notices with their ids
            for k in range(0, len(rows.get(table, [])), 2000):
                conn.execute(getattr(t, table).insert(), rows[table][k:k + 2000])
        if conn.dialect.name == "postgresql":  # the ids given: the next one written follows them
            for table in ("inspections", "notices"):
                conn.exec_driver_sql(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                                     f"(SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)")


def manifests_csv(scale: float, path: Path, seed: int = 7) -> int:
    """The manifests file: each FSE's full pump-outs after its log, 60 to 90 days apart; returns the lines."""
    n_fse, _, n_man, _ = counts(scale)
    rng = random.Random(seed)
    lines = ["fse_id,date,hauler,manifest,gallons,pump_out,disposal_site"]
    for i in range(n_fse):
        day = dt.date(2023, 5, 1) + dt.timedelta(days=rng.randrange(0, 30))
        for k in range(n_man // n_fse + (1 if i < n_man % n_fse else 0)):
            hauler = HAULERS[(i + k) % len(HAULERS)]
            lines.append(f"FSE-{i:05d},{day.isoformat()},{hauler},M-{i:05d}-{k:03d},\"{rng.choice((900, 1000, 1450)):,}"
                         f" gal\",full,{SITE}")
            day += dt.timedelta(days=rng.randrange(60, 91))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines) - 1


# --- the bare queries ----------------------------------------------------------------------------------------

RANKED = """SELECT id, fse_id, as_of, due_date, next_service_date, ROW_NUMBER() OVER (PARTITION BY fse_id
            ORDER BY as_of DESC, recorded_at DESC, id DESC) AS rn FROM maintenance_logs"""
STATE_RULES = ("accumulation_limit", "service_interval")


#: A notice open on :as_of: issued by then, not closed by then (a closure dated later leaves it open that day), and
#: for a reading over the limit, no pump-out recorded from its day to :as_of.
OPEN_NOTICES = """
        SELECT n.id, n.fse_id, n.title, n.due_on FROM notices n LEFT JOIN notice_closures c ON c.notice_id = n.id
         WHERE n.issued_on <= :as_of AND (c.closed_on IS NULL OR c.closed_on > :as_of)
           AND NOT (n.item = 'accumulation' AND EXISTS (SELECT 1 FROM maintenance_events e WHERE e.fse_id = n.fse_id
                    AND e.kind = 'pump_out' AND e.on_date >= n.issued_on AND e.on_date <= :as_of))"""


def bare_due(conn: Any, as_of: dt.date, horizon: dt.date) -> list[tuple[dt.date, str, str]]:
    """The due list's rows of this register, by one SQL query: each FSE's latest log's pump-out date and the
    records checks it failed (the only kinds of item its records make), and the open notices, by date, FSE and
    item."""
    sql = sa.text(f"""
        WITH latest AS (SELECT * FROM ({RANKED}) r WHERE rn = 1)
        SELECT COALESCE(due_date, next_service_date) AS day, fse_id, 'pump-out' AS what FROM latest
         WHERE COALESCE(due_date, next_service_date) <= :horizon
        UNION ALL
        SELECT l.as_of, l.fse_id, 'records' FROM findings f JOIN latest l ON f.source_id = l.id
         WHERE f.source = 'maintenance' AND f.status = 'fail' AND f.rule NOT IN :state AND l.as_of <= :horizon
           AND NOT (f.rule = 'training'
                    AND EXISTS (SELECT 1 FROM inspections i WHERE i.fse_id = l.fse_id AND i.training_yes
                                AND i.inspected_on <= :as_of)
                    AND NOT EXISTS (SELECT 1 FROM maintenance_events e WHERE e.fse_id = l.fse_id
                                    AND e.kind = 'training'))
        UNION ALL
        SELECT o.due_on, o.fse_id, 'notice ' || CAST(o.id AS VARCHAR(20)) || ': ' || o.title
          FROM ({OPEN_NOTICES}) o WHERE o.due_on <= :horizon
        ORDER BY 1, 2, 3""").bindparams(sa.bindparam("state", expanding=True))
    found = [(_as_date(d), f, w) for d, f, w in conn.execute(sql, {"as_of": as_of, "horizon": horizon,
                                                                   "state": list(STATE_RULES)})]
    return sorted(found)  # the text order of Python, whatever the database's collation


def bare_open_notices(conn: Any, as_of: dt.date) -> list[tuple[dt.date, str, int]]:
    """The open notices on ``as_of`` by one SQL query: (due date, FSE, notice), by due date, FSE and notice."""
    sql = sa.text(f"SELECT o.due_on, o.fse_id, o.id FROM ({OPEN_NOTICES}) o ORDER BY 1, 2, 3")
    return [(_as_date(d), f, n) for d, f, n in conn.execute(sql, {"as_of": as_of})]


def bare_fse_list(conn: Any) -> float:
    """The time of one SELECT of every kept row of the FSE list (the rows as stored, JSON decoded)."""
    start = time.perf_counter()
    conn.execute(sa.select(t.fse_states.c.fse_id, t.fse_states.c.row)).all()
    return time.perf_counter() - start


def bare_timeline(conn: Any, fse_id: str) -> list[tuple[dt.date, str]]:
    """One FSE's rows of every table its timeline shows, by date: (date, table)."""
    sql = sa.text("""
        SELECT recorded_at, 'fses' FROM fses WHERE fse_id = :f
        UNION ALL SELECT recorded_at, 'interceptors' FROM interceptors WHERE fse_id = :f
        UNION ALL SELECT on_date, 'maintenance_events' FROM maintenance_events WHERE fse_id = :f
        UNION ALL SELECT on_date, 'hauler_manifests' FROM hauler_manifests WHERE fse_id = :f
        UNION ALL SELECT as_of, 'maintenance_logs' FROM maintenance_logs WHERE fse_id = :f
        UNION ALL SELECT inspected_on, 'inspections' FROM inspections WHERE fse_id = :f
        UNION ALL SELECT issued_on, 'notices' FROM notices WHERE fse_id = :f
        ORDER BY 1""")
    return [(_as_date(d), table) for d, table in conn.execute(sql, {"f": fse_id})]


def _as_date(value: Any) -> dt.date:
    if isinstance(value, dt.datetime):
        return value.date()
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value)[:10])


def bare_insert(conn: Any, path: Path) -> int:
    """The manifests' rows as they are in the file, into a table of the same columns: one executemany."""
    import csv

    conn.exec_driver_sql("DROP TABLE IF EXISTS bare_manifests")
    conn.exec_driver_sql("CREATE TABLE bare_manifests (fse_id VARCHAR(64), on_date DATE, "
                         "hauler VARCHAR(300), manifest VARCHAR(300), gallons VARCHAR(64), pump_out VARCHAR(10), "
                         "disposal_site VARCHAR(300))")
    with path.open(encoding="utf-8") as fh:
        rows = list(csv.reader(fh))[1:]
    bare = sa.table("bare_manifests", *(sa.column(c) for c in ("fse_id", "on_date", "hauler", "manifest", "gallons",
                                                               "pump_out", "disposal_site")))
    conn.execute(bare.insert(), [dict(zip(("fse_id", "on_date", "hauler", "manifest", "gallons", "pump_out",
                                           "disposal_site"), r, strict=True)) for r in rows])
    return len(rows)


# --- measuring -----------------------------------------------------------------------------------------------

def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def load_avg() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def pairs(tool: Callable[[], Any], bare: Callable[[], Any], repeat: int,
          inner: bool = False) -> tuple[float, float, float, int, int]:
    """Median tool and bare times [s], the median of the pairwise ratios, and the rows each returned (``inner``:
    each returns the time it measured itself, in a one-item list)."""
    a, b, ratio, n_tool, n_bare = [], [], [], 0, 0
    for _ in range(repeat):
        ta, out_a = timed(tool)
        tb, out_b = timed(bare)
        if inner:
            ta, tb = out_a[0], out_b[0]
        a.append(ta)
        b.append(tb)
        ratio.append(ta / tb if tb else float("inf"))
        n_tool, n_bare = len(out_a), len(out_b)
    return statistics.median(a), statistics.median(b), statistics.median(ratio), n_tool, n_bare


def run_backend(name: str, url: str, rows: dict[str, list[dict]], csv_path: Path, repeat: int,
                pages: bool, queries: bool = True) -> None:
    from sizing.program.manifests import read
    from sizing.program.store import open_register

    reg = open_register(url)
    try:
        start = time.perf_counter()
        load(reg, rows)
        print(f"[{name}] built: {len(rows['fses']):,} FSEs, {len(rows['maintenance_events']):,} events, "
              f"{len(rows['inspections']):,} inspections, {len(rows['notices']):,} notices "
              f"({time.perf_counter() - start:.1f} s; {load_avg()})", flush=True)
        ti, imported = timed(lambda: reg.import_manifests(read(csv_path, today=AS_OF, max_bytes=2**31)))
        if queries:
            with reg.db.write() as conn:
                tb, n = timed(lambda: bare_insert(conn, csv_path))
            print(f"[{name}] import {imported.manifests:,} manifests ({imported.logs:,} maintenance plans made "
                  f"again): {ti:.2f} s; bare INSERT of the same {n:,} rows: {tb:.2f} s; ratio {ti / tb:.1f} "
                  f"(target 20 s; {load_avg()})", flush=True)
            measure_queries(name, reg, rows, repeat)
        else:
            print(f"[{name}] import {imported.manifests:,} manifests: {ti:.2f} s ({load_avg()})", flush=True)
    finally:
        reg.db.engine.dispose()
    if pages:
        measure_pages(name, url, repeat)


def measure_queries(name: str, reg: Any, rows: dict[str, list[dict]], repeat: int) -> None:
    """The due list, the open-notices list and one FSE's timeline, each beside its bare SQL, in pairs; the FSE
    list; one FSE's compliance state after a write."""
    from sizing.program import fse_rows, queries
    from sizing.program.compliance import state
    from sizing.program.notices import notices

    horizon = AS_OF + dt.timedelta(days=30)

    def bare(fn: Callable[..., Any], *args: Any) -> Callable[[], Any]:
        def run() -> Any:
            with reg.db.read() as conn:
                return fn(conn, *args)
        return run

    first, listed = timed(lambda: fse_rows.fse_list(reg, as_of=AS_OF, jurisdiction=TRACY))  # rows made, kept
    fse_rows.fse_list(reg, as_of=AS_OF, jurisdiction=TRACY)  # once more: the database's first read of new rows
    took = [timed(lambda: fse_rows.fse_list(reg, as_of=AS_OF, jurisdiction=TRACY))[0] for _ in range(repeat)]
    a, b, r, na, nb = pairs(lambda: fse_rows.due_list(reg, as_of=AS_OF, within=30, jurisdiction=get("tracy")),
                            bare(bare_due, AS_OF, horizon), repeat)
    print(f"[{name}] due list: {a * 1000:.0f} ms ({na:,} items); bare SQL: {b * 1000:.0f} ms ({nb:,} rows); "
          f"ratio {r:.1f} (from the kept rows; target 1 s; {load_avg()})", flush=True)
    nxt = [timed(lambda d=d: fse_rows.fse_list(reg, as_of=AS_OF + dt.timedelta(days=d), jurisdiction=TRACY))[0]
           for d in (1, 2, 3)]
    with reg.db.read() as conn:
        made = bare_fse_list(conn)
    print(f"[{name}] FSE list ({len(listed):,} FSEs): every row made and kept {first * 1000:.0f} ms; read again "
          f"{statistics.median(took) * 1000:.0f} ms; the next three days {', '.join(f'{x * 1000:.0f}' for x in nxt)} ms "
          f"(rows made again where a date passed); bare SQL of the kept rows {made * 1000:.0f} ms (target 2 s; "
          f"{load_avg()})", flush=True)
    a, b, r, na, nb = pairs(lambda: notices(reg, as_of=AS_OF, open_only=True), bare(bare_open_notices, AS_OF), repeat)
    print(f"[{name}] open notices: {a * 1000:.0f} ms ({na:,} notices); bare SQL: {b * 1000:.0f} ms ({nb:,} rows); "
          f"ratio {r:.1f} (target 1 s; {load_avg()})", flush=True)
    fse = rows["fses"][len(rows["fses"]) // 2]["fse_id"]
    a, b, r, na, nb = pairs(lambda: queries.history(reg, fse), bare(bare_timeline, fse), repeat)
    print(f"[{name}] timeline of {fse}: {a * 1000:.1f} ms ({na} entries); bare SQL: {b * 1000:.1f} ms "
          f"({nb} rows); ratio {r:.1f} (target 100 ms; {load_avg()})", flush=True)
    touch_register(reg)  # a write; then that FSE's compliance state, as register show and the FSE list give it
    took = [timed(lambda: [state(reg, fse, AS_OF, jurisdiction=TRACY)]) for _ in range(max(repeat, 5))]
    print(f"[{name}] one FSE's compliance state after a write ({fse}): "
          f"{statistics.median(t for t, _ in took) * 1000:.1f} ms (target 50 ms whatever the register's size; "
          f"{load_avg()})", flush=True)


#: Each page, and what shows its main content: the FSE list's count, the Inspection page's first FSE's notices.
PAGES = (("program", "text=/\\d+ of \\d+ FSEs/"), ("inspection", "text=/No open notices|Open notices/"))


def measure_pages(name: str, url: str, repeat: int) -> None:
    """The first paint of the Program and Inspection pages (``streamlit run``, headless Chromium): from opening
    the page in a new browser session to its main content, beside the same for the sizing page (the app's own
    floor: no register read), in pairs after one warm-up each."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from harness import launch, serve_app

    def paint(browser: Any, base: str, path: str, selector: str) -> float:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        start = time.perf_counter()
        page.goto(f"{base}/{path}")
        page.locator(selector).first.wait_for(timeout=120_000)
        took = time.perf_counter() - start
        page.close()
        return took

    with sync_playwright() as p, serve_app(env={"SIZING_DB": url}, timeout=120) as base:
        browser = launch(p)
        floor = ("", "text=Enter the fixture schedule")
        for path, selector in (*PAGES, floor):
            paint(browser, base, path, selector)  # warm-up: the server's first imports
        for path, selector in PAGES:
            a, b, r, _, _ = pairs(lambda p=path, s=selector: [paint(browser, base, p, s)],
                                  lambda: [paint(browser, base, *floor)], repeat, inner=True)
            print(f"[{name}] first paint of the {path} page: {a:.2f} s; sizing page: {b:.2f} s; ratio {r:.1f} "
                  f"(target 2 s; {load_avg()})", flush=True)
        after = []
        for _ in range(repeat):  # a write by anyone: the Program page makes the written FSE's row again
            touch(url)
            after.append(paint(browser, base, *PAGES[0]))
        print(f"[{name}] first paint of the program page after a write: {statistics.median(after):.2f} s "
              f"({load_avg()})", flush=True)
        browser.close()


def touch(url: str) -> None:
    """A write that changes nothing the pages show: the first FSE's details recorded again, as they are."""
    from sizing.program.store import open_register

    reg = open_register(url)
    try:
        touch_register(reg)
    finally:
        reg.db.close()


def touch_register(reg: Any) -> None:
    with reg.db.write() as conn:
        row = conn.execute(sa.select(t.fses).order_by(t.fses.c.id).limit(1)).mappings().one()
        conn.execute(t.fses.insert(), {k: v for k, v in row.items() if k != "id"})


def pg_schema(admin_url: str) -> tuple[str, Callable[[], None]]:
    """A throwaway PostgreSQL schema: its URL and how to drop it."""
    import uuid

    schema = f"sizing_bench_{uuid.uuid4().hex[:10]}"
    admin = sa.create_engine(admin_url)
    with admin.begin() as conn:
        conn.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    url = sa.engine.make_url(admin_url).update_query_dict({"options": f"-csearch_path={schema}"})

    def drop() -> None:
        with admin.begin() as conn:
            conn.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        admin.dispose()

    return url.render_as_string(hide_password=False), drop


def main(argv: Iterable[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scale", type=float, default=1.0, help="share of 20,000 FSEs / 100,000 readings / 200,000 "
                                                            "manifests (default 1)")
    p.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    p.add_argument("--pg-url", default=PG_URL, help="a PostgreSQL database to make a throwaway schema in")
    p.add_argument("--repeat", type=int, default=3, help="pairs per query (median)")
    p.add_argument("--no-pages", dest="pages", action="store_false", help="leave out the pages' first paint")
    p.add_argument("--only", choices=("queries", "pages"), help="only the import and queries, or only the pages' "
                                                                 "first paint (on the register built and imported)")
    args = p.parse_args(list(argv) if argv is not None else None)
    pages, queries = args.pages and args.only != "queries", args.only != "pages"
    n_fse, n_read, n_man, n_ins = counts(args.scale)
    print(f"register: {n_fse:,} FSEs, {n_read:,} readings, {n_man:,} manifests, {n_ins:,} inspections; {load_avg()}",
          flush=True)
    start = time.perf_counter()
    rows = records(args.scale)
    print(f"records evaluated in {time.perf_counter() - start:.1f} s", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        csv_path = Path(tmp) / "manifests.csv"
        manifests_csv(args.scale, csv_path)
        if args.backend in ("sqlite", "both"):
            run_backend("sqlite", str(Path(tmp) / "register.db"), rows, csv_path, args.repeat, pages, queries)
        if args.backend in ("postgresql", "both"):
            url, drop = pg_schema(args.pg_url)
            try:
                run_backend("postgresql", url, rows, csv_path, args.repeat, pages, queries)
            finally:
                drop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

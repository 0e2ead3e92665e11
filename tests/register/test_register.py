"""The FOG program register, on SQLite and on PostgreSQL (the ``db`` fixture runs each test on both)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
import sqlalchemy as sa

from sizing.cli.main import main
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.program import schema as t
from tests.conftest import EXAMPLES

REG = EXAMPLES / "register"
CYCLE1, CYCLE2 = REG / "corner-cafe-cycle1.yaml", REG / "corner-cafe-cycle2.yaml"
WAIVER, LOG = REG / "corner-coffee-waiver.yaml", REG / "example-bistro-maintenance.yaml"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def counts(reg) -> dict[str, int]:
    with reg.db.read() as conn:
        return {name: conn.execute(sa.select(sa.func.count()).select_from(getattr(t, name))).scalar()
                for name in ("fses", "interceptors", "cycles", "waivers", "notifications", "maintenance_logs",
                             "maintenance_events", "findings")}


def add_examples(capsys, db) -> list[int]:
    return [run(capsys, "register", "add", f, "--db", db, "--user", "J. Alvarez")[0]
            for f in (CYCLE1, CYCLE2, WAIVER, LOG)]


@pytest.mark.fresh
def test_reading_never_creates_and_init_does(db, capsys, registers):
    from sizing.program.versions import HEAD

    code, out, err = run(capsys, "register", "due", "--db", db, "--as-of", "2026-07-01")
    assert code == 2 and out == ""
    assert "no register yet at" in err and "sizing register init" in err
    if "://" not in db:
        assert not Path(db).exists()
    code, out, err = run(capsys, "register", "init", "--db", db)
    assert code == 0 and "created a new register at" in err
    code, out, err = run(capsys, "register", "init", "--db", db)
    assert code == 0 and f"is a register at schema {HEAD}; nothing to do" in err
    code, out, err = run(capsys, "register", "due", "--db", db, "--as-of", "2026-07-01")
    assert code == 0 and out.strip() == "nothing due" and err == ""
    reg = registers(db)
    assert not reg.db.created and reg.db.migrated_from is None  # opened again: already at the head schema
    with reg.db.read() as conn:
        assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == HEAD


def test_the_first_add_creates_a_local_sqlite_file_and_says_so(tmp_path, capsys):
    path = tmp_path / "new.db"
    code, out, err = run(capsys, "register", "add", CYCLE1, "--db", str(path))
    assert code == 1 and err.strip() == f"sizing register: created a new register at {path}"
    assert path.exists()


@pytest.mark.fresh
def test_the_first_add_never_creates_a_postgresql_register(db, capsys):
    if "://" not in db:
        pytest.skip("PostgreSQL only: a new SQLite file is created by the first add")
    code, out, err = run(capsys, "register", "add", CYCLE1, "--db", db)
    assert code == 2 and "no register yet at" in err and "run `sizing register init`" in err


def test_add_examples_exit_codes_and_records(db, capsys, registers):
    """Two review cycles (not compliant: exit 1), a grantable waiver (0), a maintenance log in order (0)."""
    assert add_examples(capsys, db) == [1, 1, 0, 0]
    c = counts(registers(db))
    # the log as submitted and the FSE's maintenance plan made from every record on file (here: that log)
    assert c["cycles"] == 2 and c["waivers"] == 1 and c["maintenance_logs"] == 1 + 1
    assert c["notifications"] == 1  # the second cycle repeats the same notification: recorded once
    assert c["maintenance_events"] == 3 + 4 + 2  # pump-outs, readings, training
    code, out, _ = run(capsys, "register", "show", "FSE-0417", "--db", db, "--format", "json")
    d = json.loads(out)
    assert [r["cycle"] for r in d["cycles"]] == [1, 2]
    assert [r["reviewer"] for r in d["cycles"]] == ["J. Alvarez", "J. Alvarez"]
    assert d["fse"]["owner"] == "Corner Cafe LLC"  # owner from the applicant
    assert d["notifications"][0]["install_deadline"] == "2026-07-28"  # 180 working days after 2025-11-03
    assert d["cycles"][0]["required_volume_gal"] == 750.0 and d["cycles"][1]["dfu_total"] == 13
    assert [r["volume_gal"] for r in d["interceptors"]] == [pytest.approx(499.285, abs=1e-3), 1000.0]
    assert d["cycles"][0]["document_text"] == CYCLE1.read_text(encoding="utf-8")  # the document as submitted


def test_diff_of_two_cycles_of_the_example_fse(db, capsys):
    add_examples(capsys, db)
    code, out, _ = run(capsys, "register", "diff", "FSE-0417", "--db", db, "--format", "json")
    d = json.loads(out)
    assert code == 1  # findings still fail in cycle 2
    assert (d["from"]["cycle"], d["to"]["cycle"]) == (1, 2)
    assert {r["rule"] for r in d["resolved"]} == {
        "volume", "compartments", "manhole_diameter", "manholes_to_grade", "retention_fittings",
        "dishwasher_connection", "prep_fixtures_connected", "sanitary_connection", "food_grinder",
        "additives"}
    assert {r["rule"] for r in d["still_failing"]} == {"manhole_count", "discharge_temperature"}
    assert d["new"] == []
    design = {v["value"]: (v["from"], v["to"]) for v in d["design"]}
    assert design["dfu_total"] == (16, 13)  # disposer removed (3), prep sink on (+3), dishwasher (-2), lavatory (-1)
    assert design["interceptor.volume_gal"][1] == 1000.0
    assert design["interceptor.compartments"] == (1, 2)
    fixtures = {f["fixture"]: f["change"] for f in d["fixtures"]}
    assert fixtures == {"dishwasher (cleanup)": "changed", "food_prep_sink (food_prep)": "changed",
                        "food_waste_disposer (cleanup)": "removed", "lavatory (restroom)": "changed"}
    code, out, _ = run(capsys, "register", "diff", "FSE-0417", "--db", db, "--from", "1", "--to", "2")
    assert "Still failing (2):" in out and "Resolved (10):" in out


def test_due_on_a_fixed_date(db, capsys):
    add_examples(capsys, db)
    code, out, _ = run(capsys, "register", "due", "--db", db, "--as-of", "2026-07-01", "--within", "90",
                       "--format", "json")
    items = [(i["date"], i["status"], i["fse_id"], i["what"]) for i in json.loads(out)["items"]]
    assert items == [
        ("2025-07-09", "overdue", "FSE-0311", "pump-out"),           # 90-day approved interval after 2025-04-10
        ("2026-02-20", "overdue", "FSE-0311", "employee training"),  # 12 months after training on 2025-02-20
        ("2026-07-28", "due", "FSE-0417", "install interceptor"),    # 180 working days after 2025-11-03
        ("2026-09-15", "due", "FSE-0520", "waiver expires"),
    ]
    assert code == 1  # something is overdue
    code, out, _ = run(capsys, "register", "due", "--db", db, "--as-of", "2025-06-20", "--within", "30",
                       "--format", "json")
    assert [(i["date"], i["status"]) for i in json.loads(out)["items"]] == [("2025-07-09", "due")]
    assert code == 0


def test_the_fse_lists_overdue_counts_are_the_due_lists(db, capsys):
    """The FSE list counts each FSE's overdue items without making them: the due list's overdue items, counted,
    on dates before, at and after each deadline (installs, waivers, revocations, services, training)."""
    from collections import Counter

    from sizing.program import deadlines, fse_rows
    from sizing.program.store import open_register

    add_examples(capsys, db)
    tracy = get_jurisdiction("tracy")
    reg = open_register(db)
    try:
        for day in ("2025-06-20", "2025-07-09", "2025-07-10", "2026-02-21", "2026-07-29", "2026-09-16", "2027-12-31"):
            as_of = dt.date.fromisoformat(day)
            with reg.db.read() as conn:
                records = deadlines.due_records(conn, as_of)
            items = deadlines.dated_items(records, as_of, 0, tracy)
            listed = {r["fse_id"]: r["overdue"] for r in fse_rows.fse_list(reg, as_of=as_of, jurisdiction=tracy)}
            counted = Counter(i["fse_id"] for i in items if i["status"] == "overdue")
            assert listed == {f: counted.get(f, 0) for f in listed}, day
    finally:
        reg.db.engine.dispose()


def test_a_pump_out_after_the_notification_closes_the_install_deadline(db, capsys, tmp_path):
    add_examples(capsys, db)
    log = tmp_path / "cafe-log.yaml"
    log.write_text("project: {fse_id: FSE-0417}\nmaintenance: {liquid_depth: 48 in, as_of: 2026-08-20, "
                   "services: [{date: 2026-08-03, hauler: Valley Grease Haulers, manifest: VG-1}]}\n")
    assert run(capsys, "register", "add", log, "--db", db)[0] in (0, 1)
    code, out, _ = run(capsys, "register", "due", "--db", db, "--as-of", "2026-07-01", "--within", "90",
                       "--format", "json")
    assert "install interceptor" not in [i["what"] for i in json.loads(out)["items"]]


def test_history_records_who_and_when(db, capsys):
    before = dt.datetime.now(dt.UTC).replace(tzinfo=None, microsecond=0)
    add_examples(capsys, db)
    code, out, _ = run(capsys, "register", "history", "FSE-0417", "--db", db, "--format", "json")
    rows = json.loads(out)["history"]
    assert {r["recorded_by"] for r in rows} == {writer(db)}  # the writer, never replaced by --user
    assert {r["on_behalf_of"] for r in rows} == {"J. Alvarez"}
    code, out, _ = run(capsys, "register", "history", "FSE-0417", "--db", db)
    assert f"[{writer(db)} for J. Alvarez, " in out.splitlines()[1]
    assert all(dt.datetime.fromisoformat(r["recorded_at"]) >= before for r in rows)
    assert [r["what"] for r in rows][:3] == ["notification", "review cycle 1", "review cycle 2"]
    assert [r["date"] for r in rows][:3] == ["2025-11-03", "2026-03-02", "2026-04-13"]


def writer(db: str) -> str:
    """The writer the CLI records: the PostgreSQL session_user on PostgreSQL, else the operating-system user."""
    from sizing.program.writers import os_user

    return "postgres" if "://" in db else os_user()


def test_without_user_the_os_user_or_the_postgresql_role_is_recorded(db, capsys, registers, monkeypatch):
    monkeypatch.setattr("sizing.program.writers.os_user", lambda: "plan-checker-7")
    assert run(capsys, "register", "add", CYCLE1, "--db", db)[0] == 1
    with registers(db).db.read() as conn:
        row = conn.execute(sa.select(t.cycles.c.recorded_by, t.cycles.c.on_behalf_of)).one()
    assert tuple(row) == ("postgres" if "://" in db else "plan-checker-7", None)


def test_records_are_append_only(db, capsys, registers, tmp_path):
    add_examples(capsys, db)
    assert run(capsys, "register", "add", CYCLE1, "--db", db)[0] == 1  # the same plans again: cycle 3
    assert run(capsys, "register", "add", LOG, "--db", db)[0] == 0  # the same log again: no new event
    renamed = tmp_path / "renamed.yaml"
    renamed.write_text(CYCLE2.read_text().replace("name: Corner Cafe,", "name: Corner Cafe & Deli,"))
    run(capsys, "register", "add", renamed, "--db", db)
    reg = registers(db)
    c = counts(reg)
    # two logs as submitted, each with the FSE's plan made after it: 2 + 2 rows
    assert c["cycles"] == 4 and c["maintenance_logs"] == 2 + 2 and c["maintenance_events"] == 9
    with reg.db.read() as conn:
        names = [r[0] for r in conn.execute(sa.select(t.fses.c.name).where(t.fses.c.fse_id == "FSE-0417")
                                            .order_by(t.fses.c.id))]
    assert names == ["Corner Cafe, 25 W 10th St, Tracy CA", "Corner Cafe & Deli, 25 W 10th St, Tracy CA"]
    code, out, _ = run(capsys, "register", "show", "FSE-0417", "--db", db)
    assert out.startswith("FSE-0417 — Corner Cafe & Deli")


@pytest.mark.parametrize("text, field", [
    ("project: {fse_id: FSE-9}\nfixtures: [{type: floor_drain, count: -1}]\n", "fixtures[0].count"),
    ("project: {name: No id}\nfixtures: [{type: floor_drain}]\n", "project.fse_id"),
    ("project: {fse_id: FSE-9}\nmaintenance: {liquid_depth: 48 kg}\n", "maintenance.liquid_depth"),
    ("project: {fse_id: FSE-9}\nfixtures: [{type: floor_drain}]\nwaiver: {type: nope}\n", "waiver.type"),
    ('project: {fse_id: FSE-9, name: "Caf\\0e"}\nfixtures: [{type: floor_drain}]\n', "project.name"),
])
def test_bad_input_writes_nothing(db, capsys, registers, tmp_path, text, field):
    add_examples(capsys, db)
    before = counts(registers(db))
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    code, out, err = run(capsys, "register", "add", bad, "--db", db)
    assert code == 2 and out == ""
    assert err.startswith(f"sizing register: {field}:") and err.count("\n") == 1
    assert counts(registers(db)) == before


def test_bad_input_does_not_create_the_database(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("project: {fse_id: FSE-9}\nfixtures: [{type: floor_drain, count: -1}]\n")
    assert run(capsys, "register", "add", bad, "--db", tmp_path / "new.db")[0] == 2
    assert not (tmp_path / "new.db").exists()


@pytest.mark.parametrize("argv, field", [
    (["show", "FSE-0999"], "FSE"),
    (["diff", "FSE-0417", "--from", "7"], "--from"),
    (["diff", "FSE-0311"], "FSE"),
    (["due", "--as-of", "July 1"], "--as-of"),
    (["due", "--within", "-3"], "--within"),
    (["due", "--within", "99999999999"], "--within"),
])
def test_bad_arguments_name_the_field(db, capsys, argv, field):
    add_examples(capsys, db)
    code, out, err = run(capsys, "register", *argv, "--db", db)
    assert code == 2 and err.startswith(f"sizing register: {field}:") and err.count("\n") == 1


def test_import_inventory_is_all_or_nothing(db, capsys, registers):
    inventory = EXAMPLES / "inventory.csv"
    code, out, err = run(capsys, "register", "import-inventory", inventory, "--db", db)
    assert code == 2 and "inventory.csv: line 11: fixture_type: unknown fixture type 'flor_drain'" in err
    assert "FILE" not in err
    if "://" not in str(db):  # a rejected inventory does not even create the register file
        assert not Path(db).exists()
    else:
        assert counts(registers(db))["fses"] == 0
    code, out, err = run(capsys, "register", "import-inventory", inventory, "--db", db, "--skip-rejects")
    assert code == 1 and out.startswith("imported 3 FSEs (3 new), 3 interceptor records; 1 rows rejected")
    d = {e["fse_id"]: e for e in json.loads(run(capsys, "register", "export", "--db", db)[1])["fses"]}
    assert sorted(d) == ["FSE-0001", "FSE-0002", "FSE-0004"]
    a = d["FSE-0002"]["interceptors"][0]
    # 22 DFU -> 1,000 gal; the combi oven drains indirectly to the listed floor sinks, so no footnote-3 volume
    assert a["volume_gal"] == 750.0 and a["assessment"]["required_volume_gal"] == 1000.0
    assert a["assessment"]["undersized"] is True
    assert d["FSE-0004"]["interceptors"][0]["volume_gal"] is None
    code, out, _ = run(capsys, "register", "import-inventory", inventory, "--db", db, "--skip-rejects")
    assert out.startswith("imported 3 FSEs (0 new), 0 interceptor records")  # the same inventory again


def test_an_interrupted_import_leaves_the_database_as_it_was(db, capsys, registers, monkeypatch):
    from sizing.program import store

    add_examples(capsys, db)
    reg = registers(db)
    before = counts(reg)
    real, calls = store._import_row, []

    def interrupted(*args):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt  # Ctrl-C after the first submittal was written
        return real(*args)

    monkeypatch.setattr(store, "_import_row", interrupted)
    monkeypatch.setattr(store, "IMPORT_CHUNK", 1)  # the first submittal's rows are written before the interrupt
    with pytest.raises(KeyboardInterrupt):
        reg.import_inventory(EXAMPLES / "inventory.csv", skip_rejects=True, jurisdiction=get_jurisdiction("tracy"))
    assert len(calls) == 2
    assert counts(reg) == before


def test_export_csv_one_row_per_fse(db, capsys):
    add_examples(capsys, db)
    code, out, _ = run(capsys, "register", "export", "--format", "csv", "--db", db, "--as-of", "2026-07-01")
    lines = out.splitlines()
    assert lines[0] == ("fse_id,name,address,owner,status,cycles,last_review,failing,waiver,waiver_expiration,"
                        "next_service,overdue,cpc_required_gal,installed_gal,cpc_check,compliance,compliance_reasons,"
                        "open_notices,last_inspection")
    # the status is the compliance state: FSE-0417's install deadline (2026-07-28) within 30 days and its review's
    # corrections outstanding; FSE-0311's pump-out and training past due
    assert lines[2] == ('FSE-0417,"Corner Cafe, 25 W 10th St, Tracy CA",,Corner Cafe LLC,action_due,2,'
                        "2026-04-13,2,,,,0,,,,action_due,install interceptor due 2026-07-28: 180 working days after "
                        "the notification of 2025-11-03; no installation recorded; review cycle 2 of 2026-04-13: "
                        "corrections required (2 findings failing),0,")  # no inventory: no CPC check stored
    assert lines[1].startswith("FSE-0311,") and ",,overdue,0,,,,,2025-07-09,2,,,,overdue," in lines[1]
    assert lines[1].endswith("employee training overdue since 2026-02-21: last training 2025-02-20\",0,")
    assert lines[3].startswith("FSE-0520,") and ",grantable,2026-09-15," in lines[3]
    assert lines[3].endswith(",incomplete,no plan review and no inspection that decided anything on file,0,")


def test_findings_in_one_shape_are_stored_per_record(db, capsys, registers):
    add_examples(capsys, db)
    with registers(db).db.read() as conn:
        rows = conn.execute(sa.select(t.findings.c.source, t.findings.c.status, sa.func.count())
                            .group_by(t.findings.c.source, t.findings.c.status)).all()
    got = {(s, st): n for s, st, n in rows}
    assert got[("cycle", "fail")] == 12 + 2
    # applies_to_construction and the three (c) findings with their evidence; the three marked met with no
    # evidence stated are warnings
    assert (got[("waiver", "pass")], got[("waiver", "warn")]) == (4, 3)
    assert ("waiver", "fail") not in got
    # the log's 7 and its plan's 7 (made from that log alone): 25 % rule, service date, approved interval,
    assert got[("maintenance", "pass")] == 7 + 7  # pump-outs, manifests, training,
    assert ("maintenance", "fail") not in got  # records retention: the example log is in order


@pytest.mark.parametrize("path", [CYCLE1, CYCLE2, WAIVER], ids=lambda p: p.name)
def test_register_example_submittals_validate_against_the_schema(path):
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    from tests.conftest import ROOT

    schema = json.loads((ROOT / "schema" / "submittal.schema.json").read_text())
    jsonschema.validate(yaml.safe_load(path.read_text()), schema)


def test_a_revocation_that_may_proceed_ends_the_waiver(db, capsys):
    """The Director's revocation on 30 days' notice: on the due list by its effective date; then revoked."""
    waiver = EXAMPLES / "waiver-alternative-pretreatment.yaml"  # granted 2025-04-15, expires 2027-04-15
    assert run(capsys, "register", "add", waiver, "--fse", "FSE-0600", "--db", db)[0] == 0
    code, out, _ = run(capsys, "register", "due", "--db", db, "--as-of", "2025-09-15", "--format", "json")
    assert [(i["date"], i["what"], i["status"]) for i in json.loads(out)["items"]] == [
        ("2025-10-02", "revocation takes effect", "due")]  # notice mailed 2025-09-02 + 30 days
    code, out, _ = run(capsys, "register", "export", "--format", "csv", "--db", db, "--as-of", "2025-09-15")
    assert ",grantable; revocation effective 2025-10-02," in out
    code, out, _ = run(capsys, "register", "export", "--format", "csv", "--db", db, "--as-of", "2026-07-01")
    assert ",revoked 2025-10-02,2027-04-15," in out


def test_a_record_added_under_the_cpc_carries_cpc_findings_only(db, capsys, registers):
    """``register add --jurisdiction cpc`` reviews as ``sizing review --jurisdiction cpc``: the stored cycle, its
    findings and its jurisdiction id are the CPC profile's, none of the default profile's local rules."""
    from sizing.io import submittal
    from sizing.jurisdiction.profile import DEFAULT_ID
    from sizing.rules.review import review

    cpc_rules = {f.rule for f in review(submittal.load(CYCLE1, jurisdiction=get_jurisdiction("cpc"))).findings}
    local_rules = {f.rule for f in review(submittal.load(CYCLE1)).findings} - cpc_rules
    assert cpc_rules and local_rules  # the two profiles differ on this submittal
    code, out, _ = run(capsys, "register", "add", CYCLE1, "--db", db, "--jurisdiction", "cpc")
    assert code == 1 and out.startswith("stored review cycle 1 of FSE-0417")
    assert run(capsys, "register", "add", CYCLE2, "--db", db)[0] == 1   # the default profile
    reg = registers(db)
    with reg.db.read() as conn:
        cycles = conn.execute(sa.select(t.cycles.c.id, t.cycles.c.cycle, t.cycles.c.jurisdiction_id,
                                        t.cycles.c.jurisdiction).order_by(t.cycles.c.cycle)).all()
        stored = {cid: {r for (r,) in conn.execute(sa.select(t.findings.c.rule).where(
            t.findings.c.source == "cycle", t.findings.c.source_id == cid))} for cid, *_ in cycles}
    (first, _, first_id, first_name), (second, _, second_id, _) = cycles
    assert (first_id, second_id) == ("cpc", DEFAULT_ID)
    assert first_name == "California Plumbing Code (no local FOG ordinance)"
    assert stored[first] == cpc_rules and not stored[first] & local_rules
    assert stored[second] & local_rules


def test_import_inventory_and_due_take_the_jurisdiction(db, capsys, registers, tmp_path):
    """The inventory is sized under the profile given (the CPC alone counts the dishwasher a city may keep off the
    grease line) and each assessment carries its id; ``due`` takes the option too."""
    inv = tmp_path / "inv.csv"
    inv.write_text("submittal_id,fixture_type,count\nFSE-9001,food_prep_sink,1\nFSE-9001,dishwasher,1\n",
                   encoding="utf-8")
    assert run(capsys, "register", "import-inventory", inv, "--db", db, "--jurisdiction", "cpc")[0] == 0
    assert run(capsys, "register", "import-inventory", inv, "--db", db)[0] == 0
    reg = registers(db)
    with reg.db.read() as conn:
        rows = conn.execute(sa.select(t.interceptors.c.jurisdiction_id, t.interceptors.c.assessment)
                            .order_by(t.interceptors.c.id)).all()
    from sizing.jurisdiction.profile import DEFAULT_ID

    assert [r[0] for r in rows] == ["cpc", DEFAULT_ID]  # a new assessment: sized under another profile
    dfu = {jid: r["dfu_total"] for jid, r in rows}
    assert (dfu["cpc"], dfu[DEFAULT_ID]) == (5, 3)   # food-prep sink 3 + dishwasher 2, the dishwasher kept off
    with pytest.raises(SystemExit):
        run(capsys, "register", "due", "--db", db, "--jurisdiction", "nowhere")
    assert "no jurisdiction profile 'nowhere'" in capsys.readouterr().err
    assert run(capsys, "register", "due", "--db", db, "--jurisdiction", "cpc", "--as-of", "2026-07-01")[0] == 0
    # training falls due by the profile's training interval; the CPC alone has none
    run(capsys, "register", "add", LOG, "--db", db)
    due = {jid: run(capsys, "register", "due", "--db", db, "--as-of", "2026-07-01", *opt)[1]
           for jid, opt in (("default", ()), ("cpc", ("--jurisdiction", "cpc")))}
    assert "2026-02-20  OVERDUE  FSE-0311     employee training: last training 2025-02-20" in due["default"]
    assert "training" not in due["cpc"] and "pump-out" in due["cpc"]

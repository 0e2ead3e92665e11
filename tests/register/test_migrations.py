"""Schema versions: a database made by the first schema is migrated (and says so), never recreated; a database
that is not a register, or is from a newer version, is refused and left as it was."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter

import pytest
import sqlalchemy as sa

from sizing.cli.main import main
from sizing.io import submittal
from sizing.program.adapter import normalise
from sizing.program.db import open_db
from sizing.program.engine import make_engine
from sizing.program.errors import RegisterError
from sizing.program.location import resolve
from sizing.program.store import jsonable
from sizing.program.versions import HEAD, MIGRATIONS, VERSIONS, current_version, upgrade
from sizing.rules.review import review
from tests.conftest import EXAMPLES
from tests.register.conftest import back_to

CYCLE1, CYCLE2 = EXAMPLES / "register" / "corner-cafe-cycle1.yaml", EXAMPLES / "register" / "corner-cafe-cycle2.yaml"


def make_first_schema_database(url: str) -> None:
    """A register as the first schema version wrote it: one FSE with one review cycle."""
    engine = make_engine(url)
    result = jsonable(review(submittal.load(CYCLE1)).to_dict())
    when = {"recorded_at": dt.datetime(2026, 3, 2, 16, 30), "recorded_by": "J. Alvarez"}
    with engine.connect().execution_options(write=True) as conn, conn.begin():
        upgrade(conn, "0001")
        fses = sa.table("fses", *(sa.column(c) for c in ("fse_id", "name", "source", "recorded_at", "recorded_by")))
        conn.execute(fses.insert().values(fse_id="FSE-0417", name="Corner Cafe, 25 W 10th St, Tracy CA",
                                          source="review", **when))
        cycles = sa.table("cycles", *(sa.column(c) for c in (
            "fse_id", "cycle", "document_name", "document_text", "review_date", "reviewer", "jurisdiction",
            "edition", "construction", "compliant", "dfu_total", "required_volume_gal", "recorded_at",
            "recorded_by")), sa.column("result", sa.JSON), sa.column("document", sa.JSON))
        conn.execute(cycles.insert().values(
            fse_id="FSE-0417", cycle=1, document_name=CYCLE1.name, document_text=CYCLE1.read_text(),
            document={}, review_date=dt.date(2026, 3, 2), reviewer="J. Alvarez", jurisdiction=result["jurisdiction"],
            edition="2025", construction="existing", compliant=False, dfu_total=16, required_volume_gal=750,
            result=result, **when))
    engine.dispose()


def version(url: str) -> str | None:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return current_version(conn)
    finally:
        engine.dispose()


def test_head_is_the_last_alembic_revision():
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    script = ScriptDirectory.from_config(cfg)
    assert script.get_heads() == [HEAD]
    assert [r.revision for r in reversed(list(script.walk_revisions()))] == list(VERSIONS)


@pytest.mark.fresh
def test_a_first_schema_database_is_migrated_with_its_records(db, capsys, registers):
    url = resolve(db)[0]
    make_first_schema_database(url)
    assert version(url) == "0001"
    assert main(["register", "migrate", "--db", db]) == 0  # no users yet: its owner migrates it
    assert f"from schema 0001 to {HEAD} as " in capsys.readouterr().err
    code = main(["register", "history", "FSE-0417", "--db", db, "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0 and "migrated" not in err
    rows = json.loads(out)["history"]
    assert [r["what"] for r in rows] == ["FSE details", "review cycle 1"]  # kept, not recreated
    assert rows[1]["recorded_by"] == "J. Alvarez"
    assert version(url) == HEAD
    reg = registers(db)
    with reg.db.read() as conn:
        got = dict(conn.execute(sa.text("SELECT status, count(*) FROM findings GROUP BY status")).all())
    stored = jsonable(review(submittal.load(CYCLE1)).to_dict())
    assert got == dict(Counter(f.status for f in normalise("review", stored)))  # filled from the stored result
    assert got["fail"] > 0 and got["pass"] > 0
    # the migrated register takes the next cycle and diffs against the migrated one
    assert main(["register", "add", str(CYCLE2), "--db", db]) == 1
    capsys.readouterr()
    assert main(["register", "diff", "FSE-0417", "--db", db, "--format", "json"]) == 1
    d = json.loads(capsys.readouterr().out)
    assert {r["rule"] for r in d["still_failing"]} == {"manhole_count", "discharge_temperature"}


@pytest.mark.fresh
def test_a_second_schema_database_gets_the_jurisdiction_of_its_records(db, capsys, registers):
    """Schema 0003: the records stored before it were evaluated under the default profile and say so; the
    records added after it carry the profile they were evaluated under."""
    from sizing.jurisdiction.profile import DEFAULT_ID

    url = resolve(db)[0]
    make_first_schema_database(url)
    engine = make_engine(url)
    with engine.connect().execution_options(write=True) as conn, conn.begin():
        upgrade(conn, "0002")
        icp = sa.table("interceptors", *(sa.column(c) for c in ("fse_id", "type", "volume_gal", "source",
                                                                  "recorded_at", "recorded_by")))
        when = {"recorded_at": dt.datetime(2026, 3, 3, 9, 0), "recorded_by": "J. Alvarez"}
        conn.execute(icp.insert().values(fse_id="FSE-0417", type="gravity", volume_gal=750, source="inventory", **when))
        conn.execute(icp.insert().values(fse_id="FSE-0417", type="gravity", volume_gal=1000,
                                         source="review cycle 1 (proposed)", **when))
    engine.dispose()
    assert version(url) == "0002"
    assert main(["register", "migrate", "--db", db]) == 0
    assert f"from schema 0002 to {HEAD}" in capsys.readouterr().err
    assert version(url) == HEAD
    assert main(["register", "add", str(CYCLE2), "--db", db, "--jurisdiction", "cpc"]) in (0, 1)
    reg = registers(db)
    with reg.db.read() as conn:
        cycles = conn.execute(sa.text("SELECT cycle, jurisdiction_id FROM cycles ORDER BY cycle")).all()
        icps = conn.execute(sa.text("SELECT source, jurisdiction_id FROM interceptors ORDER BY id")).all()
    assert [tuple(r) for r in cycles] == [(1, DEFAULT_ID), (2, "cpc")]
    assert [tuple(r) for r in icps][:2] == [("inventory", DEFAULT_ID), ("review cycle 1 (proposed)", None)]


@pytest.mark.fresh
def test_a_database_from_a_newer_version_is_refused_unchanged(db, capsys):
    url = resolve(db)[0]
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
        conn.exec_driver_sql("INSERT INTO alembic_version VALUES ('0099')")
    engine.dispose()
    code = main(["register", "due", "--db", db])
    err = capsys.readouterr().err
    assert code == 2 and "register schema '0099'" in err and "nothing was changed" in err
    assert version(url) == "0099"


@pytest.mark.fresh
def test_a_database_that_is_not_a_register_is_refused_unchanged(db, capsys):
    url = resolve(db)[0]
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE permits (id INTEGER PRIMARY KEY, holder TEXT)")
    engine.dispose()
    code = main(["register", "due", "--db", db])
    err = capsys.readouterr().err
    assert code == 2 and "holds tables (permits) but is not a sizing register" in err
    engine = make_engine(url)
    with engine.connect() as conn:
        assert sorted(sa.inspect(conn).get_table_names()) == ["permits"]
    engine.dispose()


def test_a_file_that_is_not_a_database_is_refused(tmp_path, capsys):
    path = tmp_path / "notes.db"
    path.write_text("not a database at all\n" * 100)
    code = main(["register", "due", "--db", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("sizing register: --db:") and "nothing was changed" in err
    assert path.read_text() == "not a database at all\n" * 100


@pytest.mark.parametrize("value, expected", [
    ("mysql://u@h/db", "mysql databases are not supported (expected an SQLite file or a postgresql+psycopg:// URL)"),
    ("no/such/folder/register.db", "a file in an existing folder"),
    ("postgresql+psycopg://postgres@127.0.0.1:9/none", "cannot open the register"),
])
def test_bad_locations_name_the_setting(value, expected, capsys):
    assert main(["register", "due", "--db", value]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sizing register: --db:") and expected in err


@pytest.mark.fresh
def test_migrate_is_explicit_and_the_app_never_migrates(db, capsys, monkeypatch):
    """`sizing register migrate` brings an older register to the current schema; reading it from the app refuses
    (nothing is migrated or changed by viewing); `migrate` where there is no register says so."""
    url = resolve(db)[0]
    make_first_schema_database(url)
    from sizing.program.store import open_register

    with pytest.raises(RegisterError, match=rf"has schema 0001; this version of sizing uses {HEAD}: run "
                                                  r"`sizing register migrate`; nothing was changed"):
        open_register(db, create=False, read_only=True, migrate_older=False)
    assert version(url) == "0001"
    assert main(["register", "migrate", "--db", db]) == 0
    assert f"from schema 0001 to {HEAD}" in capsys.readouterr().err
    assert version(url) == HEAD
    assert main(["register", "migrate", "--db", db]) == 0
    assert f"is a register at schema {HEAD}; nothing to do" in capsys.readouterr().err


def test_migrate_without_a_register_says_so(tmp_path, capsys):
    assert main(["register", "migrate", "--db", str(tmp_path / "none.db")]) == 2
    assert "no register yet at" in capsys.readouterr().err and not (tmp_path / "none.db").exists()


def test_a_postgresql_host_that_never_answers_is_given_up_on():
    """A non-routable address: the connection attempt ends with the busy timeout (connect_timeout), one line."""
    import time

    start = time.monotonic()
    with pytest.raises(RegisterError, match="cannot open the register"):
        open_db("postgresql+psycopg://fog@10.255.255.1/program", timeout=2)
    assert time.monotonic() - start < 15


def test_migration_0005_renames_the_additives_finding_in_results_and_the_findings_table(db, capsys, registers):
    """A review stored when the finding was called additives_authorization reads as the rule registry names it."""
    from sizing.program import schema as t

    assert main(["register", "add", str(CYCLE1), "--db", db]) == 1
    capsys.readouterr()
    reg = registers(db)
    back_to(resolve(db)[0], "0005")
    with reg.db.write() as conn:  # as version 0004 stored it
        row = conn.execute(sa.select(t.cycles.c.id, t.cycles.c.result)).one()
        old = {**row.result, "findings": [{**f, "rule": "additives_authorization"} if f["rule"] == "additives" else f
                                          for f in row.result["findings"]]}
        conn.execute(t.cycles.update().where(t.cycles.c.id == row.id).values(result=old))
        conn.execute(t.findings.update().where(t.findings.c.rule == "additives")
                     .values(rule="additives_authorization"))
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '0004'"))
        conn.execute(sa.text("ALTER TABLE notifications DROP COLUMN day_kind"))  # as 0004 had it
    reg.db.engine.dispose()
    assert main(["register", "migrate", "--db", db]) == 0
    with registers(db).db.read() as conn:
        result = conn.execute(sa.select(t.cycles.c.result)).scalar_one()
        rules = {r[0] for r in conn.execute(sa.select(t.findings.c.rule).where(t.findings.c.source == "cycle"))}
    assert "additives" in {f["rule"] for f in result["findings"]} and "additives" in rules
    assert "additives_authorization" not in rules | {f["rule"] for f in result["findings"]}

"""Two writer processes on one register (an SQLite file in WAL mode, or PostgreSQL) lose nothing."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import sqlalchemy as sa

from sizing.io import fields as parse
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.program import schema as t
from sizing.program.adapter import normalise
from sizing.program.store import evaluate
from tests.conftest import EXAMPLES, ROOT

ADDS = 6
WRITER = textwrap.dedent("""
    import sys
    from sizing.jurisdiction.profile import get
    from sizing.program.store import open_register
    reg = open_register(sys.argv[1])
    for i in range(int(sys.argv[3])):
        reg.add_file(sys.argv[4], user=sys.argv[2], jurisdiction=get("tracy"))
        reg.add_file(sys.argv[5], user=sys.argv[2], jurisdiction=get("tracy"))
    reg.db.engine.dispose()
""")


def test_two_processes_adding_cycles_and_logs_at_once(db, registers):
    reg = registers(db)  # created (and migrated) before the writers start, as a deployed register is
    cycle = EXAMPLES / "register" / "corner-cafe-cycle1.yaml"
    log = EXAMPLES / "register" / "example-bistro-maintenance.yaml"
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, db, f"writer-{k}", str(ADDS), str(cycle), str(log)],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for k in (1, 2)]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    with reg.db.read() as conn:
        cycles = conn.execute(sa.select(t.cycles.c.cycle, t.cycles.c.on_behalf_of).order_by(t.cycles.c.cycle)).all()
        logs = conn.execute(sa.select(sa.func.count()).select_from(t.maintenance_logs)).scalar()
        events = conn.execute(sa.select(sa.func.count()).select_from(t.maintenance_events)).scalar()
        notices = conn.execute(sa.select(sa.func.count()).select_from(t.notifications)).scalar()
        findings = conn.execute(sa.select(sa.func.count()).select_from(t.findings)
                                .where(t.findings.c.source == "cycle")).scalar()
    assert [c for c, _ in cycles] == list(range(1, 2 * ADDS + 1))  # every cycle kept, numbered without a gap
    assert sorted(w for _, w in cycles) == ["writer-1"] * ADDS + ["writer-2"] * ADDS
    assert logs == 2 * ADDS * 2  # each log as submitted and the FSE's plan made after it
    assert events == 9 and notices == 1  # the same events and notification, recorded once
    per_cycle = len(normalise("review", evaluate(parse.load_document(cycle), jurisdiction=get_jurisdiction("tracy")).data))  # one review of the file
    assert per_cycle > 0 and findings == per_cycle * 2 * ADDS

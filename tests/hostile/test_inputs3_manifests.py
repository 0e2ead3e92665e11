"""Hauler manifest files: a byte limit like every other input (a submittal's 1 MB), a file of bad lines refused
as a whole past 10,000 rejects, and one full pump-out per interceptor per day (in one file, across imports, or
beside a maintenance log)."""

from __future__ import annotations

import datetime as dt

import pytest

from sizing.io import fields as parse
from sizing.program import manifests
from tests.hostile.conftest import EXAMPLES, one_line_error

CYCLE = str(EXAMPLES / "register" / "corner-cafe-cycle1.yaml")
HEADER = "fse_id,date,hauler,manifest,gallons,pump_out,disposal_site\n"


def register(cli) -> None:
    assert cli("register", "add", CYCLE, "--db", "r.db").rc == 1


def fill(path, make, limit: int) -> int:
    """Lines made by ``make(i)`` after the header, up to ``limit`` bytes; how many."""
    out, size, i = [HEADER], len(HEADER), 0
    while True:
        line = make(i)
        if size + len(line) > limit:
            break
        out.append(line)
        size += len(line)
        i += 1
    path.write_text("".join(out))
    return i


def test_the_limit_is_a_submittals():
    assert manifests.MAX_FILE_BYTES == parse.MAX_FILE_BYTES == 1_000_000


@pytest.mark.parametrize("skip", [[], ["--skip-rejects"]])
def test_a_10_mb_file_of_250000_bad_lines_is_refused_in_one_line(cli, tmp_path, skip):
    """10 MB of 250,000 bad lines took 3.4 s of CPU and 160 MB before one line of refusal (or a 250,000-line
    rejects file); a file had no byte limit."""
    register(cli)
    n = fill(tmp_path / "m.csv", lambda i: f"FSE-0417,2026-13-01,V,M{i:06d},1,full,S\n", 10_000_000)
    assert n >= 250_000
    run = cli("register", "import-manifests", "m.csv", "--db", "r.db", "--rejects", "rej.csv", *skip)
    one_line_error(run, "register", "m.csv is larger than 1 MB, the limit for a manifest file: import it in parts; "
                   "nothing imported")
    assert not (tmp_path / "rej.csv").exists()


def test_a_device_is_read_only_up_to_the_limit(cli):
    register(cli)
    one_line_error(cli("register", "import-manifests", "/dev/zero", "--db", "r.db"), "register",
                   "/dev/zero is larger than 1 MB")


def test_a_file_at_the_limit_of_bad_lines_is_refused_past_10000_rejects(cli, tmp_path):
    """500,000 lines of one character each (1 MB): every one a reject."""
    register(cli)
    fill(tmp_path / "m.csv", lambda i: "x\n", manifests.MAX_FILE_BYTES)
    run = cli("register", "import-manifests", "m.csv", "--db", "r.db", "--skip-rejects")
    one_line_error(run, "register", "m.csv: more than 10,000 lines rejected (the first, line 2: date: missing")


def test_a_file_at_the_limit_is_imported_with_its_rejects_counted(cli, tmp_path):
    """10,000 bad lines (the most a file may reject) and the rest good, to the byte limit."""
    register(cli)
    day0 = dt.date(2000, 1, 1)
    n = fill(tmp_path / "m.csv", lambda i: f"FSE-0417,2026-13-01,V,B{i},1,partial,S\n" if i < 10_000 else
             f"FSE-0417,{day0 + dt.timedelta(days=i % 9000)},V,M{i},1,partial,S\n", manifests.MAX_FILE_BYTES)
    run = cli("register", "import-manifests", "m.csv", "--db", "r.db", "--skip-rejects", "--rejects", "rej.csv")
    assert run.rc == 1, run.err
    assert run.stdout.startswith(f"imported {n - 10_000:,} manifests (0 full pump-outs, {n - 10_000:,} partial) "
                                 "for 1 FSE;")
    assert "10,000 lines rejected" in run.stdout
    assert len((tmp_path / "rej.csv").read_text().splitlines()) == 10_001


def fifty(path, day: str = "2026-01-05", prefix: str = "VG") -> None:
    path.write_text(HEADER + "".join(f"FSE-0417,{day},Valley,{prefix}-{i},1000 gal,full,Stockton\n"
                                     for i in range(50)))


def test_fifty_full_pump_outs_on_one_day_in_one_file_keep_the_first(cli, tmp_path):
    """Fifty full pump-outs of one interceptor on one day were imported as fifty services."""
    register(cli)
    fifty(tmp_path / "m.csv")
    strict = cli("register", "import-manifests", "m.csv", "--db", "r.db")
    one_line_error(strict, "register", "m.csv: line 3: pump_out: FSE-0417 already has a full pump-out on 2026-01-05 "
                   "(line 2); one full pump-out per interceptor per day: mark it partial; 49 lines rejected, "
                   "nothing imported")
    run = cli("register", "import-manifests", "m.csv", "--db", "r.db", "--skip-rejects", "--rejects", "rej.csv")
    assert run.rc == 1 and run.stdout.startswith("imported 1 manifest (1 full pump-out, 0 partial) for 1 FSE;")
    rejected = (tmp_path / "rej.csv").read_text().splitlines()[1:]
    assert [r.split(",")[0] for r in rejected] == [str(n) for n in range(3, 52)]
    assert all("already has a full pump-out on 2026-01-05 (line 2)" in r for r in rejected)


def test_a_full_pump_out_on_a_day_already_imported_is_refused_and_a_partial_one_kept(cli, tmp_path):
    register(cli)
    fifty(tmp_path / "a.csv")
    assert cli("register", "import-manifests", "a.csv", "--db", "r.db", "--skip-rejects").rc == 1
    (tmp_path / "b.csv").write_text(HEADER + "FSE-0417,2026-01-05,Valley,VX-1,900 gal,full,Stockton\n"
                                    "FSE-0417,2026-01-05,Valley,VX-2,200 gal,partial,Stockton\n"
                                    "FSE-0417,2026-01-06,Valley,VX-3,900 gal,full,Stockton\n")
    run = cli("register", "import-manifests", "b.csv", "--db", "r.db", "--skip-rejects")
    assert run.rc == 1 and run.stdout.startswith("imported 2 manifests (1 full pump-out, 1 partial) for 1 FSE;")
    assert "1 line rejected (line 2)" in run.stdout


def test_a_logged_pump_out_and_fifty_manifests_of_that_day_are_one_pump_out(cli, tmp_path):
    """The log's pump-out and its hauler's manifest are one event; the other 49 manifests are refused."""
    register(cli)
    (tmp_path / "log.yaml").write_text(
        "project: {fse_id: FSE-0417}\nmaintenance:\n  as_of: 2026-01-10\n  liquid_depth: 48 in\n"
        "  services: [{date: 2026-01-05, hauler: Valley, manifest: VG-0}]\n")
    assert cli("register", "add", "log.yaml", "--db", "r.db").rc in (0, 1)
    fifty(tmp_path / "m.csv")
    run = cli("register", "import-manifests", "m.csv", "--db", "r.db", "--skip-rejects")
    assert run.rc == 1 and run.stdout.startswith("imported 1 manifest (1 full pump-out, 0 partial) for 1 FSE;")
    assert "49 lines rejected (lines 3, 4," in run.stdout


def test_a_maintenance_log_with_two_full_pump_outs_on_one_day_is_refused(cli, tmp_path):
    """A log listing fifty services on 2026-01-05 was stored as fifty pump-out events."""
    register(cli)
    services = ", ".join(f"{{date: 2026-01-05, hauler: Valley, manifest: A{i}}}" for i in range(50))
    (tmp_path / "log.yaml").write_text("project: {fse_id: FSE-0417}\nmaintenance:\n  as_of: 2026-01-10\n"
                                       f"  liquid_depth: 48 in\n  services: [{services}]\n")
    for command in (["register", "add", "log.yaml", "--db", "r.db"], ["maintenance", "log.yaml"]):
        one_line_error(cli(*command), command[0], "maintenance.services[1]: a second full pump-out on 2026-01-05 "
                       "(maintenance.services[0] is the first); one full pump-out per interceptor per day")

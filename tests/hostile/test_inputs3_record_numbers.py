"""Record numbers typed on the command line (a notice, a review cycle): ASCII digits only, whole and positive,
refused in one line naming the argument; a number too large for any row is "no such notice" as typed, on SQLite
(whose integer overflows past 64 bits) and PostgreSQL (whose ``integer`` is 32-bit) alike."""

from __future__ import annotations

import pytest

from tests.hostile.conftest import EXAMPLES, one_line_error
from tests.register.conftest import db, pg_admin  # noqa: F401 - the register fixtures: SQLite and PostgreSQL

CYCLE = str(EXAMPLES / "register" / "corner-cafe-cycle1.yaml")
#: Written as typed: scientific, decimal, negative, zero, full-width one, Arabic-Indic three, a superscript two.
NOT_DIGITS = ["1e0", "1.0", "-1", "0", "00", "\uff11", "\u0663", "\u00b2", "+1", "1_000", " ", "0x1"]
HUGE = "1234567890123456789012345678901234567890"


@pytest.mark.parametrize("typed", NOT_DIGITS)
@pytest.mark.parametrize("command", [["notice"], ["comply"]])
def test_a_notice_number_is_ascii_digits_whole_and_positive(cli, typed, command):
    """`notice 1e0`, `notice 1.0` and `notice １` were read as notice 1 (float() reads all three)."""
    assert cli("register", "add", CYCLE, "--db", "r.db").rc == 1
    extra = ["--date", "2026-03-02", "--evidence", "report"] if command == ["comply"] else ["-o", "n.pdf"]
    line = one_line_error(cli("register", *command, typed, "--db", "r.db", *extra), "register",
                          "NOTICE: expected a notice number in the digits 0-9")
    assert repr(typed) in line


@pytest.mark.parametrize("typed", ["1.0", "\uff12", "-2"])
def test_a_review_cycle_number_is_ascii_digits(cli, typed):
    """`diff --to 2.0` and `--to ２` were read as cycle 2."""
    assert cli("register", "add", CYCLE, "--db", "r.db").rc == 1
    one_line_error(cli("register", "diff", "FSE-0417", "--from", "1", "--to", typed, "--db", "r.db"), "register",
                   "--to: expected a review cycle number in the digits 0-9")


@pytest.mark.parametrize("command", [["notice", HUGE, "-o", "n.pdf"],
                                     ["comply", HUGE, "--date", "2026-03-02", "--evidence", "report"],
                                     ["notice", "2147483648", "-o", "n.pdf"],
                                     ["notice", "9223372036854775808", "-o", "n.pdf"]])
def test_a_huge_notice_number_is_no_such_notice_as_typed(cli, db, command):  # noqa: F811 - the db fixture
    """A 40-digit notice was refused as "expected a whole number >= 1 and <= 1,000,000, got 1e+39"-like text
    (not the number typed); past 2**31 PostgreSQL's integer cannot hold it and past 2**63 SQLite overflows."""
    assert cli("register", "add", CYCLE, "--db", db).rc == 1
    line = one_line_error(cli("register", *command, "--db", db), "register", "NOTICE: no notice ")
    assert f"no notice {command[1]} in the register" in line


def test_a_huge_cycle_number_is_named_as_typed(cli, db):  # noqa: F811
    assert cli("register", "add", CYCLE, "--db", db).rc == 1
    line = one_line_error(cli("register", "diff", "FSE-0417", "--from", "1", "--to", HUGE, "--db", db), "register",
                          "--to: expected one of the FSE's review cycles: 1")
    assert HUGE in line


def test_an_inspection_resolving_a_decimal_notice_is_refused(cli, tmp_path):
    """`resolves: [{notice: 1.0}]` was read as notice 1."""
    assert cli("register", "add", CYCLE, "--db", "r.db").rc == 1
    (tmp_path / "i.yaml").write_text("project: {fse_id: FSE-0417}\ninspection: {date: 2026-03-02, purpose: routine,"
                                     " resolves: [{notice: 1.0, evidence: report}]}\n")
    one_line_error(cli("register", "inspect", "i.yaml", "--db", "r.db"), "register",
                   "inspection.resolves[0].notice: expected a notice number in the digits 0-9")

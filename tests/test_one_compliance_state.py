"""An FSE's status is decided in one place, sizing/rules/compliance.py: no other module writes a status word of
an FSE, and every reader that shows one (the FSE list and the export made from it, ``register show``, the program
summary, the Program page) takes it from the register's compliance module."""

from __future__ import annotations

import inspect
import re

from tests.conftest import ROOT

#: The FSE's status words, and the ones the FSE list used to make of its own.
WORDS = ("in_violation", "action_due", "in_compliance", "no review", "corrections required")
HOME = ROOT / "sizing" / "rules" / "compliance.py"


def test_no_other_module_writes_an_fse_status_word():
    pattern = re.compile("[\"'](" + "|".join(re.escape(w) for w in WORDS) + ")[\"';]")
    found = []
    for folder in ("sizing", "app_pages"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == HOME:
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == []


def test_every_reader_of_the_status_calls_the_compliance_module():
    from sizing.cli import register as command
    from sizing.program import compliance, fse_rows, summary

    assert "made_rows(" in inspect.getsource(fse_rows._through)  # kept or made, the rows are made_rows'
    assert "_through(" in inspect.getsource(fse_rows.fse_list) and "_through(" in inspect.getsource(fse_rows.due_list)
    assert "with_compliance(" in inspect.getsource(fse_rows.made_rows)
    assert "made(" in inspect.getsource(fse_rows.made_rows)
    assert fse_rows.made is compliance.made
    assert "state(" in inspect.getsource(command._show)
    assert "fse_list(" in inspect.getsource(summary.summary)
    page = (ROOT / "app_pages" / "pages" / "program.py").read_text(encoding="utf-8")  # the page's filter: the same words
    assert "fse_list(" in page and "from sizing.rules.compliance import STATUSES" in page

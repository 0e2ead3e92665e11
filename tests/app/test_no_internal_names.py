"""Nothing the app shows, and nothing in a letter it makes, names an internal key: a review rule's id (from the
rule registry, sizing.rules.review_rules.registry), an inspection checklist's key (from the shipped profiles'
checklists: dotted, ``bmp.drain_screens``, or its snake_case part, ``drain_screens``) or where the register is (an
``sqlite:`` or ``postgresql://`` URL, a ``.db`` path, the register's own path).

Every page is drawn for each role (signed in: a staff role sees the staff's pages, an FSE's user its FSE, a hauler
its manifests) over a register holding the shipped examples (``examples/register``), the sizing, review, waiver,
maintenance and inventory pages with each shipped example loaded, every tab of the Program page with a row of
each table opened in full; the letters are made from the shipped examples as the command line makes them (the
correction letter, the notice letter, the waiver and revocation letters, the inspection report). What is scanned
is every text an element carries as drawn: bodies, labels, options, help, placeholders, each table's headings (as
its column configuration labels them) and cells.

A single-word rule id (``volume``, ``additives``) is an English word: it is an offender only as the whole text of
a table cell, where it stands as the id.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import json
import re
from pathlib import Path

import pyarrow as pa
import pytest
from google.protobuf.json_format import MessageToDict
from pypdf import PdfReader

from sizing.cli.main import main
from sizing.jurisdiction.profile import available, get
from sizing.program import access
from sizing.program.haulers import accept_hauler, register_hauler
from sizing.program.store import open_register
from sizing.program.submissions import set_scope
from sizing.rules.inspection import checklist_items
from sizing.rules.review_rules import registry
from tests.app.conftest import APP, TIMEOUT, AppTest
from tests.app.test_access import signed_in_app
from tests.conftest import EXAMPLES

REG = EXAMPLES / "register"
AS_OF = dt.date(2026, 4, 2)  # the Corner Cafe's notice of 2026-03-02 is overdue; the follow-up of 2026-03-20 is on file
COOK, HAULER = "cook@taqueria.example", "dispatch@valleygrease.example"
STAFF = [r for r in access.ROLES if r not in ("fse", "hauler")]
#: The element fields that are not shown (ids, keys, types, icons, file data, formats).
NOT_SHOWN = {"id", "form_id", "type", "icon", "url", "mime", "format", "data", "arrow_data", "columns",
             "column_order", "element_id", "page_script_hash", "script_hash"}


def _names() -> tuple[set[str], set[str], set[str]]:
    """(snake_case names, dotted checklist keys, single-word rule ids) from the registry and the checklists."""
    keys = {k for p in available() for k in checklist_items(get(p))}
    parts = {k.split(".", 1)[1] for k in keys}
    ids = set(registry.ids())
    return {n for n in ids | parts if "_" in n}, keys, {n for n in ids | parts if "_" not in n}


SNAKE, DOTTED, WORDS = _names()
INTERNAL = re.compile("|".join([
    r"(?<![\w.])(?:" + "|".join(map(re.escape, sorted(SNAKE, key=len, reverse=True))) + r")(?!\w)",
    r"(?<![\w.])(?:" + "|".join(map(re.escape, sorted(DOTTED, key=len, reverse=True))) + r")(?!\w)",
    r"sqlite:|postgres(?:ql)?(?:\+\w+)?://|\.db\b"]))


def test_the_lists_are_the_registry_s_and_the_checklists():
    """The names scanned for are the registered rules' and the shipped checklists' (hand-checked samples)."""
    assert {"discharge_temperature", "manhole_diameter", "drain_screens", "hauler_manifests"} <= SNAKE
    assert {"bmp.drain_screens", "records.other_information"} <= DOTTED and {"volume", "additives"} <= WORDS
    assert len(registry.ids()) == 21 and len(DOTTED) == 11  # 21 review rules; Tracy's 5 BMPs and 6 records items


def offenders(texts: list[tuple[str, str]], register: Path | None = None) -> list[tuple[str, str]]:
    """The (where, text) that name an internal key or the register's place."""
    place = str(register) if register else None
    return sorted({(where, text) for where, text in texts
                   if INTERNAL.search(text) or (place and place in text)
                   or (where.endswith("cell") and text.strip() in WORDS)})


# --- What a page shows ------------------------------------------------------------------------------------------

def _strings(value, where: str, out: list) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in NOT_SHOWN:
                _strings(v, k, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, where, out)
    elif isinstance(value, str):
        out.append((where, value))


def _table(proto, out: list) -> None:
    """A table's headings (its column configuration's labels, else its column names), tooltips and cells, of the
    columns it shows."""
    table = pa.ipc.open_stream(io.BytesIO(proto.arrow_data.data)).read_all()
    config = json.loads(getattr(proto, "columns", "") or "{}")
    names = list(getattr(proto, "column_order", None) or table.column_names)
    for name in names:
        c = config.get(name) or {}
        out += [("heading", c.get("label") or name)] + ([("help", c["help"])] if c.get("help") else [])
        out += [("cell", str(v)) for v in table.column(name).to_pylist() if v is not None]


def shown(at: AppTest) -> list[tuple[str, str]]:
    """Every text the page's elements carry as drawn (main area and sidebar)."""
    assert not at.exception, [e.value for e in at.exception]
    out: list[tuple[str, str]] = []
    for node in at._tree:
        proto = getattr(node, "proto", None)
        if proto is None:
            continue
        if getattr(node, "type", "") in ("dataframe", "table", "arrow_data_frame"):
            _table(proto, out)
        else:
            _strings(MessageToDict(proto, preserving_proto_field_name=True), node.type, out)
    return out


def quiet(*argv) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main([str(a) for a in argv])


def fill(path: Path) -> Path:
    """The register of the shipped examples: two review cycles, a waiver, a maintenance log, an inspection and its
    follow-up, a property with two FSEs, hauler manifests."""
    for name in ("corner-cafe-cycle1.yaml", "corner-cafe-cycle2.yaml", "corner-coffee-waiver.yaml",
                 "example-bistro-maintenance.yaml"):
        assert quiet("register", "add", REG / name, "--db", path, "--user", "J. Alvarez") in (0, 1)
    for name in ("corner-cafe-inspection.yaml", "corner-cafe-follow-up.yaml"):
        assert quiet("register", "inspect", REG / name, "--db", path) in (0, 1)
    assert quiet("register", "property", REG / "property-oak-plaza.yaml", "--db", path) == 0
    assert quiet("register", "import-manifests", REG / "hauler-manifests.csv", "--db", path) in (0, 1)
    return path


@pytest.fixture(scope="module")
def examples_register(tmp_path_factory) -> Path:
    return fill(tmp_path_factory.mktemp("examples") / "program.db")


@pytest.fixture
def local(examples_register, monkeypatch) -> AppTest:
    """The app on one person's machine (no sign-in) over the examples' register."""
    monkeypatch.setenv("SIZING_DB", str(examples_register))
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.session_state["in_pg_as_of"] = AS_OF
    at.run()
    return at


def page(at: AppTest, name: str, **state) -> AppTest:
    at.switch_page(f"app_pages/pages/{name}.py")
    for key, value in state.items():
        at.session_state[key] = value
    return at.run()


def select_first_row(at: AppTest) -> AppTest:
    """Open each register table's first row in full (its detail view), as a click on its box does."""
    for frame in at.dataframe:
        if frame.key and frame.key.startswith("pg_") and frame.proto.selection_mode:
            at.session_state[frame.key] = {"selection": {"rows": [0], "columns": [], "cells": []}}
    return at.run()


# --- The Program page, the sidebar and the register's boxes: every tab, every FSE --------------------------------

PROGRAM_TABS = [("FSEs", {}), ("Due", {"in_pg_within": 3650}), ("Notices", {"in_pg_notices_all": True}),
                ("Submissions", {}), ("Summary", {"in_pg_summary_from": dt.date(2025, 1, 1)}),
                ("Cycle diff", {"in_pg_diff_fse": "FSE-0417"}), ("Audit", {"pg_export_open": True})]
BOXES = {"pg_import_open": True, "pg_manifests_open": True, "pg_property_open": True}


@pytest.mark.parametrize(("tab", "state"), PROGRAM_TABS, ids=[t for t, _ in PROGRAM_TABS])
def test_the_program_page_names_nothing_internal(local, examples_register, tab, state):
    at = page(local, "program", in_pg_tab=tab, **BOXES, **state)
    if tab == "Notices":
        at.button(key="pg_letters_make").click().run()
    at = select_first_row(at)
    assert offenders(shown(at), examples_register) == []


@pytest.mark.parametrize("fse", ["FSE-0311", "FSE-0417", "FSE-0520", "FSE-0610", "FSE-0611"])
def test_every_fse_s_timeline_names_nothing_internal(local, examples_register, fse):
    at = page(local, "program", in_pg_tab="Timeline", in_pg_fse=fse, pg_void_open=True, pg_parties_open=True)
    assert offenders(shown(at), examples_register) == []


def test_no_register_yet_names_no_place(tmp_path, monkeypatch):
    monkeypatch.setenv("SIZING_DB", str(tmp_path / "none-yet.db"))
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.run()
    at = page(at, "program")
    assert "No register yet" in " ".join(t for _, t in shown(at))
    assert offenders(shown(at), tmp_path / "none-yet.db") == []


# --- Every role's pages, signed in ------------------------------------------------------------------------------

STAFF_PAGES = ("size", "review", "waiver", "maintenance", "inventory", "program", "inspection", "users")


@pytest.fixture(scope="module")
def city_register(tmp_path_factory) -> Path:
    """The examples' register with one user of each role; the FSE's user linked to FSE-0611 (Oak Plaza Taqueria),
    which accepts the hauler."""
    path = fill(tmp_path_factory.mktemp("city") / "city.db")
    reg = open_register(str(path))
    as_user = type(reg)
    access.add_user(reg.db, "admin@city.example", "admin", by="setup")
    for role in STAFF:
        if role != "admin":
            access.add_user(reg.db, f"{role}@city.example", role, by="admin@city.example")
    access.add_user(reg.db, COOK, "fse", by="admin@city.example")
    access.add_user(reg.db, HAULER, "hauler", by="admin@city.example")
    register_hauler(as_user(reg.db, identity="director@city.example", require_user=True), HAULER, "Valley Grease",
                    "SJC-GH-0042", "2099-12-31")
    set_scope(as_user(reg.db, identity="admin@city.example", require_user=True), COOK, "FSE-0611")
    accept_hauler(as_user(reg.db, identity=COOK, require_user=True), "FSE-0611", HAULER)
    reg.db.engine.dispose()
    return path


@pytest.mark.parametrize("role", STAFF)
def test_every_staff_page_names_nothing_internal_for_each_staff_role(city_register, role):
    at = signed_in_app(str(city_register), f"{role}@city.example")
    found = {}
    for name in STAFF_PAGES:
        found[name] = offenders(shown(page(at, name, in_pg_as_of=AS_OF)), city_register)
    for tab, state in PROGRAM_TABS:
        found[f"program {tab}"] = offenders(shown(select_first_row(page(at, "program", in_pg_tab=tab, **state))),
                                            city_register)
    assert found == {name: [] for name in found}


@pytest.mark.parametrize("who", [COOK, HAULER], ids=["fse", "hauler"])
def test_the_fse_s_and_the_hauler_s_page_name_nothing_internal(city_register, who):
    at = signed_in_app(str(city_register), who)
    assert [t.value for t in at.title] == ["My FSE" if who == COOK else "My manifests"]
    assert offenders(shown(at), city_register) == []


# --- The pages with each shipped example loaded ------------------------------------------------------------------

def examples_of(prefix: str) -> list[str]:
    return sorted(p.name for p in EXAMPLES.glob(f"{prefix}*") if p.suffix in (".yaml", ".yml", ".json"))


SIZING = [n for n in examples_of("") if not n.startswith(("review", "waiver", "maintenance"))]


def loaded(at: AppTest, name: str, select: str, button: str, example: str, **state) -> AppTest:
    at = page(at, name, **state)
    at.selectbox(key=select).set_value(example)
    return at.button(key=button).click().run()


@pytest.mark.parametrize("example", SIZING)
def test_the_sizing_page_names_nothing_internal(local, examples_register, example):
    at = loaded(local, "size", "in_example", "load_example", example, examples_open=True)
    found = shown(at)
    for tab in ("Fixtures", "Table 1014.3.6", "Meals cross-check"):
        at.session_state["in_size_tab"] = tab
        found += shown(at.run())
    assert offenders(found, examples_register) == []


@pytest.mark.parametrize("example", examples_of("review"))
def test_the_review_page_names_nothing_internal(local, examples_register, example):
    at = loaded(local, "review", "in_rv_example", "rv_load_example", example, rv_letter_open=True,
                reg_box_open_review=True)
    assert offenders(shown(at), examples_register) == []


@pytest.mark.parametrize("example", examples_of("waiver"))
def test_the_waiver_page_names_nothing_internal(local, examples_register, example):
    at = loaded(local, "waiver", "in_wv_example", "wv_load_example", example, reg_box_open_waiver=True)
    assert offenders(shown(at), examples_register) == []


@pytest.mark.parametrize("example", examples_of("maintenance"))
def test_the_maintenance_page_names_nothing_internal(local, examples_register, example):
    at = loaded(local, "maintenance", "in_mt_example", "mt_load_example", example, reg_box_open_maintenance=True)
    assert offenders(shown(at), examples_register) == []


def test_the_inventory_page_names_nothing_internal(local, examples_register):
    at = page(local, "inventory")
    at = at.button(key="inv_example").click().run()
    assert offenders(shown(at), examples_register) == []


@pytest.mark.parametrize("fse", ["FSE-0311", "FSE-0417", "FSE-0611"])
def test_the_inspection_page_names_nothing_internal(local, examples_register, fse):
    at = page(local, "inspection", in_ins_fse=fse)
    assert offenders(shown(at), examples_register) == []


# --- The letters, made from the shipped examples as the command line makes them --------------------------------

def pdf_text(path: Path) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)


def docx_text(path: Path) -> str:
    import docx

    d = docx.Document(str(path))
    return "\n".join([p.text for p in d.paragraphs] + [c.text for t in d.tables for row in t.rows for c in row.cells])


def text_of(path: Path) -> str:
    return {".pdf": pdf_text, ".docx": docx_text}.get(path.suffix, lambda p: p.read_text(encoding="utf-8"))(path)


def in_letter(text: str) -> list[tuple[str, str]]:
    """The letter's lines, and its text with the lines joined (a name a PDF line break cut in two)."""
    return [("letter", line) for line in text.splitlines()] + [("letter", " ".join(text.split()))]


@pytest.mark.parametrize("example", examples_of("review"))
@pytest.mark.parametrize("suffix", [".md", ".pdf", ".docx"])
def test_the_correction_letter_names_nothing_internal(tmp_path, example, suffix):
    out = tmp_path / f"letter{suffix}"
    assert quiet("review", EXAMPLES / example, "--letter", out) in (0, 1)
    assert offenders(in_letter(text_of(out))) == []


@pytest.mark.parametrize("example", examples_of("waiver") + ["review-waiver-granted.yaml"])
@pytest.mark.parametrize("suffix", [".md", ".pdf"])
def test_the_waiver_and_revocation_letters_name_nothing_internal(tmp_path, example, suffix):
    letter, notice = tmp_path / f"letter{suffix}", tmp_path / f"notice{suffix}"
    quiet("waiver", EXAMPLES / example, "--letter", letter)
    quiet("waiver", EXAMPLES / example, "--notice", notice)  # only where the file proposes a revocation
    made = [p for p in (letter, notice) if p.exists()]
    assert letter in made
    assert offenders([t for p in made for t in in_letter(text_of(p))]) == []


def test_a_revocation_letter_is_among_them(tmp_path):
    """The alternative-pretreatment example proposes a revocation: its notice is made (and scanned above)."""
    notice = tmp_path / "notice.md"
    quiet("waiver", EXAMPLES / "waiver-alternative-pretreatment.yaml", "--notice", notice)
    assert "revocation" in notice.read_text(encoding="utf-8").lower()


@pytest.mark.parametrize("copy", ["sent", "staff"])
@pytest.mark.parametrize("suffix", [".pdf", ".docx"])
def test_the_notice_letter_names_nothing_internal(examples_register, tmp_path, copy, suffix):
    out = tmp_path / f"notice-1{suffix}"
    assert quiet("register", "notice", "1", "--db", examples_register, "--as-of", AS_OF, "--copy", copy,
                 "-o", out) == 0
    text = text_of(out)
    assert "Notice of violation" in text
    assert offenders(in_letter(text), examples_register) == []


@pytest.mark.parametrize("number", [1, 2])
def test_the_inspection_report_names_nothing_internal(examples_register, tmp_path, number):
    out = tmp_path / f"inspection-{number}.pdf"
    assert quiet("register", "inspection-report", number, "--db", examples_register, "-o", out) == 0
    text = text_of(out)
    assert "Drain screens installed on all drainage pipes" in text
    assert offenders(in_letter(text), examples_register) == []

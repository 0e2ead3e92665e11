"""The jurisdiction as a plug-in: one registry of profiles, passed explicitly from --jurisdiction."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
import yaml

from sizing.cli.main import main
from sizing.errors import TableError
from sizing.io.tables import tables_dir
from sizing.jurisdiction import profile as registry
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.rules import maintenance as m

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def city_folder(tmp_path: Path, jid: str, change) -> Path:
    """A folder holding the City's profile and a copy of it as ``jid``, edited by ``change(raw)``."""
    raw = yaml.safe_load((tables_dir() / "jurisdictions" / "tracy.yaml").read_text(encoding="utf-8"))
    change(raw)
    folder = tmp_path / "jurisdictions"
    folder.mkdir(exist_ok=True)
    (folder / f"{jid}.yaml").write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return folder


# --- The registry ------------------------------------------------------------------------------------------

def test_registry_lists_the_profiles_and_loads_each_once(tmp_path):
    shipped = sorted(p.stem for p in (tables_dir() / "jurisdictions").glob("*.yaml"))
    assert {"cpc", "tracy", "fullerton", "long-beach", "carmel-area-wd", "madera-county"} <= set(shipped)
    assert registry.available() == shipped
    assert registry.available(tmp_path) == shipped                     # an empty folder adds none
    j = registry.get("tracy")
    assert registry.get("tracy") is j                     # read once per process
    assert j.name == "City of Tracy, California"
    assert j.letterhead == "City of Tracy — FOG Control Program"
    assert j.parameter("min_manhole_diameter")["value"] == 24
    assert set(j.waiver_kinds) == {"new_construction", "infeasible_existing", "alternative_pretreatment"}
    assert j.review_rules == tuple(r for r in registry.review_rule_ids()      # all but two local rule types
                                   if r not in ("hgi_rating_range", "manhole_spacing", "local_size",
                                                "appliances_by_device"))
    assert j.has_maintenance_rules and j.has_waivers
    cpc = registry.get("cpc")
    assert cpc.review_rules == ("volume", "hgi_capacity")
    assert not cpc.has_maintenance_rules and not cpc.has_waivers and cpc.waiver_kinds == {}


def test_unknown_jurisdiction_lists_the_valid_ids():
    with pytest.raises(TableError, match=r"no jurisdiction profile 'stockton'; profiles available: carmel-area-wd, "
                                        r"cpc, fullerton, long-beach, madera-county, placerville, tracy$"):
        registry.get("stockton")
    with pytest.raises(TableError, match="profiles available"):
        registry.get("../tables/cpc-2025")


def test_unknown_jurisdiction_on_the_command_line_is_one_line_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["review", str(EXAMPLES / "review-compliant.yaml"), "--jurisdiction", "stockton"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err == ("sizing review: argument --jurisdiction: no jurisdiction profile 'stockton'; profiles available: "
                   "carmel-area-wd, cpc, fullerton, long-beach, madera-county, placerville, tracy "
                   "(or give a profile file, city.yaml)")


def test_review_rules_naming_an_unknown_rule_is_an_error(tmp_path):
    folder = city_folder(tmp_path, "typo", lambda raw: raw.update(review_rules=["volume", "volumes"]))
    with pytest.raises(TableError, match=r"typo.yaml: review_rules\[1\]: 'volumes' is not a rule of the review"):
        registry.get("typo", folder)


def test_the_submittal_carries_its_jurisdiction_to_the_review(tmp_path, monkeypatch):
    """The id chosen at the boundary reaches the review without being passed again."""
    from sizing.io import submittal
    from sizing.rules.review import review

    sub = submittal.load(EXAMPLES / "review-compliant.yaml", jurisdiction=get_jurisdiction("cpc"))
    assert sub.jurisdiction is registry.get("cpc")
    assert {f.rule for f in review(sub).findings} <= {"volume", "hgi_capacity"}
    assert submittal.load(EXAMPLES / "review-compliant.yaml").jurisdiction.id == registry.DEFAULT_ID


# --- Records checks follow the profile ---------------------------------------------------------------------

def test_records_checks_use_the_profile_passed_in(tmp_path):
    """The training and records-retention checks read the jurisdiction given to the maintenance plan, not the
    default profile: a city with a 1-month training rule reports 1 month (before: 12 months)."""
    def monthly(raw):
        raw["parameters"]["training_interval_months"]["value"] = 1
        raw["parameters"]["records_retention_years"]["value"] = 5
    city = registry.get("monthly", city_folder(tmp_path, "monthly", monthly))
    rec = m.from_dict({"liquid_depth": "48 in", "as_of": "2025-06-01",
                       "services": [{"date": "2025-03-01", "hauler": "H", "manifest": "M-1"}],
                       "training": ["2025-04-15"], "records_kept_since": "2020-01-01"})
    checks = {c.rule: c for c in m.plan(rec, city).findings}
    assert checks["training"].title == "Employee BMP training at least every 1 months"
    assert checks["training"].status == "fail"                      # 2025-04-15 + 1 month < 2025-06-01
    assert "more than 1 months" in checks["training"].message
    assert checks["records_retention"].title == "Records kept for 5 years"
    assert "required from 2020-06-01" in checks["records_retention"].message
    default = {c.rule: c for c in m.plan(rec, get_jurisdiction("tracy")).findings}
    assert default["training"].status == "pass" and default["training"].title.endswith("every 12 months")


def test_approved_interval_title_follows_the_profile_cap(tmp_path):
    """The approved-interval check names the profile's maximum, not a fixed six months."""
    def four(raw):
        raw["parameters"]["max_service_interval_months"]["value"] = 4
    city = registry.get("four", city_folder(tmp_path, "four", four))
    rec = m.from_dict({"liquid_depth": "48 in", "as_of": "2025-06-01", "services": ["2025-03-01"],
                       "approved_interval": "150 day", "training": ["2025-01-15"]})
    check = {c.rule: c for c in m.plan(rec, city).findings}["approved_interval"]
    assert check.title == "Approved interval within the 4-month maximum" and check.status == "fail"


def test_maintenance_cli_passes_the_jurisdiction(tmp_path, monkeypatch, capsys):
    def monthly(raw):
        raw["parameters"]["training_interval_months"]["value"] = 1
    monkeypatch.setenv(registry.FOLDER_ENV, str(city_folder(tmp_path, "monthly", monthly)))
    code = main(["maintenance", str(EXAMPLES / "maintenance-restaurant.yaml"), "--jurisdiction", "monthly",
                 "--format", "json"])
    assert code in (0, 1)
    records = {c["rule"]: c for c in json.loads(capsys.readouterr().out)["records"]}
    assert records["training"]["title"] == "Employee BMP training at least every 1 months"


# --- No city in the code -----------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
#: Text that belongs in a profile: the City's name, its code's chapter and paragraphs, its numbers in words.
CITY_TEXT = re.compile(r"Tracy|TMC|5\.26|six[- ]month|\(b\)\(1\)|\(g\)\(3\)", re.IGNORECASE)
#: The one allowed hit: the id of the default profile (not its content).
ALLOWED = {
    "sizing/jurisdiction/profile.py": re.compile(r"^tracy$"),
    # a frozen migration: the one profile the register could hold before records named theirs (history, not a rule)
    "sizing/program/migrations/versions/r0003_jurisdiction.py": re.compile(r"^tracy$"),
}


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Attribute) and t.attr == "__doc__"
                                                for t in node.targets):
            out.add(id(node.value))
    return out


def city_text_in_code(folders=("sizing", "app_pages")) -> dict[str, set[str]]:
    """The string constants of the code (docstrings, which cite a rule's clause, and comments left out) that
    hold city text, by file."""
    hits: dict[str, set[str]] = {}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = _docstrings(tree)
            for node in ast.walk(tree):
                if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
                        and CITY_TEXT.search(node.value)):
                    hits.setdefault(path.relative_to(ROOT).as_posix(), set()).add(node.value)
    return hits


def test_no_city_text_in_the_code_outside_the_profile():
    """Names, chapter and paragraph citations and the City's numbers in words live in the profile only."""
    unexpected = {}
    for f, texts in city_text_in_code().items():
        left = sorted(t for t in texts if f not in ALLOWED or not ALLOWED[f].search(t))
        if left:
            unexpected[f] = left
    assert unexpected == {}


#: The City's name and its code's chapter: not even a docstring or a comment carries them (a rule's docstring cites
#: the model ordinance's block, e.g. "FOG ordinance, Prohibitions (a)"; the city's own citation is the profile's).
CITY_NAME_OR_CHAPTER = re.compile(r"Tracy|TMC|5\.26")


def test_no_city_name_or_chapter_anywhere_in_the_code():
    """A plain grep of every line of sizing/ and app_pages/ (docstrings and comments included)."""
    hits = [f"{path.relative_to(ROOT).as_posix()}:{n}: {line.strip()}"
            for folder in ("sizing", "app_pages") for path in sorted((ROOT / folder).rglob("*.py"))
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if CITY_NAME_OR_CHAPTER.search(line)]
    hits += [f"app.py:{n}: {line.strip()}" for n, line in
             enumerate((ROOT / "app.py").read_text(encoding="utf-8").splitlines(), 1) if CITY_NAME_OR_CHAPTER.search(line)]
    assert hits == []


def test_the_scan_finds_city_text(tmp_path):
    """The scan itself: a message naming the chapter is found, a docstring citing it is not."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text('def f():\n    """TMC ch. 5.26, Prohibitions (a)."""\n'
                                           '    return f"{1} days (TMC section 5.26.080(f))"\n', encoding="utf-8")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert city_text_in_code(("pkg",)) == {"pkg/m.py": {" days (TMC section 5.26.080(f))"}}
    finally:
        ROOT = saved

"""The provenance levels' glossary (sizing.provenance): one meaning per level, for every level a code table or a
profile carries, the same meaning the docs give, in the docs' own page and in the PDF report's provenance note."""

from __future__ import annotations

import io
from pathlib import Path

import yaml
from pypdf import PdfReader

from sizing import provenance
from sizing.cpc.size import size
from sizing.io import submittal
from sizing.io.tables import PROVENANCE_LEVELS, tables_dir
from sizing.jurisdiction.profile import available, get
from sizing.report.jurisdictions_doc import INTRO
from sizing.report.pdf import sizing_pdf

ROOT = Path(__file__).resolve().parents[1]


def flat(text: str) -> str:
    return " ".join(text.split())


def test_every_level_the_tables_and_profiles_carry_has_one_meaning():
    tables = {yaml.safe_load(p.read_text(encoding="utf-8"))["provenance"]
              for p in tables_dir().glob("*/*.yaml") if p.parent.name != "jurisdictions"}
    profiles = {v.level for j in available() for v in get(j).values()}
    assert tables == {"confirmed", "secondary", "derived", "carried"}  # what the shipped code tables carry
    assert profiles == {"confirmed", "secondary", "derived", "unconfirmed", "local policy"}
    # the code's own levels (a table's, a profile value's, a profile that states none) and nothing else
    assert set(provenance.LEVELS) == set(PROVENANCE_LEVELS) | profiles | {"not stated"}


def test_each_meaning_says_what_the_docs_and_the_code_say():
    """The words each level is defined by in docs/engineer/provenance.md (code tables) and the generated
    jurisdictions page (profiles), found in the glossary's meaning of it."""
    tables_doc = flat((ROOT / "docs" / "engineer" / "provenance.md").read_text(encoding="utf-8"))
    said = {"confirmed": ("code text", "as the jurisdiction supplied it"),
            "secondary": ("published copy of the code text", "manufacturer, agency or handbook that quotes the code"),
            "derived": ("computed from confirmed or secondary values", "the tool's own reading"),
            "unconfirmed": ("no public source", "never takes it from another city"),
            "local policy": ("not ordinance or code text",),
            "carried": ("earlier CPC edition", "not checked against this edition's printed text")}
    for level, words in said.items():
        assert all(w in provenance.LEVELS[level] for w in words), level
    for row in ("| secondary | reproduced by a manufacturer, agency or handbook that quotes the code |",
                "| unconfirmed | not found in a public source", "| carried | copied from another edition"):
        assert row in tables_doc
    intro = flat(INTRO)
    for words in ("**unconfirmed** (not read from the code text: shown, never taken from another city)",
                  "**local policy** (not ordinance text)", "**confirmed** (the code text as the jurisdiction supplied it)"):
        assert words in intro


def test_a_level_as_shown_finds_its_meaning():
    assert provenance.meaning("carried (CPC 2022, secondary there)") == provenance.LEVELS["carried"]
    assert provenance.meaning("Local policy") == provenance.LEVELS["local policy"]
    assert provenance.meaning("submitted") is None  # a value the submitter gave is not a confirmation level


def test_the_docs_page_is_the_glossary_and_is_in_the_site():
    page = provenance.docs_page()
    for level, text in provenance.LEVELS.items():
        assert f"| {level} | {text} |" in page
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]
    reference = next(section["Reference"] for section in nav if "Reference" in section)
    assert {"Provenance levels": "reference/provenance-levels.md"} in reference


def test_the_pdf_report_s_provenance_note_gives_the_glossary_s_meanings(examples):
    data = sizing_pdf(size(submittal.load(examples / "restaurant.yaml")))
    text = flat("\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages))
    for level in PROVENANCE_LEVELS:
        assert flat(f"{level} = {provenance.LEVELS[level].rstrip('.')}") in text, level

"""What each provenance (confirmation) level means: one glossary for the app's tooltips, the reports and the docs.

A code table (``tables/cpc-*/``, ``tables/common/``) states its level in its ``provenance`` field
(:data:`sizing.io.tables.PROVENANCE_LEVELS`); a jurisdiction profile states one for each value, or ``policy:
local`` for a value that is the jurisdiction's own policy (:meth:`sizing.jurisdiction.profile.Jurisdiction.level`).
Every place that shows a level takes its meaning from :data:`LEVELS`, so the app, the reports and the
documentation say the same thing.
"""

from __future__ import annotations

#: Each level as outputs write it, and what it means (in the order from most to least certain).
LEVELS: dict[str, str] = {
    "confirmed": "read from the code text itself: a publication of the code, or the ordinance text as the "
                 "jurisdiction supplied it.",
    "secondary": "read from a published copy of the code text, or from a manufacturer, agency or handbook that "
                 "quotes the code; not checked against the printed text.",
    "derived": "the tool's own reading or arithmetic: inferred or computed from confirmed or secondary values, or "
               "from the code text (for example a date counted from an adoption date); for the jurisdiction to "
               "confirm.",
    "unconfirmed": "not read from the code text: no public source was found for it. A code table does not give "
                   "such a value as code; a profile shows it marked, with its note, for the jurisdiction to "
                   "confirm, and never takes it from another city.",
    "local policy": "the jurisdiction's own policy or the program's default, not ordinance or code text (for "
                    "example a compliance period the ordinance does not set, or a waiver's scoring thresholds); "
                    "for the jurisdiction to set or confirm.",
    "carried": "copied from an earlier CPC edition (shown as 'carried (CPC 2022, <level> there)') and not checked "
               "against this edition's printed text.",
    "not stated": "the profile gives no level for the value; treat it as unconfirmed until the jurisdiction "
                  "confirms it.",
}

#: The heading the glossary goes under wherever it is shown.
TITLE = "What the provenance levels mean"


def level_of(shown: str) -> str | None:
    """The glossary's level of a level as shown (``carried (CPC 2022, secondary there)`` is ``carried``), or None.

    >>> level_of("carried (CPC 2022, secondary there)"), level_of("Local policy"), level_of("measured")
    ('carried', 'local policy', None)
    """
    text = str(shown or "").strip().lower()
    return next((level for level in LEVELS if text == level or text.startswith(level + " (")), None)


def meaning(shown: str) -> str | None:
    """What a level as shown means (:data:`LEVELS`), or None for a word that is not a level."""
    level = level_of(shown)
    return None if level is None else LEVELS[level]


def glossary_lines() -> list[str]:
    """One line per level, ``level: meaning`` (plain text, for a report)."""
    return [f"{level}: {text}" for level, text in LEVELS.items()]


def glossary_markdown() -> str:
    """The glossary as a markdown list (a tooltip, a popover, a page)."""
    return "\n".join(f"- **{level}**: {text}" for level, text in LEVELS.items())


def glossary_help() -> str:
    """The glossary under its heading, for a tooltip (markdown)."""
    return f"**{TITLE}**\n\n{glossary_markdown()}"


def docs_page() -> str:
    """The documentation page of the glossary (made when the site is built)."""
    return "\n".join([
        f"# {TITLE}", "",
        "Every code value and every value of a jurisdiction profile carries the level it was confirmed to. A code",
        "table states it in its `provenance` field; a profile states one for each value (or `policy: local` for",
        "the jurisdiction's own policy). The app shows the same meanings beside every provenance column and",
        "caption, and the reports say them too. Generated from `sizing/provenance.py` when the site is built.", "",
        "| level | meaning |", "|---|---|",
        *(f"| {level} | {text} |" for level, text in LEVELS.items()), "",
        "What was checked against what, table by table: [Provenance of code values](../engineer/provenance.md);",
        "each profile's values and levels: [Jurisdictions compared](../jurisdictions.md).", ""])

"""One renderer per format for :class:`sizing.finding.Finding`: plan review, waiver and maintenance alike.

Every report lists its findings through these functions, so a finding reads the same in the text output,
the markdown, the PDF and the app: status (or N/A where a reviewer marked it not applicable), rule, message,
what was shown against what is required, the clause, and the reviewer's note.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sizing.jurisdiction import rule_catalogue
from sizing.quantities import number
from sizing.quantities import show as show_quantity

SYMBOL = {"pass": "PASS", "fail": "FAIL", "warn": "WARN", "info": "INFO"}
NA = "N/A"
#: Fill colours for a finding's status cell in a PDF (light, so black text stays legible in print).
STATUS_FILL = {"pass": (214, 238, 214), "fail": (246, 205, 205), "warn": (252, 236, 196), "info": (222, 230, 242)}
#: A finding the reviewer marked not applicable (grey: neither pass nor fail).
NA_FILL = (225, 225, 225)
#: Column headings of the findings table (markdown, PDF, app).
COLUMNS = ("Status", "Rule", "Finding", "Shown", "Required", "Citation", "Reviewer's note")


#: Words a rule id spells in lower case that people write otherwise.
_WORDS = {"fog": "FOG", "hgi": "HGI", "bmps": "BMPs", "bmp": "BMP", "fse": "FSE", "cpc": "CPC", "sso": "SSO"}


def rule_label(rule: str, title: str = "", message: str = "") -> str:
    """The name a person reads for a finding's rule: the finding's own short title (one that is not its message),
    else the review rule's label in the catalogue, else its id in words.

    >>> rule_label("manhole_diameter"), rule_label("not_significant_contributor"), rule_label("x", "Pump-out due")
    ('Manhole diameter', 'Not significant contributor', 'Pump-out due')
    """
    if title and title != message:
        return title
    try:
        found = rule_catalogue.entry(rule).label
    except KeyError:
        found = ""
    if found:
        return found
    words = [_WORDS.get(w, w) for w in str(rule).split("_") if w]
    text = " ".join(words) or str(rule)
    return text[:1].upper() + text[1:]


def label(f) -> str:
    """A finding's rule by its name for people (:func:`rule_label`)."""
    return rule_label(f.rule, f.title, f.message)


def status_shown(f, notes: Mapping[str, Any] | None = None) -> str:
    """PASS / FAIL / WARN / INFO, or N/A where the reviewer marked the finding not applicable."""
    note = (notes or {}).get(f.rule)
    return NA if note is not None and note.not_applicable else SYMBOL[f.status]


def note_text(f, notes: Mapping[str, Any] | None = None) -> str:
    """The reviewer's note on a finding ('N/A (reason)' first), or ''."""
    note = (notes or {}).get(f.rule)
    if note is None:
        return ""
    parts = []
    if note.not_applicable:
        parts.append(f"N/A ({note.not_applicable}); the check gave {SYMBOL[f.status]}")
    if note.note:
        parts.append(note.note)
    return " — ".join(parts)


def value_limit(f) -> tuple[str, str]:
    """A finding's value and limit as short strings with the unit ('23.62 in', '24 in')."""
    return show(f.value, f.unit), show(f.limit, f.unit)


def show(x: Any, unit: str = "") -> str:
    """One value as text: '—' for none, yes / no, a measure to its quantity's precision (sizing.quantities),
    dates ISO."""
    if x is None:
        return "—"
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, float):
        return show_quantity(x, unit) if unit else number(x)
    if isinstance(x, int):
        return f"{x:,} {unit}".strip()
    return str(getattr(x, "isoformat", lambda: x)())


def message(f) -> str:
    """The finding's message, with its evidence where the finding names one."""
    return f"{f.message} (evidence: {f.evidence})" if f.evidence else f.message


def rows(findings: Iterable, notes: Mapping[str, Any] | None = None,
         labelled: bool = False) -> list[tuple[str, ...]]:
    """One row per finding, in :data:`COLUMNS` order (all text); the rule by its id (what a submittal's
    ``review_notes`` and the command line name), or by its name for people (``labelled``: the app, a PDF)."""
    out = []
    for f in findings:
        v, lim = value_limit(f)
        out.append((status_shown(f, notes), label(f) if labelled else f.rule, message(f), v, lim, f.citation,
                    note_text(f, notes)))
    return out


def table_rows(findings: Iterable, notes: Mapping[str, Any] | None = None,
               columns: Sequence[str] = COLUMNS, labelled: bool = False) -> list[dict[str, str]]:
    """One mapping per finding, column heading -> text, for a table widget; ``columns`` picks and orders them."""
    index = [(c, COLUMNS.index(c)) for c in columns]
    return [{c: row[i] for c, i in index} for row in rows(findings, notes, labelled)]


def text_lines(findings: Iterable, notes: Mapping[str, Any] | None = None, indent: str = "  ") -> list[str]:
    """Plain text: '[FAIL] rule: message', then the value, the limit and the clause, then the reviewer's note."""
    out = []
    pad = indent + " " * 7
    for status, rule, msg, v, lim, citation, note in rows(findings, notes):
        out.append(f"{indent}[{status}] {rule}: {msg}")
        out.append(f"{pad}value {v}; limit {lim}; {citation}")
        if note:
            out.append(f"{pad}reviewer: {note}")
    return out


def markdown_table(findings: Iterable, notes: Mapping[str, Any] | None = None,
                   columns: Sequence[str] = COLUMNS, labelled: bool = False) -> list[str]:
    """A markdown table (heading, rule line, one line per finding); ``columns`` picks and orders the columns;
    ``labelled``: each rule by its name for people (a letter), not its id."""
    index = [COLUMNS.index(c) for c in columns]
    out = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for row in rows(findings, notes, labelled):
        out.append("| " + " | ".join(md(row[i]) for i in index) + " |")
    return out


def pdf_table(pdf, findings: Iterable, notes: Mapping[str, Any] | None = None, size: float = 7.5) -> None:
    """The findings table of a PDF report: status cell coloured, rule and finding (and note) in one column."""
    body, fills = [], []
    for status, rule, msg, v, lim, citation, note in rows(findings, notes, labelled=True):
        body.append((status, f"{rule}\n{msg}" + (f"\nReviewer: {note}" if note else ""), v, lim, citation))
        fills.append((STATUS_FILL.get(status.lower(), NA_FILL), None, None, None, None))
    pdf.table(["Status", "Rule and finding", "Shown", "Required", "Citation"], body, widths=(9, 46, 13, 13, 24),
              fills=fills, size=size)


def md(text: object) -> str:
    """Text safe inside a markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")

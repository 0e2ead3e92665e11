"""One requirement checked against one clause: the finding every part of the core returns.

A plan review's rules, a waiver's findings and a maintenance log's checks all produce :class:`Finding`.
Reports render it through one renderer per format (``sizing.report.findings``); the register stores its
``to_dict()``; the app shows it in one table. A check that could not be made because the document does not show
what it needs is a ``warn`` with a message saying what to give, never a pass.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

PASS, FAIL, WARN, INFO = "pass", "fail", "warn", "info"
STATUSES = (PASS, FAIL, WARN, INFO)


@dataclass(frozen=True)
class Finding:
    """One requirement checked: its status, the clause, what was found (value) against what is required (limit).

    ``rule`` is a stable id (a review rule id, a waiver finding key, a maintenance check key); ``title`` a short
    name of the requirement for people; ``evidence`` what the decision rests on (a document, a reading, an
    inspection); ``correction`` the plain-language correction a checker pastes into a notice (failing findings);
    ``detail`` anything the kind of check adds (a waiver finding's evidence score, which findings of a group are
    needed), kept as JSON-ready data.
    """

    rule: str
    status: str
    citation: str
    message: str
    value: Any = None
    limit: Any = None
    unit: str = ""
    evidence: str | None = None
    correction: str | None = None
    provenance: str | None = None
    #: Why a value behind the finding is not confirmed (e.g. a date the jurisdiction should confirm).
    provenance_note: str | None = None
    title: str = ""
    detail: Mapping[str, Any] = field(default_factory=dict)
    #: What the check could not include (e.g. fixture lines left out of a sum): a finding computed from a partial
    #: input is never a pass, and a review with such a finding is incomplete.
    missing: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"Finding.status: expected one of {', '.join(STATUSES)}, got {self.status!r}")
        if self.missing and self.status == PASS:
            raise ValueError(f"Finding {self.rule!r}: a check computed from a partial input cannot pass "
                             f"(missing: {', '.join(self.missing)})")

    @property
    def incomplete(self) -> bool:
        """Computed from a partial input (``missing`` names what was left out)."""
        return bool(self.missing)

    @property
    def passed(self) -> bool:
        return self.status == PASS

    @property
    def failed(self) -> bool:
        return self.status == FAIL

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "status": self.status, "title": self.title, "citation": self.citation,
                "message": self.message, "value": jsonable(self.value), "limit": jsonable(self.limit),
                "unit": self.unit, "evidence": self.evidence, "correction": self.correction,
                "provenance": self.provenance, "provenance_note": self.provenance_note,
                "detail": jsonable(dict(self.detail)), "missing": list(self.missing)}


def status_of(ok: bool | None) -> str:
    """True -> pass, False -> fail, None (the document does not show it) -> warn.

    >>> [status_of(x) for x in (True, False, None)]
    ['pass', 'fail', 'warn']
    """
    return {True: PASS, False: FAIL, None: WARN}[ok]


def counts(findings) -> dict[str, int]:
    """Findings by status, every status present (0 where none)."""
    out = {s: 0 for s in STATUSES}
    for f in findings:
        out[f.status] += 1
    return out


def jsonable(value: Any) -> Any:
    """A finding's value as JSON: dates as ISO text, floats to 4 places, tuples as lists, mappings walked."""
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float):
        return round(value, 4)
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {k: jsonable(v) for k, v in value.items()}
    return value

"""The register's reading of stored results: every kind of finding as ``(rule, status, citation, message)``.

Every stored result carries :class:`sizing.finding.Finding` shapes with a ``status`` (results stored in earlier
shapes were rewritten once by migration 0005, from a frozen copy of how they were read), and is read as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

PASS, FAIL, WARN, INFO = "pass", "fail", "warn", "info"
KINDS = ("review", "waiver", "maintenance")


@dataclass(frozen=True)
class FindingRow:
    """The four columns of a :class:`sizing.finding.Finding` the register's findings table keeps."""

    rule: str
    status: str
    citation: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "status": self.status, "citation": self.citation, "message": self.message}


def _rows(findings) -> list[FindingRow]:
    return [FindingRow(f["rule"], f["status"], f.get("citation") or "", f.get("message") or "") for f in findings]


def review_findings(result: Mapping[str, Any]) -> list[FindingRow]:
    """A plan review's findings, as they are (``Review.to_dict()``)."""
    return _rows(result.get("findings") or [])


def waiver_findings(result: Mapping[str, Any]) -> list[FindingRow]:
    """A waiver decision's findings (``WaiverDecision.to_dict()``) as the core decided them, each message
    ``'title: evidence'``; then the revocation's finding when one was given."""
    out = [FindingRow(f["rule"], f["status"], f.get("citation") or "",
                      f"{f.get('message') or f['rule']}: {f.get('evidence') or ''}".rstrip(": "))
           for f in result.get("findings") or []]
    done = result.get("revocation_finding")
    return out + (_rows([done]) if done else [])


def maintenance_findings(result: Mapping[str, Any]) -> list[FindingRow]:
    """A maintenance plan's findings (``MaintenancePlan.to_dict()``): the accumulation limit, the service date,
    the records checks."""
    return _rows(result.get("findings") or [])


def normalise(kind: str, result: Mapping[str, Any]) -> list[FindingRow]:
    """The findings of a stored or fresh result of ``kind`` (review, waiver or maintenance).

    >>> [f.status for f in normalise("waiver", {"grantable": False, "findings": [
    ...     {"rule": "a", "status": "pass", "message": "A", "citation": "c"},
    ...     {"rule": "b", "status": "fail", "message": "B", "citation": "c", "evidence": "not made"}]})]
    ['pass', 'fail']
    """
    if kind == "review":
        return review_findings(result)
    if kind == "waiver":
        return waiver_findings(result)
    if kind == "maintenance":
        return maintenance_findings(result)
    raise ValueError(f"kind: expected one of {', '.join(KINDS)}, got {kind!r}")

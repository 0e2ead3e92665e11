"""A frozen copy of how the register read stored results before they all carried one finding shape, for the
migrations that rewrite those rows (0002 fills the findings table from them; 0005 rewrites the stored results in
the one shape). Never edited once shipped and never imported by live code: it imports only the standard library.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
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
        return asdict(self)


def review_findings(result: Mapping[str, Any]) -> list[FindingRow]:
    """A plan review's findings, as they are (``Review.to_dict()``)."""
    return [FindingRow(f["rule"], f["status"], f.get("citation") or "", f.get("message") or "")
            for f in result.get("findings") or []]


def waiver_findings(result: Mapping[str, Any]) -> list[FindingRow]:
    """A waiver decision's findings (``WaiverDecision.to_dict()``), read as the core decided them.

    A finding with a ``status`` (the core's :class:`sizing.finding.Finding` shape) keeps it; its message is
    ``'title: evidence'`` as the register has always shown it. A stored finding in the earlier shape (``met``)
    normalises as it always has: met -> pass, not met -> fail, except a finding needed for only one of a group
    (``required`` not ``all``) that is not met while the decision is grantable -> warn. The revocation, when
    given, is one more finding (``revocation_finding``, or from a stored ``revocation``): ``fail`` when it may
    not proceed as proposed.
    """
    out = []
    grantable = bool(result.get("grantable"))
    for f in result.get("findings") or []:
        if "status" in f:
            out.append(FindingRow(f["rule"], f["status"], f.get("citation") or "",
                               f"{f.get('message') or f['rule']}: {f.get('evidence') or ''}".rstrip(": ")))
            continue
        if f.get("met"):
            status = PASS
        elif f.get("required", "all") != "all" and grantable:
            status = WARN
        else:
            status = FAIL
        evidence = f.get("evidence") or ("not made" if not f.get("made", True) else "")
        out.append(FindingRow(f["key"], status, f.get("citation") or "",
                           f"{f.get('title') or f['key']}: {evidence}".rstrip(": ")))
    rev, done = result.get("revocation"), result.get("revocation_finding")
    if done:
        out.append(FindingRow(done["rule"], done["status"], done.get("citation") or "", done.get("message") or ""))
    elif rev:
        issues = "; ".join(rev.get("issues") or [])
        out.append(FindingRow("revocation", PASS if rev.get("may_proceed") else FAIL,
                           (rev.get("citations") or {}).get("notice", ""),
                           f"revocation effective {rev.get('proposed_effective')}: "
                           + (issues or "notice, grounds and response in order")))
    return out


def maintenance_findings(result: Mapping[str, Any]) -> list[FindingRow]:
    """A maintenance plan's findings (``MaintenancePlan.to_dict()``): the accumulation limit, the service date,
    the records checks.

    A result that carries ``findings`` is read as it is. A result stored in the older shape (no ``findings``;
    ``records`` with ``ok``) is normalised as it always was: the accumulation limit and the due date from the
    plan's fields, then each records check, ``ok`` None (not shown) a ``warn``.
    """
    if result.get("findings") is not None:
        return [FindingRow(f["rule"], f["status"], f.get("citation") or "", f.get("message") or "")
                for f in result["findings"]]
    cites = result.get("citations") or {}
    out = []
    if result.get("percent_full") is not None:
        over = bool(result.get("exceeds_limit"))
        out.append(FindingRow("accumulation_limit", FAIL if over else PASS, cites.get("accumulation_limit", ""),
                           f"FOG + solids {result['percent_full']:g} % of the liquid depth "
                           f"({'over' if over else 'within'} {result.get('limit_percent', 25):g} %)"))
    if result.get("due_date"):
        late = bool(result.get("overdue"))
        out.append(FindingRow("service_interval", FAIL if late else PASS,
                              result.get("due_citation") or cites.get("maximum_interval", ""),
                           f"pump-out due by {result['due_date']}{' — overdue' if late else ''} "
                           f"({result.get('due_basis') or ''})".replace(" ()", "")))
    for c in result.get("records") or []:
        status = {True: PASS, False: FAIL, None: WARN}[c.get("ok")]
        out.append(FindingRow(c["key"], status, c.get("citation") or "", f"{c.get('title')}: {c.get('detail')}"))
    return out


def normalise(kind: str, result: Mapping[str, Any]) -> list[FindingRow]:
    """The findings of a stored or fresh result of ``kind`` (review, waiver or maintenance).

    >>> [f.status for f in normalise("waiver", {"grantable": False, "findings": [
    ...     {"key": "a", "title": "A", "met": True, "citation": "c"},
    ...     {"key": "b", "title": "B", "met": False, "citation": "c", "made": False}]})]
    ['pass', 'fail']
    """
    if kind == "review":
        return review_findings(result)
    if kind == "waiver":
        return waiver_findings(result)
    if kind == "maintenance":
        return maintenance_findings(result)
    raise ValueError(f"kind: expected one of {', '.join(KINDS)}, got {kind!r}")


def waiver_result(result: Mapping[str, Any]) -> dict[str, Any]:
    """A stored waiver result with its findings (and revocation) in the one finding shape; the register reads the
    rewritten result exactly as it read the original."""
    if all("status" in f for f in result.get("findings") or []) and (
            not result.get("revocation") or result.get("revocation_finding")):
        return dict(result)
    rows = waiver_findings(result)
    out = dict(result)
    count = len(result.get("findings") or [])
    out["findings"] = [_finding(row, old.get("title") or "") for row, old in zip(rows[:count], result["findings"],
                                                                             strict=True)]
    if len(rows) > count:
        out["revocation_finding"] = _finding(rows[count], "Revocation")
    return out


def maintenance_result(result: Mapping[str, Any]) -> dict[str, Any]:
    """A stored maintenance result with ``findings`` and ``records`` in the one finding shape."""
    if result.get("findings") is not None:
        return dict(result)
    rows = maintenance_findings(result)
    titles = {c.get("key"): c.get("title") or "" for c in result.get("records") or []}
    out = dict(result)
    out["findings"] = [_finding(row, titles.get(row.rule, "")) for row in rows]
    out["records"] = [f for f in out["findings"] if f["rule"] not in ("accumulation_limit", "service_interval")]
    return out


RENAMED_RULES = {"additives_authorization": "additives"}


def review_result(result: Mapping[str, Any]) -> dict[str, Any]:
    """A stored review result with its finding rule ids as the rule registry names them."""
    out = dict(result)
    out["findings"] = [{**f, "rule": RENAMED_RULES.get(f.get("rule"), f.get("rule"))}
                       for f in result.get("findings") or []]
    return out


def _finding(row: FindingRow, title: str) -> dict[str, Any]:
    return {"rule": row.rule, "status": row.status, "title": title, "citation": row.citation,
            "message": row.message, "value": None, "limit": None, "unit": "", "evidence": None, "correction": None,
            "provenance": None, "provenance_note": None, "detail": {}, "missing": []}

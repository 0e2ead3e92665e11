"""Revoking a conditional waiver or variance: the notice period, the grounds and the owner's response.

FOG ordinance, Conditional waivers and variances (g). The notice days, the grounds and the citations are read from the jurisdiction profile
(``revocation_notice_days``, ``revocation_grounds``, ``revocation_response_considered``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from sizing.finding import FAIL, PASS, Finding
from sizing.io import fields as parse
from sizing.io.sections.waiver import Revocation
from sizing.jurisdiction.profile import Jurisdiction

#: Names a ground may be given by, for its key in the profile's ``revocation_grounds``.
GROUND_NAMES = {"failed_terms": "i", "findings_no_longer_true": "ii", "change_in_law": "iii"}


def revocation_notice_valid(notice_mailed: dt.date, proposed_effective: dt.date, notice_days: int) -> bool:
    """FOG ordinance, Conditional waivers and variances (g)(1): notice mailed no less than ``notice_days`` before the proposed effective date.

    Exactly ``notice_days`` days is valid.

    >>> revocation_notice_valid(dt.date(2025, 6, 1), dt.date(2025, 7, 1), 30)
    True
    >>> revocation_notice_valid(dt.date(2025, 6, 2), dt.date(2025, 7, 1), 30)
    False
    """
    return (proposed_effective - notice_mailed).days >= notice_days


def ground_key(given: str) -> str:
    """A ground as given ('(g)(3)(ii)', 'ii', 'change in law') as its key in the profile ('ii', 'iii')."""
    key = parse.normalise_key(given).replace("(", "").replace(")", "")
    key = key.removeprefix("g3").removeprefix("g_3_").strip("_")
    return GROUND_NAMES.get(key, key)


def grounds_of(r: Revocation, jurisdiction: Jurisdiction) -> list[dict[str, Any]]:
    """FOG ordinance, Conditional waivers and variances (g)(3): each ground given, whether it is one of the profile's grounds, and its text."""
    spec = jurisdiction.parameter("revocation_grounds")
    texts = spec["value"]
    label = str(spec.get("label", "({key})"))
    names = ", ".join(label.format(key=k) for k in texts)
    out = []
    for given in r.grounds:
        key = ground_key(given)
        valid = key in texts
        out.append({"given": given, "ground": label.format(key=key) if valid else None, "valid": valid,
                    "text": texts.get(key) if valid else f"not a ground under {spec['citation']}; the grounds are {names}"})
    return out


def assess(r: Revocation, jurisdiction: Jurisdiction) -> dict[str, Any]:
    """FOG ordinance, Conditional waivers and variances (g): whether a proposed revocation may proceed (notice, grounds, response), as data."""
    notice = jurisdiction.parameter("revocation_notice_days")
    days = int(notice["value"])
    grounds_spec = jurisdiction.parameter("revocation_grounds")
    label = str(grounds_spec.get("label", "({key})"))
    names = ", ".join(label.format(key=k) for k in grounds_spec["value"])
    considered = jurisdiction.parameter("revocation_response_considered")
    grounds = grounds_of(r, jurisdiction)
    issues = []
    valid_notice = revocation_notice_valid(r.notice_mailed, r.proposed_effective, days)
    earliest = r.notice_mailed + dt.timedelta(days=days)
    span = (r.proposed_effective - r.notice_mailed).days
    if not valid_notice:
        issues.append(f"notice mailed {r.notice_mailed.isoformat()} is {span} days before the proposed effective date "
                      f"{r.proposed_effective.isoformat()}; at least {days} days are required: the earliest effective "
                      f"date is {earliest.isoformat()} ({notice['citation']})")
    grounds_valid = bool(grounds) and all(g["valid"] for g in grounds)
    if not grounds:
        issues.append(f"no grounds given; the revocation must rest on one of {names} ({grounds_spec['citation']})")
    for g in grounds:
        if not g["valid"]:
            issues.append(f"ground {g['given']!r} is not one of {names} ({grounds_spec['citation']})")
    if r.response_received and not r.response_considered:
        issues.append("the owner's written response must be reviewed and considered before the final determination "
                      f"({considered['citation']})")
    if r.response_received:
        response = ("received" + (f" {r.response_date.isoformat()}" if r.response_date else "")
                    + ("; considered" if r.response_considered else "; NOT yet considered"))
    else:
        response = "none received"
    return {"notice_mailed": r.notice_mailed.isoformat(), "proposed_effective": r.proposed_effective.isoformat(),
            "days_of_notice": span, "notice_days_required": days, "notice_valid": valid_notice,
            "earliest_effective": earliest.isoformat(), "grounds": grounds, "grounds_valid": grounds_valid,
            "response_received": r.response_received,
            "response_date": None if r.response_date is None else r.response_date.isoformat(),
            "response_considered": r.response_considered, "response": response, "explanation": r.explanation,
            "may_proceed": not issues, "issues": issues,
            "citations": {"notice": notice["citation"], "response": considered["citation"],
                          "grounds": grounds_spec["citation"]}}


def revocation_finding(result: Mapping[str, Any]) -> Finding:
    """FOG ordinance, Conditional waivers and variances (g)(1): the revocation may proceed as proposed (notice, grounds and response in order).

    ``result`` is :func:`assess`'s data (or a stored decision's ``revocation``); pass when it may proceed, fail
    otherwise, cited to the notice clause.
    """
    issues = "; ".join(result.get("issues") or [])
    may = bool(result.get("may_proceed"))
    return Finding(rule="revocation", status=PASS if may else FAIL, citation=(result.get("citations") or {}).get("notice", ""),
                   message=f"revocation effective {result.get('proposed_effective')}: "
                           + (issues or "notice, grounds and response in order"),
                   value=result.get("days_of_notice"), limit=result.get("notice_days_required"), unit="days",
                   title="The revocation may proceed as proposed",
                   detail={"earliest_effective": result.get("earliest_effective"),
                           "grounds_valid": result.get("grounds_valid"), "response": result.get("response")})

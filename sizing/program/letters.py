"""A batch of notice letters: one letter per FSE with open notices (all of them, the overdue ones, or those of some
FSEs) as one PDF, its mail-merge rows (one per addressee: the letter, its pages in the PDF, the mailing address),
and the record of the letters mailed. What ``sizing register letters`` writes and the Program page offers.

A letter whose mailing address is incomplete is printed (it says so on its face) but never recorded as mailed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from sizing.jurisdiction.profile import DEFAULT_ID
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.program.correspondence import MAIL, Sent
from sizing.program.notices import notice, notices
from sizing.report.notice_letter import SENT, batch_pdf, notice_letter

MERGE_COLUMNS = ("letter", "first_page", "pages", "fse_id", "fse_name", "notices", "role", "name", "street", "city",
                 "state", "zip", "mailing_address_complete", "missing")


@dataclass(frozen=True)
class Batch:
    """The letters of a batch: each FSE's notices (``groups``, by FSE id), the PDF and each letter's page count,
    the mail-merge rows and the FSEs whose letter cannot be mailed as it stands (``blocked``)."""

    as_of: dt.date
    groups: Mapping[str, list[dict[str, Any]]]
    pdf: bytes
    pages: list[int]
    merge: list[dict[str, Any]]
    blocked: list[str]
    signer: Mapping[str, Any] | None

    @property
    def notices(self) -> int:
        return sum(len(g) for g in self.groups.values())

    def mailed(self) -> list[Sent]:
        """The record of each letter that can be mailed, as mailed on the batch's date."""
        out = []
        for fse_id, items in self.groups.items():
            if fse_id in self.blocked:
                continue
            numbers = tuple(n["notice"] for n in items)
            to = "\n".join(line for a in items[0].get("to") or () for line in a["lines"])
            subject = items[0]["title"] if len(items) == 1 else f"{len(items)} notices"
            out.append(Sent(fse_id, MAIL, "notice " + ", ".join(map(str, numbers)), subject, self.as_of, to, numbers,
                            signer=None if self.signer is None else self.signer["name"]))
        return out


def batch(reg: Any, as_of: dt.date, *, overdue: bool = False, fses: Collection[str] | None = None,
          copy: str = SENT, signer: Mapping[str, Any] | None = None) -> Batch | None:
    """The batch of letters dated ``as_of`` for the open notices on that day (``overdue``: only those overdue;
    ``fses``: only theirs), signed by ``signer``; None when no notice is selected."""
    rows = [n for n in notices(reg, as_of=as_of, open_only=True)
            if (not overdue or n["status"] == "overdue") and (fses is None or n["fse_id"] in fses)]
    if not rows:
        return None
    groups: dict[str, list[dict[str, Any]]] = {}
    for n in sorted(rows, key=lambda r: (r["fse_id"], r["notice"])):
        groups.setdefault(n["fse_id"], []).append(notice(reg, n["notice"], as_of))
    letters = [notice_letter(items, get_jurisdiction(items[0]["jurisdiction_id"] or DEFAULT_ID), signer, copy=copy,
                             dated=as_of) for items in groups.values()]
    data, pages = batch_pdf(letters)
    merge = _merge_rows(list(groups.values()), pages)
    blocked = sorted({r["fse_id"] for r in merge if r["mailing_address_complete"] == "no"})
    return Batch(as_of, groups, data, pages, merge, blocked, signer)


def _merge_rows(groups: list[list[dict[str, Any]]], pages: list[int]) -> list[dict[str, Any]]:
    out, first = [], 1
    for k, (items, count) in enumerate(zip(groups, pages, strict=True), 1):
        fse = items[0]["fse"]
        for a in items[0].get("to") or ():
            out.append({"letter": k, "first_page": first, "pages": count, "fse_id": fse["fse_id"],
                        "fse_name": fse.get("name"), "notices": " ".join(str(n["notice"]) for n in items),
                        "role": a["role"], **{c: a.get(c) for c in ("name", "street", "city", "state", "zip")},
                        "mailing_address_complete": "no" if a.get("missing") else "yes",
                        "missing": " ".join(a.get("missing") or ())})
        first += count
    return out

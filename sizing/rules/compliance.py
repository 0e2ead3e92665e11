"""One FSE's compliance state: every record on file for it, read against the ordinance, gives one status and the
reasons for it. The FSE list, ``register show``, the export, the program summary and the letters read this; none
decides a status of its own.

The input is plain data (:class:`FseRecords`), gathered by the register's compliance module; nothing here reads
the register. Each reason cites the record it rests on (kind, id, date) and the clause.

The rules, worst first (the FSE's status is the worst of its reasons'):

``in_violation``
    * a notice a violation opens (a type a checklist item's "no" or a reading over the accumulation limit opens in
      the profile, e.g. a first city's notice of violation, Best management practices (b) / Record keeping, and the order
      to service immediately, Grease interceptor maintenance (e)(5)) that is open: the violation stands until a
      closure is recorded, whether or not its compliance period has run;
    * a failed inspection not cured: the FSE's latest inspection failed, no later inspection passed, and it opened
      no notice or one of its notices is still open (its notices all closed: cured);
    * an install deadline past (Grease interceptor requirement (b)(1)/(b)(2): "within the period of the
      notification") with no installation recorded.
``overdue``
    a dated obligation past its last day (:func:`sizing.rules.due.is_overdue`): a pump-out or a service by the
    maintenance plan (Grease interceptor maintenance (e)), employee training (Best management practices (b)(5)), a
    records check not met (Record keeping), a waiver expired or a revocation taken effect (the profile's waiver section), a
    notice of another type (a written notice of a changed frequency) past its due date.
``action_due``
    such an obligation due within ``within`` days of ``as_of`` (that day included), an open notice of another type
    within its period, or the latest plan review not compliant (its corrections outstanding: Plan submittal on
    request; Grease interceptor design standards).
``incomplete``
    neither a plan review nor an inspection that decided anything (passed or failed) on file: nothing to read the
    FSE's interceptor or practices against (Inspection and sampling (a)).
``in_compliance``
    none of the above: the reasons then say what the state rests on (the compliant review, the last inspection
    passed, the next service).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sizing.jurisdiction.profile import Jurisdiction
from sizing.rules.due import is_overdue
from sizing.rules.inspection import item_words

IN_VIOLATION, OVERDUE, ACTION_DUE, INCOMPLETE, IN_COMPLIANCE = (
    "in_violation", "overdue", "action_due", "incomplete", "in_compliance")
#: Worst first.
STATUSES = (IN_VIOLATION, OVERDUE, ACTION_DUE, INCOMPLETE, IN_COMPLIANCE)
#: The window of ``action_due`` (days after ``as_of``), the due list's own default.
WITHIN_DAYS = 30
#: The due-list items that are an install deadline (a violation once past).
INSTALL = "install interceptor"
CLOSED = "closed"


@dataclass(frozen=True)
class FseRecords:
    """Every record on file for one FSE, as plain data (dates as :class:`datetime.date`).

    * ``review``: the latest review cycle ``{id, date, cycle, compliant, failing, citations}`` (None: none);
    * ``inspections``: ``{id, date, outcome ('passed' / 'failed' / 'incomplete'), failures: [item keys]}``;
    * ``notices``: ``{id, date (issued), due_on, type, tier, title, item, citation, status ('open' / 'overdue' /
      'closed'), inspection_id}`` with their state on ``as_of``;
    * ``due``: the FSE's dated obligations other than notices (install deadlines, waivers expiring, revocations,
      the maintenance plan's services and records checks, training): ``{date, what, detail, citation, record:
      {kind, id, date}}``, the due list's items;
    * ``plan``: the maintenance plan the due list reads ``{id, date, next_service}``, its next service the due
      list's earliest service item (None: no schedule).
    """

    fse_id: str
    review: Mapping[str, Any] | None = None
    inspections: Sequence[Mapping[str, Any]] = ()
    notices: Sequence[Mapping[str, Any]] = ()
    due: Sequence[Mapping[str, Any]] = ()
    plan: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Reason:
    status: str
    text: str
    record: Mapping[str, Any]
    clause: str

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status, "text": self.text, "record": dict(self.record), "clause": self.clause}


@dataclass(frozen=True)
class Compliance:
    status: str
    reasons: tuple[Reason, ...] = field(default_factory=tuple)
    #: the dates every reader shows beside the status: the last inspection, the next service by the plan
    last_inspection: dt.date | None = None
    next_service: dt.date | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status, "reasons": [r.to_dict() for r in self.reasons],
                "last_inspection": self.last_inspection, "next_service": self.next_service}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Compliance:
        """The state :meth:`to_dict` gave, its dates given as dates or as ISO text (as JSON keeps them)."""
        return cls(d["status"], tuple(Reason(r["status"], r["text"], {**r["record"], "date": _day(r["record"].get("date"))},
                                             r["clause"]) for r in d["reasons"]),
                   _day(d.get("last_inspection")), _day(d.get("next_service")))


def _day(value: Any) -> dt.date | None:
    return dt.date.fromisoformat(value[:10]) if isinstance(value, str) else value


def worst(statuses: Iterable[str]) -> str:
    """The worst of ``statuses`` (:data:`STATUSES` order); ``in_compliance`` for none.

    >>> worst(["action_due", "in_violation", "overdue"]), worst([])
    ('in_violation', 'in_compliance')
    """
    return min(statuses, key=STATUSES.index, default=IN_COMPLIANCE)


def violation_notice_types(jurisdiction: Jurisdiction) -> frozenset[str]:
    """The notice types a violation opens under the profile: a checklist item's notice and the over-limit one."""
    spec = jurisdiction.inspections or {}
    kinds = {item.get("notice") for c in (spec.get("checklists") or {}).values() for item in c.get("items") or ()}
    kinds.add(spec.get("over_limit_notice"))
    return frozenset(k for k in kinds if k)


def compliance(records: FseRecords, as_of: dt.date, jurisdiction: Jurisdiction,
               within: int = WITHIN_DAYS) -> Compliance:
    """The FSE's compliance state on ``as_of`` under ``jurisdiction`` (the rules of this module's docstring)."""
    chapter = jurisdiction.chapter
    reasons = [*_notices(records, as_of, jurisdiction), *_inspection(records, chapter),
               *_due(records, as_of, within), *_review(records, chapter)]
    if records.review is None and not any(i["outcome"] in ("passed", "failed") for i in records.inspections):
        last = _last(records.inspections)
        reasons.append(Reason(INCOMPLETE, "no plan review and no inspection that decided anything on file"
                              + ("" if last is None else f" (the inspection of {last['date']} was incomplete)"),
                              _ref("inspection", last) if last else {"kind": "fse", "id": records.fse_id,
                                                                      "date": None},
                              f"{chapter}, Inspection and sampling (a)"))
    status = worst(r.status for r in reasons)
    if status == IN_COMPLIANCE:
        reasons += _in_order(records, chapter)
    last = _last(records.inspections)
    return Compliance(status, tuple(sorted(reasons, key=lambda r: STATUSES.index(r.status))),
                      None if last is None else last["date"], (records.plan or {}).get("next_service"))


def _ref(kind: str, row: Mapping[str, Any]) -> dict[str, Any]:
    return {"kind": kind, "id": row.get("id"), "date": row.get("date")}


def _last(rows: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    return max(rows, key=lambda r: (r["date"], r["id"]), default=None)


def _notices(records: FseRecords, as_of: dt.date, jurisdiction: Jurisdiction) -> list[Reason]:
    violations = violation_notice_types(jurisdiction)
    out = []
    for n in records.notices:
        if n["status"] == CLOSED:
            continue
        late = is_overdue(n["due_on"], as_of)
        when = f"overdue since {n['due_on'] + dt.timedelta(days=1)}" if late else f"comply by {n['due_on']}"
        status = IN_VIOLATION if n["type"] in violations else OVERDUE if late else ACTION_DUE
        out.append(Reason(status, f"notice {n['id']} open: {n['title']} (tier {n['tier']}, {item_words(n['item'])}); {when}",
                          _ref("notice", n), n.get("citation") or ""))
    return out


def _inspection(records: FseRecords, chapter: str) -> list[Reason]:
    """The latest inspection failed and not cured (a later one passed, or every notice it opened closed)."""
    last = _last([i for i in records.inspections if i["outcome"] in ("passed", "failed")])
    if last is None or last["outcome"] != "failed":
        return []
    opened = [n for n in records.notices if n.get("inspection_id") == last["id"]]
    if opened and all(n["status"] == CLOSED for n in opened):
        return []
    items = ", ".join(item_words(k) for k in last.get("failures") or ()) or "an item"
    still = "" if opened else "; no notice recorded"
    return [Reason(IN_VIOLATION, f"inspection of {last['date']} failed ({items}), not cured{still}",
                   _ref("inspection", last), f"{chapter}, Inspection and sampling (a)")]


def _due(records: FseRecords, as_of: dt.date, within: int) -> list[Reason]:
    try:
        horizon = as_of + dt.timedelta(days=within)
    except OverflowError:
        horizon = dt.date.max
    out = []
    for i in records.due:
        day = i["date"]
        if day is None or day > horizon:
            continue
        late = is_overdue(day, as_of)
        status = (IN_VIOLATION if i["what"] == INSTALL else OVERDUE) if late else ACTION_DUE
        when = f"overdue since {day + dt.timedelta(days=1)}" if late else f"due {day}"
        out.append(Reason(status, f"{i['what']} {when}: {i['detail']}", dict(i["record"]), i.get("citation") or ""))
    return out


def _review(records: FseRecords, chapter: str) -> list[Reason]:
    r = records.review
    if r is None or r["compliant"]:
        return []
    failing = r.get("failing") or 0
    cites = "; ".join(dict.fromkeys(c for c in r.get("citations") or () if c))
    return [Reason(ACTION_DUE, f"review cycle {r['cycle']} of {r['date']}: corrections required "
                               f"({failing} finding{'s' if failing != 1 else ''} failing)",
                   _ref("cycle", r), cites or f"{chapter}, Plan submittal on request")]


def _in_order(records: FseRecords, chapter: str) -> list[Reason]:
    """What an FSE in compliance rests on: its compliant review, its last inspection, its next service."""
    out = []
    if records.review is not None:
        out.append(Reason(IN_COMPLIANCE, f"review cycle {records.review['cycle']} of {records.review['date']}: "
                          "compliant", _ref("cycle", records.review), f"{chapter}, Plan submittal on request"))
    last = _last(records.inspections)
    if last is not None:
        out.append(Reason(IN_COMPLIANCE, f"inspection of {last['date']}: {last['outcome']}",
                          _ref("inspection", last), f"{chapter}, Inspection and sampling (a)"))
    plan = records.plan
    if plan is not None and plan.get("next_service") is not None:
        out.append(Reason(IN_COMPLIANCE, f"next service due {plan['next_service']}",
                          {"kind": plan.get("kind", "maintenance_log"), "id": plan.get("id"), "date": plan.get("date")},
                          f"{chapter}, Grease interceptor maintenance (e)"))
    return out


def changes_after(records: FseRecords, as_of: dt.date, within: int = WITHIN_DAYS,
                  later: dt.date | None = None) -> dt.date | None:
    """The first day after ``as_of`` on which the state :func:`compliance` gives from these records (and its count
    of overdue items) may differ from the state on ``as_of``; None: no such day. The rules compare ``as_of`` only
    with the records' dates: a dated obligation is overdue from the day after it and enters the ``within`` window
    ``within`` days before it (:func:`_due`, :func:`overdue`), a notice is overdue from the day after its due date
    (:func:`_notices`); the day itself is counted too (a revocation takes effect on its day). ``later``: the
    earliest date after ``as_of`` of a record the state on ``as_of`` leaves out (an inspection, a notice or a
    closure dated later, a pump-out that would close a notice), the day it counts."""
    days = [later] if later is not None else []
    for day in [i["date"] for i in records.due] + [n["due_on"] for n in records.notices]:
        if day is not None:
            for step in (0, 1, -within):
                try:
                    days.append(day + dt.timedelta(days=step))
                except OverflowError:
                    pass
    return min((d for d in days if d is not None and d > as_of), default=None)


def overdue(records: FseRecords, as_of: dt.date) -> int:
    """The FSE's items of the due list overdue on ``as_of``: its dated obligations past their day and its notices
    open past theirs (the due list's own items, counted)."""
    return (sum(1 for i in records.due if is_overdue(i["date"], as_of))
            + sum(1 for n in records.notices if n["status"] == "overdue"))

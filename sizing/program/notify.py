"""E-mail to FSEs and staff about what the register says is due: what ``sizing register notify`` sends.

Three kinds of message, each about one event (:mod:`sizing.program.correspondence`), to each address once:

- **new notice** (``notice N``): an open notice, to the FSE's owner and operator, with the letter to mail attached
  (its PDF, :mod:`sizing.report.notice_letter`);
- **due soon** (``due FSE WHAT DATE``): an item of the due list within ``within`` days, to the FSE;
- **overdue** (``due FSE WHAT DATE overdue``): an item past its date, to the FSE and to each staff address.

An FSE with no e-mail address on file for its owner or operator cannot be reached: its messages go to the staff
addresses instead, saying so (the letter must be mailed), and the plan lists it. What was sent before (the same
event to the same address) is left out, so a run a second time sends nothing new.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from functools import partial
from typing import Any

from sizing.jurisdiction.profile import DEFAULT_ID, Jurisdiction
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.program import correspondence, parties
from sizing.program.correspondence import EMAIL, Sent
from sizing.program.fse_rows import due_list
from sizing.program.notices import notice, notices
from sizing.report.notice_letter import (
    SENT,
    letter_pdf,
    notice_letter,
    paragraphs,
    period_authority,
)

NEW_NOTICE, DUE_SOON, OVERDUE = "new notice", "due soon", "overdue"


@dataclass(frozen=True)
class Message:
    fse_id: str
    kind: str
    event: str
    to: str
    subject: str
    body: str
    notices: tuple[int, ...] = ()
    #: makes the attachment (file name, PDF) when the message is sent, not when it is planned
    attach: Callable[[], tuple[str, bytes]] | None = field(default=None, repr=False, compare=False)

    def email(self, sender: str) -> EmailMessage:
        """The message as sent: From, To, Subject, Date, a new Message-ID, the text and the attachment."""
        m = EmailMessage()
        m["From"], m["To"], m["Subject"] = sender, self.to, self.subject
        m["Date"] = formatdate(localtime=True)
        m["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or None)
        m.set_content(self.body)
        if self.attach is not None:
            name, data = self.attach()
            m.add_attachment(data, maintype="application", subtype="pdf", filename=name)
        return m

    def sent(self, on: dt.date, message_id: str | None, signer: str | None) -> Sent:
        return Sent(self.fse_id, EMAIL, self.event, self.subject, on, self.to, self.notices, message_id, signer)


@dataclass(frozen=True)
class Plan:
    """What a run would send (``messages``), what it leaves out as sent before (``already``) and the FSEs it cannot
    reach by e-mail (``unreachable``: FSE id -> how many of its messages went to staff instead, or were not sent)."""

    messages: tuple[Message, ...]
    already: int
    unreachable: Mapping[str, int]


def plan(reg: Any, as_of: dt.date, within: int, jurisdiction: Jurisdiction, staff: Sequence[str] = (),
         signer: Mapping[str, Any] | None = None) -> Plan:
    """The messages to send on ``as_of`` (see the module)."""
    staff = list(dict.fromkeys(a.strip().lower() for a in staff if a.strip()))
    drafts = _notice_drafts(reg, as_of, signer) + _due_drafts(reg, as_of, within, jurisdiction)
    fses = sorted({d["fse_id"] for d in drafts})
    with reg.db.read() as conn:
        known = parties.contacts(conn, fses)
        already = correspondence.already_sent(conn, EMAIL, sorted({d["event"] for d in drafts}))
    out, skipped, unreachable = [], 0, {}
    for d in drafts:
        reach = _addresses(known.get(d["fse_id"], {}))
        if not reach:
            unreachable[d["fse_id"]] = unreachable.get(d["fse_id"], 0) + 1
        to = [*reach, *(staff if d["kind"] == OVERDUE or not reach else ())]
        for address in dict.fromkeys(to):
            if (d["event"], address) in already:
                skipped += 1
                continue
            body = d["body"] if reach or address not in staff else (
                f"No e-mail address is on file for the owner or operator of {d['fse_id']}: mail the letter.\n\n"
                + d["body"])
            out.append(Message(d["fse_id"], d["kind"], d["event"], address, d["subject"], body, d["notices"],
                               d.get("attach")))
    return Plan(tuple(out), skipped, unreachable)


def _addresses(contacts: Mapping[str, Any]) -> list[str]:
    return list(dict.fromkeys(p.email.strip().lower() for role in ("owner", "operator")
                              if (p := contacts.get(role)) is not None and p.email))


def _notice_drafts(reg: Any, as_of: dt.date, signer: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    out = []
    for n in notices(reg, as_of=as_of, open_only=True):
        name = n["name"] or n["fse_id"]
        place = get_jurisdiction(n["jurisdiction_id"] or DEFAULT_ID)
        body = "\n\n".join([f"{n['title']} {n['notice']} to {name} ({n['fse_id']})",
                            *paragraphs(n, SENT, period_authority(place, n)), "The letter is attached.",
                            _contact(place)])
        out.append({"fse_id": n["fse_id"], "kind": NEW_NOTICE, "event": f"notice {n['notice']}",
                    "subject": f"{n['title']} {n['notice']}: {name}, comply by {n['due_on'].isoformat()}",
                    "body": body, "notices": (n["notice"],),
                    "attach": partial(_letter, reg, n["notice"], as_of, signer)})
    return out


def _letter(reg: Any, number: int, as_of: dt.date, signer: Mapping[str, Any] | None) -> tuple[str, bytes]:
    """The notice's letter to mail, as the attachment (file name, PDF)."""
    n = notice(reg, number, as_of)
    letter = notice_letter([n], get_jurisdiction(n["jurisdiction_id"] or DEFAULT_ID), signer, copy=SENT)
    return f"notice-{number}.pdf", letter_pdf(letter)


def _due_drafts(reg: Any, as_of: dt.date, within: int, jurisdiction: Jurisdiction) -> list[dict[str, Any]]:
    out = []
    for item in due_list(reg, as_of, within, jurisdiction=jurisdiction):
        late = item["status"] == "overdue"
        if item["what"].startswith("notice ") and not late:  # its own message says when it is due
            continue
        day = item["date"].isoformat()
        said = f"was due on {day} and is overdue" if late else f"is due on {day}"
        body = "\n\n".join([f"{item['what']} for {item['fse_id']} {said}.", item["detail"]
                            + (f" ({item['citation']})" if item["citation"] else ""), _contact(jurisdiction)])
        out.append({"fse_id": item["fse_id"], "kind": OVERDUE if late else DUE_SOON,
                    "event": f"due {item['fse_id']} {item['what']} {day}" + (" overdue" if late else ""),
                    "subject": f"{'Overdue' if late else 'Due ' + day}: {item['what']} ({item['fse_id']})",
                    "body": body, "notices": ()})
    return out


def _contact(place: Jurisdiction) -> str:
    return "\n".join([place.letterhead, *place.contact_lines])

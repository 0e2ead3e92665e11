"""The due list as a calendar (RFC 5545, ``register due --format ics`` and the Program page's download): one
all-day event per item, on its date, so staff and FSEs can subscribe to what falls due.

Each event's UID is made from its FSE, what is due and its date, so the same item keeps its UID from one export to
the next; its summary says the FSE and what is due (``OVERDUE`` first when it is), its description the detail and
the clause. The calendar file is written by the ``icalendar`` package (line folding, escaping and CRLF as the RFC
asks)."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterable, Mapping
from typing import Any

import icalendar

#: The namespace of the events' UIDs.
NAMESPACE = uuid.UUID("6f1c7d6e-5a53-4a38-9c1b-2f6b6d1e0a11")
PRODID = "-//sizing//FOG program due list//EN"


def uid(item: Mapping[str, Any]) -> str:
    """A due item's event UID: the same FSE, item and date give the same UID."""
    key = "|".join(str(item[k]) for k in ("fse_id", "what", "date"))
    return f"{uuid.uuid5(NAMESPACE, key)}@sizing"


def ics(items: Iterable[Mapping[str, Any]], name: str, stamp: dt.datetime | None = None) -> bytes:
    """The items (the due list's: date, status, fse_id, what, detail, citation) as one calendar named ``name``;
    ``stamp``: the events' DTSTAMP (default now, UTC)."""
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", name)
    stamp = stamp or dt.datetime.now(dt.UTC).replace(microsecond=0)
    for item in items:
        day = item["date"] if isinstance(item["date"], dt.date) else dt.date.fromisoformat(str(item["date"]))
        event = icalendar.Event()
        event.add("uid", uid(item))
        event.add("dtstamp", stamp)
        event.add("dtstart", day)
        event.add("dtend", day + dt.timedelta(days=1))
        event.add("summary", ("OVERDUE: " if item.get("status") == "overdue" else "")
                  + f"{item['fse_id']}: {item['what']}")
        event.add("description", "\n".join(x for x in (item.get("detail"), item.get("citation")) if x))
        event.add("categories", [str(item.get("status") or "due")])
        event.add("transp", "TRANSPARENT")
        cal.add_component(event)
    return cal.to_ical()

"""Parties and places as a document gives them: a party (an FSE's operator or owner, a property's owner) with its
mailing address, e-mail and phone; a property file (the site, its owner, the FSEs on it with their contacts, the
interceptors and the FSEs each serves).

A party's fields are checked one by one, each error naming its field: a ZIP code is five digits (or ZIP+4), a
state two letters, an e-mail one ``@`` with a dotted domain, a phone at least seven digits. A mailing address is
complete with a street, a city, a state and a ZIP; :meth:`Party.missing` says what it lacks, so a letter can say
loudly that it cannot be mailed as it stands.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io.units import parse_quantity

#: The roles of an FSE's contacts.
ROLES = ("operator", "owner")
#: The fields of a party, as a document and the register spell them.
PARTY_FIELDS = ("name", "street", "city", "state", "zip", "email", "phone")
#: What a complete mailing address needs.
MAILING = ("street", "city", "state", "zip")
#: An inventory's FSE details (``sizing register import-inventory``; not read by sizing).
DETAIL_COLUMNS = ("name", "address", "owner")
#: An inventory's contact columns: the owner's (its name is ``owner``) and the operator's (its name is
#: ``operator``) mailing address, e-mail and phone.
CONTACT_COLUMNS = tuple(f"{role}_{k}" for role in ROLES for k in (*MAILING, "email", "phone")) + ("operator",)
LONGEST = {"name": 300, "street": 300, "city": 100, "email": 254, "phone": 40}

_ZIP = re.compile(r"[0-9]{5}(-[0-9]{4})?")
_STATE = re.compile(r"[A-Za-z]{2}")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s.]+")
_PHONE = re.compile(r"[0-9 ()+.\-x]+")


@dataclass(frozen=True)
class Party:
    """A name with its mailing address, e-mail and phone (any of them may be unknown: None)."""

    name: str | None = None
    street: str | None = None
    city: str | None = None
    state: str | None = None
    zip: str | None = None
    email: str | None = None
    phone: str | None = None

    def missing(self) -> list[str]:
        """What the mailing address lacks (``street``, ``city``, ``state``, ``zip``), in that order."""
        return [k for k in MAILING if not getattr(self, k)]

    def lines(self) -> list[str]:
        """The address block a letter prints: the name, the street, then 'City, ST ZIP' (what is known)."""
        place = " ".join(x for x in ((self.city or "") + ("," if self.city and (self.state or self.zip) else ""),
                                     self.state or "", self.zip or "") if x)
        return [x for x in (self.name, self.street, place) if x]

    def to_dict(self) -> dict[str, str | None]:
        return asdict(self)

    def merged(self, newer: Party) -> Party:
        """This party with what ``newer`` gives replacing what it had (a field ``newer`` leaves None is kept)."""
        return Party(**{k: getattr(newer, k) if getattr(newer, k) is not None else getattr(self, k)
                        for k in PARTY_FIELDS})


def from_row(row: Mapping[str, Any], prefix: str = "") -> Party:
    """The party in a register row's columns (``prefix``: ``owner_`` for a property's owner)."""
    return Party(**{k: row.get(prefix + k) for k in PARTY_FIELDS})


def party(field_name: str, raw: Any) -> Party:
    """A party from a mapping of ``name``, ``street``, ``city``, ``state``, ``zip``, ``email``, ``phone`` (a
    ``mailing`` mapping may hold the four address fields), each checked and named in its error."""
    given = dict(parse.mapping(field_name, raw, (*PARTY_FIELDS, "mailing")))
    mailing = parse.mapping(f"{field_name}.mailing", given.pop("mailing", None) or {}, MAILING)
    for k, v in mailing.items():
        if given.get(k) is not None:
            raise SizingInputError(f"{field_name}.{k}", None, "", message=(
                f"{field_name}.{k}: given twice (beside the mailing block and in it); give it once"))
        given[k] = v
    return Party(**{k: value(f"{field_name}.{k}", k, v) for k, v in given.items() if v is not None})


def value(field_name: str, key: str, raw: Any) -> str | None:
    """One field of a party, checked: its form (ZIP, state, e-mail, phone) and its length; blank is None."""
    if isinstance(raw, int) and not isinstance(raw, bool) and key == "zip":
        raise SizingInputError(field_name, raw, 'a ZIP code as text, in quotes ("95376"), so a leading zero is kept')
    text = parse.text(field_name, raw, max_length=LONGEST.get(key, 20), single_line=True)
    if not text:
        return None
    if key == "zip" and not _ZIP.fullmatch(text):
        raise SizingInputError(field_name, text, "a ZIP code of five digits, or ZIP+4 (95376 or 95376-1234)")
    if key == "state":
        if not _STATE.fullmatch(text):
            raise SizingInputError(field_name, text, "a state's two-letter code (CA)")
        return text.upper()
    if key == "email" and not _EMAIL.fullmatch(text):
        raise SizingInputError(field_name, text, "an e-mail address (name@example.org)")
    if key == "phone" and (not _PHONE.fullmatch(text) or sum(c.isdigit() for c in text) < 7):
        raise SizingInputError(field_name, text, "a phone number of at least seven digits ((209) 555-0100)")
    return text


@dataclass(frozen=True)
class PlaceFse:
    """An FSE on a property: its id, name, site address and its contacts by role."""

    fse_id: str
    name: str | None = None
    address: str | None = None
    contacts: dict[str, Party] = field(default_factory=dict)


@dataclass(frozen=True)
class Unit:
    """An interceptor on a property and the FSEs it serves."""

    unit_id: str
    serves: tuple[str, ...]
    type: str | None = None
    volume_gal: float | None = None


@dataclass(frozen=True)
class PropertyFile:
    """A property file: the site (``property_id``, address, city, state, ZIP), its owner, its FSEs and interceptors."""

    property_id: str
    site: Party
    owner: Party
    fses: tuple[PlaceFse, ...]
    units: tuple[Unit, ...]


def property_file(doc: Any) -> PropertyFile:
    """A property file's mapping (``property``, ``fses``, ``interceptors``), every field checked; an interceptor
    serving an FSE the file does not list is an error, as is an FSE or interceptor id given twice."""
    doc = parse.mapping("", doc, ("property", "fses", "interceptors"))
    prop = dict(parse.mapping("property", doc.get("property"), ("id", "address", "city", "state", "zip", "owner")))
    if prop.get("id") is None:
        raise SizingInputError("property.id", None, "the property's id (its parcel number, e.g. \"212-040-15\")")
    pid = parse.identifier("property.id", prop["id"], max_length=64)
    site = party("property", {"street": prop.get("address"), **{k: prop.get(k) for k in ("city", "state", "zip")}})
    owner = party("property.owner", prop.get("owner") or {})
    fses = tuple(_fse(f"fses[{i}]", raw) for i, raw in enumerate(parse.sequence("fses", doc.get("fses"), [])))
    _unique("fses", [f.fse_id for f in fses])
    units = tuple(_unit(f"interceptors[{i}]", raw, {f.fse_id for f in fses})
                  for i, raw in enumerate(parse.sequence("interceptors", doc.get("interceptors"), [])))
    _unique("interceptors", [u.unit_id for u in units])
    return PropertyFile(pid, site, owner, fses, units)


def _fse(field_name: str, raw: Any) -> PlaceFse:
    given = parse.mapping(field_name, raw, ("fse_id", "name", "address", *ROLES))
    if given.get("fse_id") is None:
        raise SizingInputError(f"{field_name}.fse_id", None, "the FSE's id, e.g. FSE-0610")
    return PlaceFse(parse.identifier(f"{field_name}.fse_id", given["fse_id"], max_length=64),
                    *(parse.text(f"{field_name}.{k}", given[k], max_length=500, single_line=True) or None
                      if given.get(k) is not None else None for k in ("name", "address")),
                    contacts={r: party(f"{field_name}.{r}", given[r]) for r in ROLES if given.get(r) is not None})


def _unit(field_name: str, raw: Any, listed: set[str]) -> Unit:
    given = parse.mapping(field_name, raw, ("id", "type", "volume", "serves"))
    if given.get("id") is None:
        raise SizingInputError(f"{field_name}.id", None, "the interceptor's id on the property, e.g. GI-1")
    serves = tuple(parse.identifier(f"{field_name}.serves[{i}]", s, max_length=64)
                   for i, s in enumerate(parse.sequence(f"{field_name}.serves", given.get("serves"))))
    if not serves:
        raise SizingInputError(f"{field_name}.serves", None, "the ids of the FSEs the interceptor serves (a list)")
    for i, s in enumerate(serves):
        if s not in listed:
            raise SizingInputError(f"{field_name}.serves[{i}]", s, "an FSE listed under fses")
    _unique(f"{field_name}.serves", list(serves))
    volume = None
    if given.get("volume") is not None:
        volume = parse_quantity(f"{field_name}.volume", given["volume"], "gal", minimum=1)
    kind = None if given.get("type") is None else parse.choice(f"{field_name}.type", given["type"],
                                                                ("gravity", "hydromechanical"))
    return Unit(parse.identifier(f"{field_name}.id", given["id"], max_length=64), serves, kind, volume)


def _unique(field_name: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i, x in enumerate(ids):
        if x in seen:
            raise SizingInputError(f"{field_name}[{i}]", x, "an id not given before in the file")
        seen.add(x)

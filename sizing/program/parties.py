"""Parties and places in the register: each FSE's contacts (its operator and its owner), the property it is on
with the property's owner, and the interceptors, one of which may serve several FSEs.

Every table is append-only; the latest row of a key is its state (a contact: its FSE and role; a property: its
id; a site: its FSE; an interceptor: its id). A write stores only what changed, so writing the same property
file twice writes nothing the second time.

An interceptor serving several FSEs is one interceptor: a pump-out or a reading recorded against any of them
counts for each (:mod:`sizing.program.sharing`, read by :mod:`sizing.program.replan`), and a write that moves one's plan
makes the plans of the others again.

The letters read :func:`addressees`: the FSE's owner (its owner contact, else the owner named in its details at
its site address) and, for a revocation notice, the property's owner too, each with what its mailing address
lacks, so a letter that cannot be mailed says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.errors import SizingInputError
from sizing.io.sections.parties import PARTY_FIELDS, ROLES, Party, PropertyFile, from_row
from sizing.program import access
from sizing.program import schema as t
from sizing.program.fses import ensure_fse, require_fse
from sizing.program.reading import dicts
from sizing.program.replan import replan
from sizing.program.sharing import latest, serving
from sizing.program.writers import on_behalf_of
from sizing.report.addresses import from_project


@dataclass(frozen=True)
class Addressee:
    """Whom a letter is to: ``role`` (``FSE owner``, ``property owner``, ...), the party, and what its mailing
    address lacks (empty: it can be mailed)."""

    role: str
    party: Party
    missing: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"role": self.role, **self.party.to_dict(), "lines": self.party.lines(), "missing": list(self.missing)}


def contacts(conn: Connection, fse_ids: Iterable[str]) -> dict[str, dict[str, Party]]:
    """Each FSE's contacts by role."""
    c = t.contacts.c
    out: dict[str, dict[str, Party]] = {}
    for r in latest(conn, t.contacts, (c.fse_id, c.role), c.fse_id.in_(list(fse_ids))):
        out.setdefault(r["fse_id"], {})[r["role"]] = from_row(r)
    return out


def site(conn: Connection, fse_id: str) -> dict[str, Any] | None:
    """The property the FSE is on (its id, site and owner), or None."""
    s = t.sites.c
    row = next(iter(latest(conn, t.sites, (s.fse_id,), s.fse_id == fse_id)), None)
    return None if row is None else property_of(conn, row["property_id"])


def property_of(conn: Connection, property_id: str) -> dict[str, Any] | None:
    p = t.properties.c
    row = next(iter(latest(conn, t.properties, (p.property_id,), p.property_id == property_id)), None)
    if row is None:
        return None
    return {"property_id": property_id, "site": from_row({"street": row["address"], **row}),
            "owner": from_row(row, "owner_")}


def addressees(conn: Connection, fse_id: str, *, property_owner: bool = False) -> list[Addressee]:
    """Whom a letter to the FSE is to: its owner (the owner contact, else the owner its details name at the
    FSE's site address), then, with ``property_owner``, the owner of the property it is on."""
    fse = require_fse(conn, fse_id)
    known = contacts(conn, [fse_id]).get(fse_id, {})
    owner = known.get("owner") or Party(name=fse.get("owner") or fse.get("name"), street=fse.get("address"))
    out = [Addressee("FSE owner", owner, tuple(owner.missing()))]
    if property_owner:
        place = site(conn, fse_id)
        party = place["owner"] if place else Party()
        out.append(Addressee("property owner", party,
                             tuple(owner_missing(party) if place else ("the property the FSE is on",))))
    return out


def of_fse(conn: Connection, fse_id: str) -> dict[str, Any]:
    """The FSE's parties and places, as ``register show`` gives them: its contacts by role, the property it is on
    (site and owner) and the interceptors that serve it (with the FSEs each serves)."""
    place = site(conn, fse_id)
    return {"contacts": {r: p.to_dict() for r, p in contacts(conn, [fse_id]).get(fse_id, {}).items()},
            "property": None if place is None else {"property_id": place["property_id"],
                                                     "site": place["site"].to_dict(),
                                                     "owner": place["owner"].to_dict()},
            "interceptors": serving(conn, fse_id),
            "mailing": [a.to_dict() for a in addressees(conn, fse_id, property_owner=place is not None)]}


def revocation_addressees(conn: Connection, fse_id: str, project: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Whom a notice of proposed revocation to the FSE is mailed to: its owner and the owner of the property it is
    on, each as the register knows them (a contact, a property), else as the waiver application's ``project``
    names them (:func:`sizing.report.addresses.from_project`), with what each address lacks."""
    from_doc = from_project(project, property_owner=True)
    known = contacts(conn, [fse_id]).get(fse_id, {})
    owner = known.get("owner")
    fse_owner = Addressee("FSE owner", owner, tuple(owner.missing())).to_dict() if owner else from_doc[0]
    place = site(conn, fse_id)
    prop = (Addressee("property owner", place["owner"], tuple(owner_missing(place["owner"]))).to_dict()
            if place else from_doc[1])
    return [fse_owner, prop]


def latest_waiver(conn: Connection, fse_id: str) -> dict[str, Any]:
    """The FSE's latest stored waiver decision (its row: document, decided_on, jurisdiction_id); none is an error
    naming the FSE."""
    fse_id = require_fse(conn, fse_id)["fse_id"]
    w = t.waivers.c
    row = next(iter(dicts(conn, sa.select(t.waivers).where(w.fse_id == fse_id).order_by(
        w.decided_on.desc(), w.id.desc()).limit(1))), None)
    if row is None:
        raise SizingInputError("FSE", fse_id, "", message=f"FSE: {fse_id} has no waiver decision in the register")
    return row


def owner_missing(party: Party) -> list[str]:
    return (["name"] if not party.name else []) + party.missing()


# --- writes ---------------------------------------------------------------------------------------------------

def set_contact(reg: Any, fse_id: str, role: str, given: Party, *, user: str | None = None) -> dict[str, Any]:
    """Write the FSE's ``role`` contact: what ``given`` gives replaces what was on file, the rest is kept. Returns
    the contact and whether a row was written (nothing changed: none)."""
    if role not in ROLES:
        raise SizingInputError("--role", role, " or ".join(ROLES))
    writer = access.writer(reg.identity, on_behalf_of(user), access.now())
    with reg.db.write() as conn:
        access.authorise(conn, reg.identity, "parties", require_user=reg.require_user)
        fse_id = require_fse(conn, fse_id)["fse_id"]
        before = contacts(conn, [fse_id]).get(fse_id, {}).get(role, Party())
        after = before.merged(given)
        written = after != before
        if written:
            conn.execute(t.contacts.insert().values(fse_id=fse_id, role=role, **after.to_dict(), **writer))
    return {"fse_id": fse_id, "role": role, "contact": after.to_dict(), "written": written}


def add_property(reg: Any, pf: PropertyFile, *, user: str | None = None, source: str = "property file"
                 ) -> dict[str, Any]:
    """Write a property file: the property and its owner, each FSE (new, or its name and site address changed),
    its contacts, its site, and each interceptor and the FSEs it serves; only what changed. The plans of the FSEs
    an interceptor now serves are made again (their pump-outs count for each other). Returns what was written."""
    writer = access.writer(reg.identity, on_behalf_of(user), access.now())
    with reg.db.write() as conn:
        access.authorise(conn, reg.identity, "parties", require_user=reg.require_user)
        done = {"property_id": pf.property_id, "property": _write_property(conn, pf, writer), "fses_added": 0,
                "fses_changed": 0, "contacts": 0, "sites": 0, "interceptors": 0}
        for f in pf.fses:
            _write_fse(conn, f, pf, writer, source, done)
        moved: set[str] = set()
        for unit in pf.units:
            served = _write_unit(conn, unit, pf.property_id, writer)
            if served:
                done["interceptors"] += 1
                moved.update(served)
        done["plans"] = sorted(replan(conn, moved, None, writer, notes=[])) if moved else []
    return done


def _write_property(conn: Connection, pf: PropertyFile, writer: Mapping[str, Any]) -> bool:
    before = property_of(conn, pf.property_id)
    if before is not None:
        site_ = before["site"].merged(pf.site)
        owner = before["owner"].merged(pf.owner)
        if site_ == before["site"] and owner == before["owner"]:
            return False
    else:
        site_, owner = pf.site, pf.owner
    conn.execute(t.properties.insert().values(
        property_id=pf.property_id, address=site_.street, city=site_.city, state=site_.state, zip=site_.zip,
        **{f"owner_{k}": getattr(owner, k) for k in PARTY_FIELDS}, **writer))
    return True


def _write_fse(conn: Connection, f: Any, pf: PropertyFile, writer: Mapping[str, Any], source: str,
               done: dict[str, Any]) -> None:
    """One FSE of a property file: its details, contacts and site, each when new or changed."""
    owner = f.contacts.get("owner")
    written = ensure_fse(conn, f.fse_id, {"name": f.name, "address": f.address, "owner": owner.name if owner else None},
                         source, writer)
    if written is not None:
        done[f"fses_{written}"] += 1
    known = contacts(conn, [f.fse_id]).get(f.fse_id, {})
    for role, party in f.contacts.items():
        before = known.get(role, Party())
        if before.merged(party) != before:
            conn.execute(t.contacts.insert().values(fse_id=f.fse_id, role=role, **before.merged(party).to_dict(),
                                                    **writer))
            done["contacts"] += 1
    s = t.sites.c
    now_on = next(iter(latest(conn, t.sites, (s.fse_id,), s.fse_id == f.fse_id)), None)
    if now_on is None or now_on["property_id"] != pf.property_id:
        conn.execute(t.sites.insert().values(fse_id=f.fse_id, property_id=pf.property_id, **writer))
        done["sites"] += 1


def _write_unit(conn: Connection, unit: Any, property_id: str, writer: Mapping[str, Any]) -> set[str]:
    """Write the interceptor when new or changed; the FSEs it served and serves (empty: nothing written)."""
    u = t.interceptor_units.c
    last = next(iter(latest(conn, t.interceptor_units, (u.property_id, u.unit_id),
                            sa.and_(u.property_id == property_id, u.unit_id == unit.unit_id))), None)
    values = {"type": unit.type, "volume_gal": unit.volume_gal, "serves": sorted(unit.serves)}
    if last is not None and all(last[k] == v for k, v in values.items()):
        return set()
    conn.execute(t.interceptor_units.insert().values(unit_id=unit.unit_id, property_id=property_id, **values,
                                                     **writer))
    return set(unit.serves) | set((last or {}).get("serves") or ())

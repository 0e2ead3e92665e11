"""Whom a letter is to, as the letter prints it: each addressee's role, name and mailing address block, and, loudly,
what its mailing address lacks (a letter that cannot be mailed as it stands says so on its face).

An addressee is a mapping: ``role`` (``FSE owner``, ``property owner``), ``lines`` (name, street, 'City, ST ZIP')
and ``missing`` (the fields its address lacks), as the register gives it (its parties module).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sizing.io.sections.parties import Party

WORDS = {"street": "street", "city": "city", "state": "state", "zip": "ZIP code", "name": "name"}


def lacks(addressee: Mapping[str, Any]) -> str | None:
    """The warning an incomplete address prints ('MAILING ADDRESS INCOMPLETE: no city, ZIP code'), or None."""
    missing = addressee.get("missing") or ()
    if not missing:
        return None
    return "MAILING ADDRESS INCOMPLETE: no " + ", ".join(WORDS.get(m, m) for m in missing) + " on file"


def block(addressee: Mapping[str, Any]) -> str:
    """The addressee's block: the address lines, then the warning when the address is incomplete."""
    lines = list(addressee.get("lines") or ()) or ["(no name on file)"]
    warning = lacks(addressee)
    return "\n".join(lines + ([warning] if warning else []))


def pairs(addressees: Sequence[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """('To', block) for one addressee; ('To (FSE owner)', block), ... for several."""
    if len(addressees) == 1:
        return [("To", block(addressees[0]))]
    return [(f"To ({a['role']})", block(a)) for a in addressees]


def markdown(addressees: Sequence[Mapping[str, Any]]) -> list[str]:
    """The addressees as markdown lines (each block's lines joined by hard line breaks)."""
    out = []
    for key, text in pairs(addressees):
        out += [f"{key}:  ", *(line + "  " for line in text.splitlines()), ""]
    return out


def from_project(project: Mapping[str, Any], *, property_owner: bool = False) -> list[dict[str, Any]]:
    """The addressees a document's ``project`` names: the FSE's owner (``applicant`` or ``owner``, at
    ``applicant_address``, else the site ``address``) and, with ``property_owner``, the property's owner
    (``property_owner`` at ``property_owner_address``). Each address is one line as written, so only what is absent
    is reported missing (a line without a ZIP code is taken as the writer gave it)."""
    name = project.get("applicant") or project.get("owner")
    address = project.get("applicant_address") or project.get("address")
    out = [_one("FSE owner", name, address)]
    if property_owner:
        out.append(_one("property owner", project.get("property_owner"), project.get("property_owner_address")))
    return out


def _one(role: str, name: str | None, address: str | None) -> dict[str, Any]:
    missing = ([] if name else ["name"]) + ([] if address else ["street", "city", "state", "zip"])
    return {"role": role, "lines": Party(name=name, street=address).lines(), "missing": missing}

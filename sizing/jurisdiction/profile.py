"""The jurisdiction as a plug-in: one profile file per city, loaded through one registry.

A profile (``tables/jurisdictions/<id>.yaml``) holds everything local: the name and letterhead, the ordinance
and its citation texts, the observed holidays, the parameters with their citations, which review rules apply
(and to which interceptor types), the waiver kinds, and the maintenance and records rules. Code asks the
:class:`Jurisdiction` for them and never names a city. It is resolved once, with :func:`get`, where it is chosen
(``--jurisdiction`` on the command line, :data:`DEFAULT_ID` otherwise; the app's selector; the id a stored record
carries), and the object is passed down explicitly, always under the name ``jurisdiction``.

Profiles are read from the folder named by the environment variable ``SIZING_JURISDICTIONS_DIR`` (or the
``where`` argument of :func:`get`), then from ``tables/jurisdictions``, so a city can try its own profile
without touching the package. Each file is read once per process.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from sizing.errors import TableError

#: The profile used when none is chosen.
DEFAULT_ID = "tracy"
#: Environment variable naming a folder of profiles to use instead of ``tables/jurisdictions``.
FOLDER_ENV = "SIZING_JURISDICTIONS_DIR"
#: The confirmation levels of a value read from the code text itself: ``confirmed`` (the text as the jurisdiction
#: supplied it) and ``secondary`` (a published copy of it). ``derived`` (the tool's reading or a computed date),
#: ``unconfirmed`` (not read) and local policy are not.
READ_FROM_TEXT = ("confirmed", "secondary")


@dataclass(frozen=True)
class ProfileValue:
    """One value of a profile as outputs show it: where it sits (``parameters`` or ``sizing``), its key, the entry
    as written (``value``, ``unit``, ``citation``, ...) and its confirmation level."""

    block: str
    key: str
    entry: Mapping[str, Any]
    level: str

    @property
    def read_from_text(self) -> bool:
        return self.level in READ_FROM_TEXT


def review_rule_ids() -> tuple[str, ...]:
    """The review rules, by id, in report order (the rules' catalogue, :mod:`sizing.jurisdiction.rule_catalogue`)."""
    from sizing.jurisdiction import rule_catalogue

    return rule_catalogue.ids()


@dataclass(frozen=True)
class Jurisdiction:
    """One jurisdiction profile, read-only. ``raw`` is the whole file as loaded."""

    id: str
    raw: Mapping[str, Any] = field(repr=False, compare=False)
    path: Path | None = None

    # --- Identity and texts ---------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return str(self.raw.get("jurisdiction", self.id))

    def text(self, key: str, **values: Any) -> str:
        """A text of the profile's ``texts`` block, with ``{placeholders}`` filled from ``values``."""
        texts = self.raw.get("texts") or {}
        if key not in texts:
            raise TableError(f"jurisdiction profile {self.id!r} has no text {key!r}; "
                             f"texts: {', '.join(sorted(texts)) or 'none'}")
        return str(texts[key]).format(**values)

    @property
    def letterhead(self) -> str:
        return self.text("letterhead")

    @property
    def contact(self) -> Mapping[str, Any]:
        """The City's contact block for letters (office, street, city, state, zip, phone, email, hours, with its
        provenance and source); empty when the profile has none."""
        return self.raw.get("contact") or {}

    @property
    def contact_lines(self) -> tuple[str, ...]:
        """The contact block as a letter prints it under the letterhead: office, street, 'City, ST ZIP', telephone,
        e-mail, office hours (what the profile gives; none without a block)."""
        c = self.contact
        if not c:
            return ()
        place = " ".join(x for x in (", ".join(x for x in (c.get("city"), c.get("state")) if x), c.get("zip")) if x)
        lines = (c.get("office"), c.get("street"), place, f"Telephone {c['phone']}" if c.get("phone") else None,
                 f"E-mail {c['email']}" if c.get("email") else None,
                 f"Office hours {c['hours']}" if c.get("hours") else None)
        return tuple(x for x in lines if x)

    @property
    def ordinance(self) -> str:
        return str(self.raw.get("ordinance") or "")

    @property
    def chapter(self) -> str:
        return str(self.raw.get("chapter") or "")

    @property
    def holidays(self) -> Mapping[str, Any]:
        return self.raw.get("holidays") or {}

    # --- Numbers and rules ----------------------------------------------------------------------------
    @property
    def parameters(self) -> Mapping[str, Any]:
        return self.raw.get("parameters") or {}

    def parameter(self, key: str) -> dict[str, Any]:
        """One parameter: ``{value, unit, citation, ...}``; a missing one is a TableError naming the others.

        >>> p = get("tracy").parameter("min_manhole_diameter")
        >>> p["value"], p["unit"], p["citation"].endswith("Grease interceptor design standards (d)")
        (24, 'in', True)
        """
        params = self.parameters
        if key not in params:
            raise TableError(f"profile {self.id!r} has no parameter {key!r}; parameters: "
                             f"{', '.join(sorted(params)) or 'none'}")
        return params[key]

    def sizing_rule(self, key: str) -> dict[str, Any]:
        """One sizing rule (``sizing`` block): ``{value, citation}``.

        >>> get("tracy").sizing_rule("dishwasher_connection")["value"]
        'shall_not'
        """
        rules = self.raw.get("sizing") or {}
        if key not in rules:
            raise TableError(f"profile {self.id!r} has no sizing rule {key!r}; rules: "
                             f"{', '.join(sorted(rules)) or 'none'}")
        return rules[key]

    @property
    def review_rules(self) -> tuple[str, ...]:
        """The ids of the review rules this jurisdiction applies (its ``review_rules``, required and checked when
        the profile is loaded), in report order. A rule a profile does not list is not applied."""
        listed = set(self.raw.get("review_rules") or ())
        return tuple(r for r in review_rule_ids() if r in listed)

    @property
    def design_rules_by_interceptor_type(self) -> Mapping[str, Any]:
        return self.raw.get("design_rules_by_interceptor_type") or {}

    @property
    def device_terms(self) -> Mapping[str, Any]:
        """What the code text calls a grease trap and a grease interceptor, by interceptor type (``grease_trap``,
        ``grease_interceptor``: lists of types), with its citation; empty when the profile does not say."""
        return self.raw.get("device_terms") or {}

    # --- Confirmation --------------------------------------------------------------------------------
    def level(self, entry: Mapping[str, Any]) -> str:
        """The confirmation level of one entry: its own ``provenance``, "local policy" for a ``policy: local``
        value, else the profile's ``provenance`` ("not stated" when neither says)."""
        if entry.get("provenance"):
            return str(entry["provenance"])
        if entry.get("policy") == "local":
            return "local policy"
        return str(self.raw.get("provenance") or "not stated")

    def values(self) -> tuple[ProfileValue, ...]:
        """Every value the profile carries: its sizing rules, then its parameters, in file order."""
        return tuple(ProfileValue(block, key, entry, self.level(entry))
                     for block in ("sizing", "parameters") for key, entry in (self.raw.get(block) or {}).items())

    def confirmation(self) -> str:
        """How much of the profile rests on the code text: the values confirmed or secondary (read from the text or
        a published copy of it) out of all, and how many of the rest at each other level, e.g. "14 of 17 values
        confirmed or secondary; 1 derived, 2 unconfirmed"."""
        values = self.values()
        read = sum(v.read_from_text for v in values)
        rest: dict[str, int] = {}
        for v in values:
            if not v.read_from_text:
                rest[v.level] = rest.get(v.level, 0) + 1
        tail = "; " + ", ".join(f"{n} {level}" for level, n in sorted(rest.items())) if rest else ""
        return f"{read} of {len(values)} values confirmed or secondary{tail}"

    # --- Maintenance and records -----------------------------------------------------------------------
    @property
    def has_maintenance_rules(self) -> bool:
        """Whether the profile has the accumulation limit, intervals and records rules of a maintenance plan."""
        from sizing.jurisdiction.check import MAINTENANCE_PARAMETERS

        return all(k in self.parameters for k in MAINTENANCE_PARAMETERS)

    # --- Inspections and notices -----------------------------------------------------------------------
    @property
    def inspections(self) -> Mapping[str, Any] | None:
        """The profile's checklists and notice types (``inspections``), or None: inspections then record readings
        only, without checklists or notices."""
        return self.raw.get("inspections") or None

    # --- Waivers ----------------------------------------------------------------------------------------
    @property
    def waiver_kinds(self) -> dict[str, Any]:
        """``{kind: spec}`` of the profile's waivers (``common_conditions`` left out); empty: no waivers."""
        return {k: v for k, v in (self.raw.get("waivers") or {}).items() if k != "common_conditions"}

    @property
    def has_waivers(self) -> bool:
        return bool(self.waiver_kinds)


def folders(override: str | os.PathLike[str] | None = None) -> tuple[Path, ...]:
    """The folders profiles are read from, first match wins: ``override``, else ``$SIZING_JURISDICTIONS_DIR``,
    then the package's ``tables/jurisdictions``."""
    from sizing.io.tables import tables_dir

    first = override if override is not None else os.environ.get(FOLDER_ENV) or None
    own = tables_dir() / "jurisdictions"
    return (own,) if first is None else (Path(first), own)


def available(where: str | os.PathLike[str] | None = None) -> list[str]:
    """The ids of the profiles in the folders, sorted."""
    return sorted({p.stem for f in folders(where) for p in f.glob("*.yaml")})


def get(jurisdiction_id: str, where: str | os.PathLike[str] | None = None) -> Jurisdiction:
    """The jurisdiction with this id, or from this profile file (``path/to/city.yaml``: its id is the file's
    stem); an unknown id is a TableError listing the valid ones. ``where`` is a folder searched before the
    package's. Every profile is checked when it is loaded (:mod:`sizing.jurisdiction.check`). Called where the choice is
    made (a command's ``--jurisdiction``, the app's selector, a stored record's id): below that, the
    :class:`Jurisdiction` itself is passed."""
    text = str(jurisdiction_id)
    if text in _FROM_FILES:
        return _FROM_FILES[text]
    if text.endswith((".yaml", ".yml")):
        return load_file(text)
    return _load(text, folders(where))


def default_jurisdiction() -> Jurisdiction:
    """The jurisdiction applied when none is chosen (:data:`DEFAULT_ID`)."""
    return get(DEFAULT_ID)


#: Profiles loaded from a file outside the profile folders, by id (and by the path given), so that the id a
#: submittal carries finds its profile again.
_FROM_FILES: dict[str, Jurisdiction] = {}


def load_file(path: str | os.PathLike[str]) -> Jurisdiction:
    """A profile from its file, anywhere (``--jurisdiction path/to/city.yaml``); its id is the file's stem."""
    p = Path(path)
    if not p.is_file():
        raise TableError(f"no jurisdiction profile file {str(path)!r}")
    j = _read(p.stem, p)
    _FROM_FILES[str(path)] = _FROM_FILES[j.id] = j
    return j


@cache
def _load(jurisdiction_id: str, where: tuple[Path, ...]) -> Jurisdiction:
    safe = bool(jurisdiction_id) and "/" not in jurisdiction_id and "\\" not in jurisdiction_id and not jurisdiction_id.startswith(".")
    path = next((f / f"{jurisdiction_id}.yaml" for f in where if safe and (f / f"{jurisdiction_id}.yaml").is_file()), None)
    if path is None:
        names = sorted({p.stem for f in where for p in f.glob("*.yaml")})
        raise TableError(f"no jurisdiction profile {jurisdiction_id!r}; profiles available: {', '.join(names) or 'none'}")
    return _read(jurisdiction_id, path)


def _read(jurisdiction_id: str, path: Path) -> Jurisdiction:
    from sizing.jurisdiction.check import check

    return Jurisdiction(id=jurisdiction_id, raw=check(_extended(path, ()), path), path=path)


def _read_raw(path: Path) -> Any:
    from sizing.io.tables import read_data_yaml
    from sizing.jurisdiction.check import ProfileError

    try:
        with path.open(encoding="utf-8") as fh:
            return read_data_yaml(fh)
    except (OSError, UnicodeDecodeError) as exc:
        raise ProfileError(f"{path}: cannot read the profile: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a YAML syntax error: one line naming the file and the place
        raise ProfileError(f"{path}: not valid YAML: {' '.join(str(exc).split())}") from None


#: What a profile that extends another must give itself: it is another jurisdiction, and its letters must not
#: carry the parent's name.
OWN_KEYS = ("jurisdiction", "ordinance", "texts")


def _extended(path: Path, seen: tuple[Path, ...]) -> Any:
    """The profile at ``path`` as written, or, when it says ``extends: <id>`` (or a path to a profile file,
    relative to it), its parent's keys with its own laid over them (:func:`overlay`), unchecked: the merged
    profile is checked as a whole."""
    from sizing.jurisdiction.check import ProfileError

    raw = _read_raw(path)
    if not isinstance(raw, Mapping) or "extends" not in raw:
        return raw
    parent_id = raw["extends"]
    if not isinstance(parent_id, str) or not parent_id.strip():
        raise ProfileError(f"{path}: extends: expected the id of another profile or a profile file, "
                           f"got {parent_id!r}")
    missing = [k for k in OWN_KEYS if k not in raw]
    if missing:
        raise ProfileError(f"{path}: a profile that extends {parent_id!r} gives its own {', '.join(missing)}")
    if parent_id.endswith((".yaml", ".yml")):
        parent = (path.parent / parent_id).resolve()
    else:
        parent = next((f / f"{parent_id}.yaml" for f in folders() if (f / f"{parent_id}.yaml").is_file()), None)
    if parent is None or not parent.is_file():
        raise ProfileError(f"{path}: extends: no jurisdiction profile {parent_id!r}; profiles available: "
                           f"{', '.join(available())}")
    if parent.resolve() in seen + (path.resolve(),):
        raise ProfileError(f"{path}: extends: {parent_id!r} extends this profile again (a circle)")
    base = _extended(parent, seen + (path.resolve(),))
    return {**overlay(base, {k: v for k, v in raw.items() if k != "extends"}), "extends": parent_id}


def overlay(parent: Any, child: Any) -> Any:
    """``child`` laid over ``parent``: a key the child gives replaces the parent's, a list whole, a mapping key by
    key, and ``null`` removes the parent's key. A profile value (a mapping with a ``value``) is replaced whole, so
    a child's number never carries the parent's citation.

    >>> overlay({"a": {"x": 1, "y": 2}, "b": [1, 2], "c": 3}, {"a": {"y": 5}, "b": [9], "c": None})
    {'a': {'x': 1, 'y': 5}, 'b': [9]}
    >>> overlay({"p": {"value": 2, "citation": "(b)"}}, {"p": {"value": 3}})
    {'p': {'value': 3}}
    """
    if not isinstance(parent, Mapping) or not isinstance(child, Mapping) or "value" in child:
        return child
    out = dict(parent)
    for key, value in child.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = overlay(parent.get(key), value) if key in parent else value
    return out


def add_option(parser: Any) -> None:
    """The ``--jurisdiction ID`` option of a command (an unknown ID is an error listing the valid ones)."""
    parser.add_argument("--jurisdiction", metavar="ID", default=DEFAULT_ID, type=_known_id,
                        help=f"jurisdiction profile to apply: an id (tables/jurisdictions/ID.yaml, or ${FOLDER_ENV}) "
                             f"or a profile file (city.yaml); default {DEFAULT_ID}")


def _known_id(value: str) -> str:
    """An id of the profile folders, or a profile file (checked now: a bad profile is the option's error)."""

    if value.endswith((".yaml", ".yml")):
        try:
            return load_file(value).id
        except TableError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    names = available()
    if value not in names:
        raise argparse.ArgumentTypeError(f"no jurisdiction profile {value!r}; profiles available: "
                                         f"{', '.join(names) or 'none'} (or give a profile file, city.yaml)")
    return value


# --- The profile's values (what the parse reads) -----------------------------------------------------

def connection_default(sanitary: bool, dishwasher: bool, jurisdiction: Jurisdiction) -> tuple[bool, str]:
    """Whether a fixture the submittal does not mark is connected to the grease interceptor, and why: a sanitary
    fixture, and a dishwasher, are not where the jurisdiction's sizing rules say they shall not be.

    >>> tracy = get("tracy")
    >>> connection_default(True, False, tracy)[0], connection_default(False, False, tracy)[0]
    (False, True)
    """
    for flag, key, what in ((sanitary, "sanitary_connection", "a sanitary fixture is not on the grease line"),
                            (dishwasher, "dishwasher_connection", "a dishwasher shall not be connected")):
        if flag:
            rule = jurisdiction.sizing_rule(key)
            if rule["value"] == "shall_not":
                return False, f"not connected by default: {what} ({rule['citation']})"
            if rule.get("provenance") == "unconfirmed":  # allowed, but on a basis the profile flags
                return True, f"connected by default ({rule['citation']})"
    return True, "connected by default"

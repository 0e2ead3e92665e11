"""The catalogue of the plan review's rules, as data (``tables/review-rules.yaml``): each rule's id, its place in the
report, the profile parameters it reads (with their units), the interceptor types it can check, the finding ids it
returns and what it concerns.

The profile check reads it (a profile's ``review_rules`` may list only these ids, and carries the parameters of
each rule it lists, in their units) without importing any rule, and the rules' registry
(:mod:`sizing.rules.review_rules.registry`) binds each entry to its function. Adding a rule: its line here, its
function (decorated with ``review_rule("<id>")``) and each profile that lists it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from sizing.errors import TableError
from sizing.io.sections.interceptor import INTERCEPTOR_TYPES
from sizing.io.tables import read_data_yaml, tables_dir

#: What a rule concerns: the interceptor itself (its corrections cite the interceptor's plan sheet) or the plan's
#: parts it names (their own sheets).
CONCERNS = ("interceptor", "plan")
_KEYS = {"id", "module", "order", "parameters", "optional", "types", "findings", "concerns"}

Units = str | tuple[str, ...] | None


@dataclass(frozen=True)
class RuleEntry:
    """One review rule as the catalogue declares it. ``parameters`` maps each profile parameter the rule needs to
    its unit (None: a flag, a text or a count without one; a tuple: any of these units); ``optional`` are read when
    the profile has them."""

    id: str
    order: int
    module: str | None = None
    parameters: Mapping[str, Units] = field(default_factory=dict)
    optional: Mapping[str, Units] = field(default_factory=dict)
    types: tuple[str, ...] = INTERCEPTOR_TYPES
    findings: tuple[str, ...] = ()
    concerns: str = "plan"

    def reads(self, key: str) -> bool:
        return key in self.parameters or key in self.optional

    def unit(self, key: str) -> Units:
        return self.parameters.get(key, self.optional.get(key))


def _units(where: str, value: Any) -> dict[str, Units]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise TableError(f"{where}: expected a mapping of parameter -> unit, got {value!r}")
    return {str(k): tuple(v) if isinstance(v, list) else v for k, v in value.items()}


def _entry(i: int, raw: Any) -> RuleEntry:
    where = f"tables/review-rules.yaml: rules[{i}]"
    if not isinstance(raw, Mapping) or "id" not in raw or "order" not in raw:
        raise TableError(f"{where}: expected a mapping with id and order")
    unknown = set(raw) - _KEYS
    if unknown:
        raise TableError(f"{where}: unknown key {sorted(unknown)[0]!r}; expected one of: {', '.join(sorted(_KEYS))}")
    types = tuple(raw.get("types") or INTERCEPTOR_TYPES)
    bad = [t for t in types if t not in INTERCEPTOR_TYPES]
    if bad:
        raise TableError(f"{where}.types: unknown interceptor types {bad}; expected {INTERCEPTOR_TYPES}")
    concerns = raw.get("concerns", "plan")
    if concerns not in CONCERNS:
        raise TableError(f"{where}.concerns: expected one of {', '.join(CONCERNS)}, got {concerns!r}")
    return RuleEntry(id=str(raw["id"]), order=int(raw["order"]), module=raw.get("module"),
                     parameters=_units(f"{where}.parameters", raw.get("parameters")),
                     optional=_units(f"{where}.optional", raw.get("optional")), types=types,
                     findings=tuple(raw.get("findings") or (raw["id"],)), concerns=concerns)


@cache
def _read() -> dict[str, RuleEntry]:
    with (tables_dir() / "review-rules.yaml").open(encoding="utf-8") as fh:
        raw = read_data_yaml(fh)
    entries = [_entry(i, r) for i, r in enumerate(raw.get("rules") or [])]
    out: dict[str, RuleEntry] = {}
    for e in entries:
        if e.id in out:
            raise TableError(f"tables/review-rules.yaml: rule {e.id!r} is listed twice")
        out[e.id] = e
    return out


_ADDED: dict[str, RuleEntry] = {}


def add(entry: RuleEntry) -> None:
    """A rule declared at run time, as if it had its line in the file (a city's own rule in a test)."""
    if entry.id in _read():
        raise TableError(f"review rule {entry.id!r} is already in tables/review-rules.yaml")
    _ADDED[entry.id] = entry


def remove(entry_id: str) -> None:
    """Take a rule added with :func:`add` out again."""
    _ADDED.pop(entry_id, None)


def entries() -> tuple[RuleEntry, ...]:
    """Every rule in the catalogue, in report order."""
    return tuple(sorted({**_read(), **_ADDED}.values(), key=lambda e: (e.order, e.id)))


def ids() -> tuple[str, ...]:
    """The ids a profile's ``review_rules`` may list, in report order."""
    return tuple(e.id for e in entries())


def entry(rule_id: str) -> RuleEntry:
    found = _ADDED.get(rule_id) or _read().get(rule_id)
    if found is None:
        raise KeyError(rule_id)
    return found


def concerning(what: str) -> frozenset[str]:
    """The ids of the rules that concern ``what`` (``interceptor`` or ``plan``)."""
    return frozenset(e.id for e in entries() if e.concerns == what)

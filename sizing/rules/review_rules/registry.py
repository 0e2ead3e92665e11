"""The review rules' functions, bound to their entries in the catalogue (:mod:`sizing.jurisdiction.rule_catalogue`, the data
file ``tables/review-rules.yaml``): the review runs :func:`rules` in report order; the catalogue's entries are what
a profile is checked against, without importing a rule.

Adding a rule: its entry in ``tables/review-rules.yaml``, its function in a module of
:mod:`sizing.rules.review_rules` decorated with :func:`review_rule`, and its id in the ``review_rules`` of the
profiles that apply it. A profile that does not list it is unaffected. A rule reading a parameter it did not
declare is an error (:meth:`sizing.rules.review_rules.context.RuleContext.param`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping  # noqa: F401
from dataclasses import dataclass
from typing import Any

from sizing.io.sections.interceptor import INTERCEPTOR_TYPES
from sizing.jurisdiction import rule_catalogue
from sizing.jurisdiction.rule_catalogue import RuleEntry


@dataclass(frozen=True)
class RuleSpec:
    """One review rule: its catalogue entry (``tables/review-rules.yaml``) and its function."""

    entry: RuleEntry
    function: Callable[..., Any]

    def __getattr__(self, name: str) -> Any:  # id, order, parameters, optional, types, findings, concerns
        return getattr(self.entry, name)

    def reads(self, key: str) -> bool:
        return self.entry.reads(key)

    def unit(self, key: str) -> Any:
        return self.entry.unit(key)


_RULES: dict[str, RuleSpec] = {}


def review_rule(rule_id: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Bind a review rule's function (``(RuleContext) -> Finding | list | None``) to its catalogue entry
    ``rule_id``; an id the catalogue does not have is an error, as is a function in another module than the
    entry names."""

    try:
        found = rule_catalogue.entry(rule_id)
    except KeyError:
        raise ValueError(f"review rule {rule_id!r} has no entry in tables/review-rules.yaml") from None

    def register(function: Callable[..., Any]) -> Callable[..., Any]:
        if rule_id in _RULES and _RULES[rule_id].function is not function:
            raise ValueError(f"review rule {rule_id!r} is registered twice")
        module = function.__module__.rsplit(".", 1)[-1]
        if found.module is not None and found.module != module:
            raise ValueError(f"review rule {rule_id!r}: tables/review-rules.yaml puts it in module {found.module!r}, "
                             f"its function is in {module!r}")
        _RULES[rule_id] = RuleSpec(found, function)
        function.rule_spec = _RULES[rule_id]  # type: ignore[attr-defined]
        return function

    return register


def unregister(rule_id: str) -> None:
    """Remove a rule's function (a test that registers a rule of its own removes it afterwards)."""
    _RULES.pop(rule_id, None)


def _loaded() -> dict[str, RuleSpec]:

    return _RULES


def rules() -> tuple[RuleSpec, ...]:
    """Every rule of the catalogue with its function, in report order; a catalogue entry without one is an
    error."""
    loaded = _loaded()
    missing = [e.id for e in rule_catalogue.entries() if e.id not in loaded]
    if missing:
        raise ValueError(f"review rules {missing} are in tables/review-rules.yaml without a function")
    return tuple(loaded[e.id] for e in rule_catalogue.entries())


def ids() -> tuple[str, ...]:
    """The ids a profile's ``review_rules`` may list, in report order."""
    return rule_catalogue.ids()


def spec(rule_id: str) -> RuleSpec:
    return _loaded()[rule_id]


def _units(parameters: Mapping[str, str | tuple[str, ...] | None]) -> str:
    def unit(u: str | tuple[str, ...] | None) -> str:
        return "" if u is None else f" [{' or '.join(u) if isinstance(u, tuple) else u}]"

    return ", ".join(f"`{k}`{unit(u)}" for k, u in parameters.items())


def rules_table() -> str:
    """The review rules as a Markdown table (docs/ARCHITECTURE.md carries it; a test checks the two agree): each
    rule's id, the profile parameters it reads with their units, the interceptor types it checks and its clause."""
    out = ["| rule | reads (profile parameters) | interceptor types | clause |", "|---|---|---|---|"]
    for r in rules():
        doc = [line.strip() for line in (r.function.__doc__ or "").strip().splitlines() if line.strip()]
        reads = "; ".join(filter(None, [_units(r.parameters), r.optional and f"optional {_units(r.optional)}"]))
        types = "all" if r.types == INTERCEPTOR_TYPES else ", ".join(r.types)
        out.append(f"| `{r.id}` | {reads or '—'} | {types} | {doc[-1] if doc else '—'} |")
    return "\n".join(out)

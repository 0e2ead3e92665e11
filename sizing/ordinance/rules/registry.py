"""The one registry of the plan review's rules: each rule declares, where it is written, its id, its place in the
report, the profile parameters it reads (with their units), the interceptor types it can check and the finding
ids it returns.

Everything else is derived from here: the review's rule order (:func:`rules`), the ids a profile's
``review_rules`` may list (:func:`ids`), the parameters a profile must carry for the rules it lists and their
units (checked when the profile is loaded, :mod:`sizing.profiles`), and the rules table of
docs/ARCHITECTURE.md. A rule reading a parameter it did not declare is an error (:meth:`RuleSpec.check_reads`).

Adding a rule: write the function in a module of :mod:`sizing.ordinance.rules`, decorate it with
:func:`review_rule`, and list its id in the ``review_rules`` of the profiles that apply it. A profile that does
not list it is unaffected.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sizing.sections.interceptor import INTERCEPTOR_TYPES  # the interceptor types a design rule can be about


@dataclass(frozen=True)
class RuleSpec:
    """One review rule as declared: ``parameters`` maps each profile parameter the rule needs to its unit (None:
    no unit: a flag, a text or a count without one; a tuple: any of these units, which the rule reads from the
    parameter, e.g. working or calendar days); ``optional`` are read when the profile has them."""

    id: str
    function: Callable[..., Any]
    order: int
    parameters: Mapping[str, str | tuple[str, ...] | None] = field(default_factory=dict)
    optional: Mapping[str, str | tuple[str, ...] | None] = field(default_factory=dict)
    types: tuple[str, ...] = INTERCEPTOR_TYPES
    findings: tuple[str, ...] = ()

    def reads(self, key: str) -> bool:
        return key in self.parameters or key in self.optional

    def unit(self, key: str) -> str | None:
        return self.parameters.get(key, self.optional.get(key))


_RULES: dict[str, RuleSpec] = {}


def review_rule(rule_id: str, *, order: int, parameters: Mapping[str, str | None] | None = None,
                optional: Mapping[str, str | None] | None = None, types: tuple[str, ...] = INTERCEPTOR_TYPES,
                findings: tuple[str, ...] | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a review rule (a function ``(RuleContext) -> Finding | list | None``) under ``rule_id``.

    ``findings``: the finding ids it returns (default: its own id, which every finding of a rule should carry).
    """
    unknown = [t for t in types if t not in INTERCEPTOR_TYPES]
    if unknown:
        raise ValueError(f"review rule {rule_id!r}: unknown interceptor types {unknown}; expected {INTERCEPTOR_TYPES}")

    def register(function: Callable[..., Any]) -> Callable[..., Any]:
        if rule_id in _RULES and _RULES[rule_id].function is not function:
            raise ValueError(f"review rule {rule_id!r} is registered twice")
        _RULES[rule_id] = RuleSpec(id=rule_id, function=function, order=order, parameters=dict(parameters or {}),
                                   optional=dict(optional or {}), types=tuple(types),
                                   findings=tuple(findings or (rule_id,)))
        function.rule_spec = _RULES[rule_id]  # type: ignore[attr-defined]
        return function

    return register


def unregister(rule_id: str) -> None:
    """Remove a rule (a test that registers a rule of its own removes it afterwards)."""
    _RULES.pop(rule_id, None)


def _loaded() -> dict[str, RuleSpec]:
    import sizing.ordinance.rules  # noqa: F401  (its modules register the rules on import)

    return _RULES


def rules() -> tuple[RuleSpec, ...]:
    """Every registered rule, in report order."""
    return tuple(sorted(_loaded().values(), key=lambda r: (r.order, r.id)))


def ids() -> tuple[str, ...]:
    """The ids a profile's ``review_rules`` may list, in report order."""
    return tuple(r.id for r in rules())


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

"""The catalogue of the plan review's rules, as data (``tables/review-rules.yaml``): each rule's id, its place in the
report, its label for people, the profile parameters it reads (with their units), the interceptor types it can check, the finding ids it
returns, what it concerns and the form inputs of the declarations it reads (``inputs``: each one's path in the
submittal, its kind, label and group), with the inputs of the review itself (``review_inputs``).

The profile check reads it (a profile's ``review_rules`` may list only these ids, and carries the parameters of
each rule it lists, in their units) without importing any rule, and the rules' registry
(:mod:`sizing.rules.review_rules.registry`) binds each entry to its function; the review page draws its form's
declarations from the entries' inputs. Adding a rule: its line here (with the inputs of the declarations it reads
that the plan checker answers), its function (decorated with ``review_rule("<id>")``) and each profile that lists
it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from sizing.errors import TableError
from sizing.io.sections.interceptor import INTERCEPTOR_TYPES
from sizing.io.tables import read_data_yaml, tables_dir

#: What a rule concerns: the interceptor itself (its corrections cite the interceptor's plan sheet) or the plan's
#: parts it names (their own sheets).
CONCERNS = ("interceptor", "plan")
_KEYS = {"id", "label", "module", "order", "parameters", "optional", "types", "findings", "concerns", "inputs"}
#: The kinds of form input a declaration is answered with.
INPUT_KINDS = ("checkbox", "date", "text", "number-with-unit")
_INPUT_KEYS = {"key", "kind", "label", "group", "placeholder", "help", "opens"}
_INPUT_REQUIRED = ("key", "kind", "label", "group")
#: A submittal path: names of lower-case letters, digits and underscores, joined by dots.
_PATH = re.compile(r"[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*")
#: What the errors name as the owner of the review's own inputs.
REVIEW = "review_inputs"

Units = str | tuple[str, ...] | None


class FormInputError(TableError):
    """A form input of the catalogue that is malformed: names the rule (or ``review_inputs``) and the input's key
    (None when the input has no key)."""

    def __init__(self, rule: str, key: str | None, problem: str) -> None:
        self.rule, self.key = rule, key
        owner = REVIEW if rule == REVIEW else f"rule {rule!r}"
        named = f" input {key!r}:" if key else ""
        super().__init__(f"tables/review-rules.yaml: {owner}:{named} {problem}")


@dataclass(frozen=True)
class FormInput:
    """One declaration the plan checker answers on the review form: its path in the submittal (``key``,
    ``existing_fse.notification_date``), the widget's kind, label and group, an optional placeholder and help, and
    whether answering it alone puts its section in the submittal (``opens``)."""

    key: str
    kind: str
    label: str
    group: str
    placeholder: str | None = None
    help: str | None = None
    opens: bool = True

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(self.key.split("."))

    @property
    def section(self) -> tuple[str, ...]:
        """The path of the mapping the input is a field of (empty: a top-level key of the submittal)."""
        return self.path[:-1]


@dataclass(frozen=True)
class RuleEntry:
    """One review rule as the catalogue declares it. ``parameters`` maps each profile parameter the rule needs to
    its unit (None: a flag, a text or a count without one; a tuple: any of these units); ``optional`` are read when
    the profile has them; ``inputs`` are the form inputs of the declarations it reads, in form order."""

    id: str
    order: int
    module: str | None = None
    #: The rule's name for people (the app's findings, the review PDF, the correction letter); empty: its id in words.
    label: str = ""
    parameters: Mapping[str, Units] = field(default_factory=dict)
    optional: Mapping[str, Units] = field(default_factory=dict)
    types: tuple[str, ...] = INTERCEPTOR_TYPES
    findings: tuple[str, ...] = ()
    concerns: str = "plan"
    inputs: tuple[FormInput, ...] = ()

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


def _form_input(rule: str, j: int, raw: Any) -> FormInput:
    key = raw.get("key") if isinstance(raw, Mapping) else None
    key = key if isinstance(key, str) else None

    def fail(problem: str) -> FormInputError:
        return FormInputError(rule, key, f"inputs[{j}]: {problem}")

    if not isinstance(raw, Mapping):
        raise fail(f"expected a mapping with {', '.join(_INPUT_REQUIRED)}, got {raw!r}")
    unknown = set(raw) - _INPUT_KEYS
    if unknown:
        raise fail(f"unknown field {sorted(unknown)[0]!r}; expected one of: {', '.join(sorted(_INPUT_KEYS))}")
    for name in _INPUT_REQUIRED:
        if not isinstance(raw.get(name), str) or not raw[name].strip():
            raise fail(f"{name}: missing or not a text")
    if not _PATH.fullmatch(raw["key"]):
        raise fail("key: expected a submittal path, names of a-z, 0-9 and _ joined by dots")
    if raw["kind"] not in INPUT_KINDS:
        raise fail(f"kind: expected one of {', '.join(INPUT_KINDS)}, got {raw['kind']!r}")
    for name in ("placeholder", "help"):
        if raw.get(name) is not None and not isinstance(raw[name], str):
            raise fail(f"{name}: expected a text, got {raw[name]!r}")
    if not isinstance(raw.get("opens", True), bool):
        raise fail(f"opens: expected true or false, got {raw['opens']!r}")
    return FormInput(key=raw["key"], kind=raw["kind"], label=raw["label"].strip(), group=raw["group"].strip(),
                     placeholder=raw.get("placeholder"), help=raw.get("help"), opens=raw.get("opens", True))


def _inputs(rule: str, value: Any) -> tuple[FormInput, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise FormInputError(rule, None, f"inputs: expected a list of inputs, got {value!r}")
    out = tuple(_form_input(rule, j, raw) for j, raw in enumerate(value))
    keys = [i.key for i in out]
    twice = next((k for k in keys if keys.count(k) > 1), None)
    if twice:
        raise FormInputError(rule, twice, "listed twice")
    check_inputs([(rule, out)])
    return out


def check_inputs(owners: Iterable[tuple[str, Iterable[FormInput]]]) -> None:
    """The inputs of several rules (``(rule id, inputs)``) fit together: a key listed twice is the same input
    each time, and no key is a field of another (``existing_fse`` and ``existing_fse.notes``)."""
    seen: dict[str, tuple[str, FormInput]] = {}
    for rule, inputs in owners:
        for given in inputs:
            first = seen.setdefault(given.key, (rule, given))
            if first[1] != given:
                raise FormInputError(rule, given.key, f"{first[0]!r} lists it with another kind, label, group, "
                                                      "placeholder, help or opens")
    for key, (rule, _) in seen.items():
        parent = next((k for k in seen if key.startswith(k + ".")), None)
        if parent:
            raise FormInputError(rule, key, f"a field of {parent!r}, which is an input itself")


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
    label = raw.get("label", "")
    if not isinstance(label, str):
        raise TableError(f"{where}.label: expected a text, got {label!r}")
    concerns = raw.get("concerns", "plan")
    if concerns not in CONCERNS:
        raise TableError(f"{where}.concerns: expected one of {', '.join(CONCERNS)}, got {concerns!r}")
    return RuleEntry(id=str(raw["id"]), order=int(raw["order"]), module=raw.get("module"), label=label.strip(),
                     parameters=_units(f"{where}.parameters", raw.get("parameters")),
                     optional=_units(f"{where}.optional", raw.get("optional")), types=types,
                     findings=tuple(raw.get("findings") or (raw["id"],)), concerns=concerns,
                     inputs=_inputs(str(raw["id"]), raw.get("inputs")))


class _Catalogue(NamedTuple):
    rules: dict[str, RuleEntry]
    review_inputs: tuple[FormInput, ...]


@cache
def _read() -> _Catalogue:
    with (tables_dir() / "review-rules.yaml").open(encoding="utf-8") as fh:
        raw = read_data_yaml(fh)
    entries = [_entry(i, r) for i, r in enumerate(raw.get("rules") or [])]
    out: dict[str, RuleEntry] = {}
    for e in entries:
        if e.id in out:
            raise TableError(f"tables/review-rules.yaml: rule {e.id!r} is listed twice")
        out[e.id] = e
    review = _inputs(REVIEW, raw.get(REVIEW))
    check_inputs([(REVIEW, review), *((e.id, e.inputs) for e in entries)])
    return _Catalogue(out, review)


_ADDED: dict[str, RuleEntry] = {}


def add(entry: RuleEntry) -> None:
    """A rule declared at run time, as if it had its line in the file (a city's own rule in a test)."""
    if entry.id in _read().rules:
        raise TableError(f"review rule {entry.id!r} is already in tables/review-rules.yaml")
    check_inputs([(REVIEW, review_inputs()), *((e.id, e.inputs) for e in entries()), (entry.id, entry.inputs)])
    _ADDED[entry.id] = entry


def remove(entry_id: str) -> None:
    """Take a rule added with :func:`add` out again."""
    _ADDED.pop(entry_id, None)


def entries() -> tuple[RuleEntry, ...]:
    """Every rule in the catalogue, in report order."""
    return tuple(sorted({**_read().rules, **_ADDED}.values(), key=lambda e: (e.order, e.id)))


def ids() -> tuple[str, ...]:
    """The ids a profile's ``review_rules`` may list, in report order."""
    return tuple(e.id for e in entries())


def entry(rule_id: str) -> RuleEntry:
    found = _ADDED.get(rule_id) or _read().rules.get(rule_id)
    if found is None:
        raise KeyError(rule_id)
    return found


def concerning(what: str) -> frozenset[str]:
    """The ids of the rules that concern ``what`` (``interceptor`` or ``plan``)."""
    return frozenset(e.id for e in entries() if e.concerns == what)


def review_inputs() -> tuple[FormInput, ...]:
    """The form inputs of the review itself (the review date), whatever rules a profile applies."""
    return _read().review_inputs

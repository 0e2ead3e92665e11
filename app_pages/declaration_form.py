"""The review form's declarations, read from the rule catalogue (``tables/review-rules.yaml``): the review's own
inputs and those of the rules a profile applies, each bound to a widget key made from its path in the submittal,
and the two directions between the widgets' answers and the submittal's sections. Nothing here draws a widget."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from sizing.io import fields as parse
from sizing.jurisdiction import rule_catalogue
from sizing.jurisdiction.rule_catalogue import FormInput

#: A declaration's widget key is this prefix and its path in the submittal (``in_rv_existing_fse.caused_blockage``).
PREFIX = "in_rv_"
#: What an unanswered input holds, by kind.
EMPTY = {"checkbox": False, "date": None, "text": "", "number-with-unit": ""}


def inputs(rule_ids: Iterable[str] | None = None) -> tuple[FormInput, ...]:
    """The review's own inputs, then those of the rules ``rule_ids`` names (None: every rule of the catalogue), in
    catalogue order, each key once (where the first rule that lists it puts it)."""
    chosen = None if rule_ids is None else set(rule_ids)
    out = {i.key: i for i in rule_catalogue.review_inputs()}
    for entry in rule_catalogue.entries():
        if chosen is None or entry.id in chosen:
            for given in entry.inputs:
                out.setdefault(given.key, given)
    return tuple(out.values())


def bindings(rule_ids: Iterable[str] | None = None) -> dict[str, FormInput]:
    """Widget key -> input (its ``key`` the path in the submittal), for the inputs :func:`inputs` lists: the one
    map the form draws its widgets from, fills them from a submittal with and builds the submittal from."""
    return {PREFIX + given.key: given for given in inputs(rule_ids)}


def groups(bound: Mapping[str, FormInput]) -> dict[str, dict[str, FormInput]]:
    """The bound inputs by group, the groups in the order of their first input."""
    out: dict[str, dict[str, FormInput]] = {}
    for key, given in bound.items():
        out.setdefault(given.group, {})[key] = given
    return out


def sections(bound: Mapping[str, FormInput]) -> tuple[str, ...]:
    """The top-level keys of the submittal the bound inputs write, in order."""
    return tuple(dict.fromkeys(given.path[0] for given in bound.values()))


def defaults(bound: Mapping[str, FormInput]) -> dict[str, Any]:
    """Each widget unanswered: a checkbox unticked, a date not given, a text blank."""
    return {key: EMPTY[given.kind] for key, given in bound.items()}


def _at(doc: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = doc
    for name in path:
        if not isinstance(value, Mapping):
            return None
        value = value.get(name)
    return value


def _answer(given: FormInput, raw: Any) -> Any:
    if given.kind == "checkbox":
        return parse.boolean(given.key, raw, default=False)
    if raw is None:
        return EMPTY[given.kind]
    if given.kind == "date":
        return parse.date(given.key, raw)
    if given.kind == "text":
        return parse.text(given.key, raw, single_line=True)
    return str(raw)  # a quantity, as typed ("65 degC"): the review reads it in the rule's unit


def answers(doc: Mapping[str, Any], bound: Mapping[str, FormInput]) -> dict[str, Any]:
    """The widgets' values for a submittal the parser has accepted: a checkbox true or false, a date a
    ``datetime.date`` or None, a text or a quantity as typed ("" when the submittal has none)."""
    return {key: _answer(given, _at(doc, given.path)) for key, given in bound.items()}


def _answered(given: FormInput, value: Any) -> bool:
    if given.kind == "checkbox":
        return bool(value)
    if given.kind == "date":
        return value is not None
    return bool(str(value or "").strip())


def _value(given: FormInput, value: Any) -> Any:
    if given.kind == "checkbox":
        return bool(value)
    if given.kind == "date":
        return value.isoformat() if isinstance(value, dt.date) else str(value)
    return str(value).strip()


def document(given: Mapping[str, Any], bound: Mapping[str, FormInput]) -> dict[str, Any]:
    """The submittal's sections from the widgets' answers (widget key -> value; a key not given is unanswered).
    A top-level input is written when answered. A section is written when an input of it that opens it is
    answered; then its checkboxes are written true or false and its other inputs when answered. Dates are
    written as ISO text, texts and quantities stripped."""
    values = {key: given.get(key, EMPTY[item.kind]) for key, item in bound.items()}
    opened = {item.section for key, item in bound.items()
              if item.section and item.opens and _answered(item, values[key])}
    out: dict[str, Any] = {}
    for key, item in bound.items():
        if item.section and item.section not in opened:
            continue
        if not _answered(item, values[key]) and not (item.section and item.kind == "checkbox"):
            continue
        target = out
        for name in item.section:
            target = target.setdefault(name, {})
        target[item.path[-1]] = _value(item, values[key])
    return out

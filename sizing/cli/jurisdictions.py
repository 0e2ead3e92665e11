"""``sizing jurisdictions list | show ID | doc | check FILE...``: the jurisdiction profiles, one resolved, all compared,
files checked."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sizing.jurisdiction.profile import available, get, load_file
from sizing.report.jurisdictions_doc import render

HELP = "list the jurisdiction profiles, show one resolved, or check profile files (exit 2: a file does not pass)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    sub.add_parser("list", help="every profile: id, name, ordinance, the rules it applies, how much is confirmed")
    show = sub.add_parser("show", help="one profile as the tool reads it: rules with their parameters, holidays")
    show.add_argument("id", metavar="ID", help="a profile id, or a profile file (city.yaml)")
    doc = sub.add_parser("doc", help="the shipped profiles compared rule by rule (docs/jurisdictions.md), each value "
                                     "with its citation and confirmation level")
    doc.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of printing")
    check = sub.add_parser("check", help="check profile files against the schema and the rules (exit 0 all pass, 2 not)")
    check.add_argument("files", metavar="FILE", nargs="+", help="profile files (YAML)")


def run(args: argparse.Namespace) -> int:
    return {"list": _list, "show": _show, "doc": _doc, "check": _check}[args.action](args)


def _doc(args: argparse.Namespace) -> int:


    text = render()
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _list(args: argparse.Namespace) -> int:

    for jurisdiction_id in available():
        j = get(jurisdiction_id)
        extra = ", ".join(x for x in ("waivers" if j.has_waivers else "", "maintenance" if j.has_maintenance_rules
                                                                            else "") if x)
        print(f"{jurisdiction_id}: {j.name} — {j.ordinance} ({len(j.review_rules)} review rules"
              + (f"; {extra}" if extra else "") + f"; {j.confirmation()}) [{j.path}]")
    return 0


def _show(args: argparse.Namespace) -> int:
    from sizing.jurisdiction.calendar import working_days_rule
    from sizing.rules.review_rules import registry

    j = get(args.id)
    out = [f"{j.id}: {j.name}", f"  ordinance: {j.ordinance}", f"  chapter: {j.chapter or 'not stated'}",
           f"  file: {j.path}",
           f"  provenance: {j.raw.get('provenance', 'not stated')}; source: {j.raw.get('source', 'not stated')}",
           f"  letterhead: {j.letterhead}", f"  confirmation: {j.confirmation()}"]
    if j.raw.get("extends"):
        out.append(f"  extends: {j.raw['extends']} (every key this file does not give is {j.raw['extends']}'s, "
                   "its citations included)")
    out += ["", "Review rules (in report order):"]
    by_type = j.design_rules_by_interceptor_type
    shown: set[str] = set()
    for rule_id in j.review_rules:
        spec = registry.spec(rule_id)
        types = f" [{', '.join(by_type[rule_id])} interceptors only]" if rule_id in by_type else ""
        out.append(f"  {rule_id}{types}")
        for key in (*spec.parameters, *(k for k in spec.optional if k in j.parameters)):
            out.append(f"    {key} = {_entry(j, j.parameter(key))}")
            shown.add(key)
    off = [r for r in registry.ids() if r not in j.review_rules]
    if off:
        out.append(f"  not applied: {', '.join(off)}")
    out += ["", "Connection defaults (sizing):"]
    out += [f"  {key} = {_entry(j, rule)}" for key, rule in (j.raw.get("sizing") or {}).items()]
    rest = [k for k in j.parameters if k not in shown]
    if rest:
        out += ["", "Other values (maintenance, records, waivers):"]
        out += [f"  {key} = {_entry(j, j.parameter(key))}" for key in rest]
    out += ["", f"Waivers: {', '.join(j.waiver_kinds) or 'none'}",
            f"Maintenance rules: {'yes' if j.has_maintenance_rules else 'none'}",
            *(f"  {t['task']} ({t['device']}) every {t['every']} — {t['citation']} [{t.get('provenance') or 'not stated'}]"
              for t in j.raw.get("device_maintenance") or ()), "", *_inspection_lines(j),
            f"Working days: {working_days_rule(j)}"]
    print("\n".join(out))
    return 0


def _entry(j, p) -> str:
    """One value as ``show`` prints it: the value and unit (and as written), its citation and its level."""
    unit = f" {p['unit']}" if p.get("unit") else ""
    written = f" (written {p['as_written']})" if p.get("as_written") else ""
    return f"{_value(p['value'])}{unit}{written} — {p['citation']} [{j.level(p)}]"


def _inspection_lines(j) -> list[str]:
    """The checklists (each item's clause and the notice a "no" opens) and the notice tiers with their periods."""
    from sizing.rules.inspection import period_words

    spec = j.inspections
    if spec is None:
        return ["Inspections: checklists and notices not defined (an inspection records its readings only)", ""]
    out = [f"Inspections ({spec['citation']}):"]
    for key, checklist in spec["checklists"].items():
        out.append(f"  checklist {key}: {checklist['title']} ({checklist['citation']})")
        out += [f"  - {i['key']} — {i['citation']}" + (f"; no: {i['notice']}" if i.get("notice") else "")
                for i in checklist["items"]]
    for key, notice in spec["notices"].items():
        tiers = "; ".join(f"{n}. {t['title']}: {period_words(t['period'])}" for n, t in enumerate(notice["tiers"], 1))
        out.append(f"  notice {key} ({notice['citation']}): {tiers}")
    return [*out, ""]


def _value(value) -> str:
    return value if isinstance(value, str) else repr(value) if isinstance(value, (dict, list)) else f"{value}"


def _check(args: argparse.Namespace) -> int:

    from sizing.io.tables import TableError
    from sizing.jurisdiction.check import check_holiday_names

    failed = 0
    for path in args.files:
        try:
            j = load_file(path)
            check_holiday_names(j.holidays, path)
        except TableError as exc:
            print(f"sizing jurisdictions: {exc}", file=sys.stderr)
            failed += 1
            continue
        print(f"{path}: OK — {j.name}, {len(j.review_rules)} review rules")
    return 2 if failed else 0

"""The access manholes: their diameter, one over each chamber and each sanitary tee, and their extension to
finished grade."""

from __future__ import annotations

import math
from typing import Any

from sizing import plan_names as names
from sizing.finding import FAIL, PASS, WARN, Finding
from sizing.io.sections.interceptor import Manhole, position
from sizing.quantities import show, show_against
from sizing.rules.review_rules.context import RuleContext, missing, not_checked
from sizing.rules.review_rules.registry import review_rule


@review_rule("manhole_diameter")
def rule_manhole_diameter(c: RuleContext) -> Finding:
    """Every access manhole at least the profile's minimum diameter.
    FOG ordinance, Grease interceptor design standards (d)."""
    p = c.param("min_manhole_diameter")
    need = float(p["value"])
    skip = not_checked(c, "manhole_diameter", p["citation"], "Manhole diameters")
    if skip is not None:
        return skip
    if not c.icp.manholes:
        return missing("manhole_diameter", p["citation"], "Access manholes are",
                       f"Show the access manholes and their diameters (at least {show(need, 'in')})", limit=need, unit="in")
    called = manhole_names(c)
    unknown = [m for m in c.icp.manholes if m.diameter_in is None]
    if unknown:
        names = ", ".join(called[m.index] for m in unknown)
        return missing("manhole_diameter", p["citation"], f"The diameter of {names} is",
                       f"Show the diameter of every access manhole ({names}); at least {show(need, 'in')}", limit=need,
                       unit="in")
    small = [m for m in c.icp.manholes if m.diameter_in < need - 1e-9]
    smallest = min(m.diameter_in for m in c.icp.manholes)
    if not small:
        return Finding("manhole_diameter", PASS, p["citation"],
                       f"All {len(c.icp.manholes)} manholes >= {show(need, 'in')} (smallest {show(smallest, 'in')})",
                       value=round(smallest, 3), limit=need, unit="in")
    names = ", ".join(f"{called[m.index]} ({show_against(m.diameter_in, need, 'in')})" for m in small)
    return Finding("manhole_diameter", FAIL, p["citation"], f"Manholes under {show(need, 'in')}: {names}",
                   value=round(smallest, 3), limit=need, unit="in",
                   correction=f"Enlarge the access manholes to at least {show(need, 'in')} diameter: {names}")


@review_rule("manhole_count")
def rule_manhole_count(c: RuleContext) -> Finding:
    """An access manhole over each chamber and each sanitary tee; one over a tee is also over its chamber.
    FOG ordinance, Grease interceptor design standards (d)."""
    p = c.param("manholes_over_each_chamber_and_tee")
    skip = not_checked(c, "manhole_count", p["citation"], "Manhole positions")
    if skip is not None:
        return skip
    chambers, tees = c.icp.compartments, c.icp.sanitary_tees
    if chambers is None or tees is None:
        what = " and ".join(w for w, v in (("the number of chambers", chambers), ("the number of sanitary tees", tees))
                            if v is None)
        return missing("manhole_count", p["citation"], what[0].upper() + what[1:] + (" are" if " and " in what else " is"),
                       f"Show {what}, and an access manhole over each chamber and each sanitary tee")
    manholes = c.icp.manholes or ()
    covers = bool(c.param("manhole_over_tee_covers_chamber")["value"])
    cov = manhole_coverage(manholes, chambers, tees, covers)
    called = manhole_names(c)
    required = _positions_text(list(range(1, chambers + 1)), list(range(1, tees + 1)))
    limit = f"a manhole over each of {required}"
    uncovered = _positions_text(cov["uncovered_chambers"], cov["uncovered_tees"])
    notes = list(cov["outside"])
    if cov["unplaced"]:
        names = ", ".join(called[i] for i in cov["unplaced"])
        notes.append(f"{names} {'does' if len(cov['unplaced']) == 1 else 'do'} not state what it is over (give "
                     "'over: chamber', 'sanitary_tee', 'chamber_N' or 'sanitary_tee_N')")
    tail = ("; " + "; ".join(notes)) if notes else ""
    via_tee = " (a manhole over a sanitary tee also serves the chamber that holds it)" if covers and tees else ""
    if not uncovered:
        status = WARN if notes else PASS
        return Finding("manhole_count", status, p["citation"],
                       f"{len(manholes)} access manhole{'s' if len(manholes) != 1 else ''} cover {required}{via_tee}"
                       + tail, value="all covered", limit=limit)
    return Finding("manhole_count", FAIL, p["citation"],
                   f"No access manhole over {uncovered}; required: {limit}{via_tee}{tail}",
                   value=f"not covered: {uncovered}", limit=limit,
                   correction=f"Provide an access manhole over {uncovered}; every chamber and every sanitary tee needs "
                              f"one{via_tee}")


@review_rule("manhole_spacing")
def rule_manhole_spacing(c: RuleContext) -> Finding:
    """An access opening for every so many feet of the interceptor's length, and at least a minimum number.
    FOG ordinance, Grease interceptor design standards (access openings)."""
    per = c.param("max_length_per_manhole")
    least = int(c.param("min_manholes")["value"])
    step = float(per["value"])
    cite = per["citation"]
    skip = not_checked(c, "manhole_spacing", cite, "Access openings along the interceptor")
    if skip is not None:
        return skip
    if c.icp.length_in is None:
        return missing("manhole_spacing", cite, "The interceptor's length is",
                       f"Show the interceptor's inside length: one access opening is required for every {show(step, 'ft')} "
                       f"of it, and at least {least}")
    length_ft = c.icp.length_in / 12.0
    need = max(least, math.ceil(length_ft / step - 1e-9))
    have = len(c.icp.manholes or ())
    basis = f"{show(length_ft, 'ft')} / {show(step, 'ft')} per opening, at least {least}"
    if have >= need:
        return Finding("manhole_spacing", PASS, cite, f"{have} access openings >= {need} ({basis})", value=have,
                       limit=need)
    return Finding("manhole_spacing", FAIL, cite, f"{have} access opening{'s' if have != 1 else ''}; {need} are "
                   f"required ({basis})", value=have, limit=need,
                   correction=f"Provide at least {need} access openings along the {show(length_ft, 'ft')} interceptor (one "
                              f"for every {show(step, 'ft')}, at least {least}); the plans show {have}")


@review_rule("manholes_to_grade")
def rule_manholes_to_grade(c: RuleContext) -> Finding:
    """Access manholes extend at least to finished grade.
    FOG ordinance, Grease interceptor design standards (d)."""
    p = c.param("manholes_to_finished_grade")
    skip = not_checked(c, "manholes_to_grade", p["citation"], "Manholes to grade")
    if skip is not None:
        return skip
    if not c.icp.manholes:
        return missing("manholes_to_grade", p["citation"], "Access manholes (and that they extend to grade) are",
                       "Show the access manholes extending at least to finished grade")
    called = manhole_names(c)
    unknown = [called[m.index] for m in c.icp.manholes if m.to_grade is None]
    below = [called[m.index] for m in c.icp.manholes if m.to_grade is False]
    if below:
        return Finding("manholes_to_grade", FAIL, p["citation"], f"Not extended to finished grade: {', '.join(below)}",
                       value=f"{len(below)} below grade", limit="all to finished grade",
                       correction=f"Extend the access manholes to at least finished grade: {', '.join(below)}")
    if unknown:
        return missing("manholes_to_grade", p["citation"], f"Extension to finished grade of {', '.join(unknown)} is",
                       f"Show that the access manholes extend to finished grade: {', '.join(unknown)}")
    return Finding("manholes_to_grade", PASS, p["citation"], "All access manholes extend to finished grade",
                   value="all to grade", limit="all to finished grade")


def manhole_names(c: RuleContext) -> dict[int, str]:
    """Each access manhole as the plan counts it, with what it is over: ``manhole 1 over chamber 1`` (the
    positions as :func:`manhole_coverage` places them when the chambers and tees are shown, else as given) and its
    label and sheet."""
    manholes = c.icp.manholes or ()
    chambers, tees = c.icp.compartments, c.icp.sanitary_tees
    over: dict[int, list[str]] = {}
    if chambers is not None and tees is not None:
        cov = manhole_coverage(manholes, chambers, tees, tee_covers_chamber=False)  # each named by its own position
        for n, indexes in cov["tees"].items():
            for i in indexes:
                over.setdefault(i, []).append(_position_name("sanitary_tee", n))
        for n, indexes in cov["chambers"].items():
            for i in indexes:
                if not over.get(i):
                    over.setdefault(i, []).append(_position_name("chamber", n))
    out = {}
    for m in manholes:
        shown = over.get(m.index) or [_given_position(key) for key in (m.over or ())]
        label = ", ".join(x for x in (m.label, f"sheet {m.sheet}" if m.sheet else None) if x) or None
        out[m.index] = names.manhole(m.index, " and ".join(shown) or None, label)
    return out


def _given_position(key: str) -> str:
    kind, n = position(key)
    return _position_name(kind, n) if n is not None else ("a sanitary tee" if kind == "sanitary_tee" else "a chamber")


def tee_chamber(tee: int, tees: int, chambers: int) -> int:
    """The chamber that holds sanitary tee ``tee`` (of ``tees``) in an interceptor of ``chambers`` chambers: the first
    (inlet) tee in chamber 1, the last (outlet) tee in the last chamber, tee k between them in chamber k (at most the
    last). FOG ordinance, Grease interceptor design standards (d) (the profile's manhole_over_tee_covers_chamber).

    >>> tee_chamber(1, 2, 2), tee_chamber(2, 2, 2), tee_chamber(2, 2, 3), tee_chamber(2, 3, 3)
    (1, 2, 3, 2)
    """
    if tee <= 1:
        return 1
    if tee >= tees:
        return chambers
    return min(tee, chambers)


def manhole_coverage(manholes: tuple[Manhole, ...], chambers: int, tees: int,
                     tee_covers_chamber: bool = True) -> dict[str, Any]:
    """Which chambers (1..chambers) and sanitary tees (1..tees) have an access manhole over them.

    Numbered positions are taken as given; then each unnumbered ``sanitary_tee`` takes the lowest uncovered tee
    and each unnumbered ``chamber`` the lowest uncovered chamber. A manhole over a tee is also over the chamber
    that holds it (:func:`tee_chamber`) when ``tee_covers_chamber``.

    >>> m = (Manhole(0, ("sanitary_tee",), 24, True), Manhole(1, ("sanitary_tee",), 24, True))
    >>> cov = manhole_coverage(m, 2, 2)
    >>> cov["uncovered_chambers"], cov["uncovered_tees"]
    ([], [])
    """
    chamber_by: dict[int, list[int]] = {}
    tee_by: dict[int, list[int]] = {}
    unnumbered: dict[str, list[int]] = {"sanitary_tee": [], "chamber": []}
    outside: list[str] = []
    unplaced: list[int] = []

    def cover(kind: str, n: int, index: int) -> None:
        if kind == "sanitary_tee":
            tee_by.setdefault(n, []).append(index)
            if tee_covers_chamber:
                chamber_by.setdefault(tee_chamber(n, tees, chambers), []).append(index)
        else:
            chamber_by.setdefault(n, []).append(index)

    for m in manholes:
        if m.over is None:
            unplaced.append(m.index)
            continue
        for key in m.over:
            kind, n = position(key)
            if n is None:
                unnumbered[kind].append(m.index)
            elif n > (tees if kind == "sanitary_tee" else chambers):
                outside.append(f"{names.manhole(m.index, None, m.label)} is over {_position_name(kind, n)}, but the interceptor has "
                               + (f"{tees} sanitary tee{'s' if tees != 1 else ''}" if kind == "sanitary_tee" else
                                  f"{chambers} chamber{'s' if chambers != 1 else ''}"))
            else:
                cover(kind, n, m.index)
    for kind, count, taken in (("sanitary_tee", tees, tee_by), ("chamber", chambers, chamber_by)):
        for index in unnumbered[kind]:
            free = [n for n in range(1, count + 1) if n not in taken]
            if free:
                cover(kind, free[0], index)
    return {"chambers": {n: chamber_by[n] for n in sorted(chamber_by) if n <= chambers},
            "tees": {n: tee_by[n] for n in sorted(tee_by)},
            "uncovered_chambers": [n for n in range(1, chambers + 1) if n not in chamber_by],
            "uncovered_tees": [n for n in range(1, tees + 1) if n not in tee_by],
            "outside": outside, "unplaced": unplaced}


def _position_name(kind: str, n: int) -> str:
    return f"{'sanitary tee' if kind == 'sanitary_tee' else 'chamber'} {n}"


def _positions_text(chambers: list[int], tees: list[int]) -> str:
    """'chambers 1 and 2 and sanitary tee 2' ('' when both are empty)."""
    def part(word: str, ns: list[int]) -> str:
        if not ns:
            return ""
        nums = ", ".join(map(str, ns[:-1])) + f" and {ns[-1]}" if len(ns) > 1 else str(ns[0])
        return f"{word}{'s' if len(ns) > 1 else ''} {nums}"
    return " and ".join(x for x in (part("chamber", chambers), part("sanitary tee", tees)) if x)

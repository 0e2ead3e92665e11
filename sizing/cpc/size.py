"""Size a grease interceptor for a submittal: DFU -> gravity volume, HGI ratings, meals cross-check.

``size(submittal)`` is pure: a Submittal plus the tables in, a SizingResult (with every step) out.
"""

from __future__ import annotations

from typing import Any

from sizing import plan_names as names
from sizing.cpc import fmt_size
from sizing.cpc import gravity as grav
from sizing.cpc import hydromechanical as hgi
from sizing.cpc import meals as meals_clause
from sizing.cpc.fixture_lines import SUBMITTED, fixture_line, line_warnings, receptor_connected
from sizing.cpc.fixture_lines import Run as _Run
from sizing.cpc.local_size import TABLE_UNITS, cpc_size, local_size
from sizing.errors import SizingInputError
from sizing.io.submittal import Submittal
from sizing.quantities import number, show
from sizing.result import FixtureLine, SizingResult


def size(sub: Submittal) -> SizingResult:
    run = _Run(sub.edition)
    run.warnings.extend(sub.warnings)
    if sub.edition_basis:
        beyond = sub.edition_basis.startswith(f"CPC {sub.edition}: the latest edition this tool has")
        by_date = sub.application_date is not None and (
            sub.edition_basis.startswith(f"CPC {sub.edition}: in effect") or beyond)
        default = "the default" in sub.edition_basis
        run.step(key="edition", title="Code edition", value=sub.edition, unit="",
                 citation="CPC editions in effect in California (tables/common/cpc-editions.yaml)" if by_date
                 else "sizing default edition" if default else "submittal",
                 provenance="unconfirmed" if beyond else run.table("cpc-editions").provenance if by_date
                 else "derived" if default else SUBMITTED,
                 inputs={"application_date": None if sub.application_date is None else sub.application_date.isoformat()},
                 note=sub.edition_basis)
    receptor = receptor_connected(sub.fixtures)
    carries = [receptor_carries(sub, f, receptor) for f in sub.fixtures]
    lines = tuple(fixture_line(f, run, listed) for f, listed in zip(sub.fixtures, carries, strict=True))
    connected = [line for line in lines if line.connected]
    for f, line, listed in zip(sub.fixtures, lines, carries, strict=True):  # then each line's own warnings
        line_warnings(f, line, sub.jurisdiction, listed, run)
    gravity, dfu_total = _gravity(sub, connected, run)
    hydro = _hydromechanical(sub, connected, run)
    meals = _meals(sub, run)
    if meals is not None and gravity["required_volume_gal"] is not None:
        ratio = meals["volume_gal"] / gravity["required_volume_gal"]
        meals["ratio_to_cpc"] = round(ratio, 2)
        if ratio > 1:
            run.warn("meals_above_cpc", f"the meals formula gives {show(meals['volume_gal'], 'gal')}, {ratio:.1f} x the CPC minimum of "
                                f"{show(gravity['required_volume_gal'], 'gal')}; the CPC minimum governs (the formula is a "
                                "cross-check), but a larger unit may need less frequent pumping")
    provenance = tuple(
        {"table": t.meta["table"], "title": t.title, "edition": t.meta["edition"], "level": t.provenance,
         "row_levels": sorted({t.row_provenance(r) for r in t.rows}) if t.rows else [t.provenance],
         "carried_from": t.carried_from, "source": t.source, "note": t.meta.get("edition_note"),
         "level_label": t.level_label(),
         "source_levels": (sorted({t.source_level(r) for r in t.rows}) if t.rows else [t.source_level()])
         if t.carried_from else None}
        for t in run.tables.values())
    local = {kind: found.to_dict() for kind in TABLE_UNITS if (found := local_size(
        sub.jurisdiction, kind, dfu_total, cpc_size(gravity, hydro, sub.edition, kind))) is not None}
    return SizingResult(edition=sub.edition, project=dict(sub.project), construction=sub.construction,
                        dfu_total=dfu_total, fixtures=lines, gravity=gravity, hydromechanical=hydro,
                        meals=meals, steps=tuple(run.steps), warnings=tuple(run.warnings),
                        provenance=provenance, edition_basis=sub.edition_basis, local=local)


def receptor_carries(sub: Submittal, f, any_receptor: bool) -> bool:
    """Whether a receptor carries an indirect appliance's load: the line its ``drains_to`` names, connected and
    counted; without ``drains_to``, any connected floor sink or floor drain listed (``any_receptor``)."""
    if f.receptor_index is None:
        return any_receptor
    target = sub.fixtures[f.receptor_index]
    return target.connected and target.count > 0


def _name(sub: Submittal, line: FixtureLine) -> str:
    """A fixture line as the plan counts it: ``fixture 8 (Floor drain, sheet P-2)``."""
    sheet = next((f.sheet for f in sub.fixtures if f.index == line.index), None)
    return names.fixture(line.index, line.name, line.count, sheet)


# --- Gravity (Table 1014.3.6, Table 703.2) ---------------------------------------------------------------

def _gravity(sub: Submittal, connected: list[FixtureLine], run: _Run) -> tuple[dict[str, Any], float]:
    ed = run.edition
    table = run.table("1014.3.6")
    cite = f"CPC {ed}, Section 1014.3.6, Table 1014.3.6"
    fn3_total = sum(line.footnote3_volume_gal for line in connected)
    out: dict[str, Any] = {"required_volume_gal": None, "table_volume_gal": None, "footnote3_volume_gal": fn3_total,
                           "dfu_basis": None, "table_row": None, "citation": cite, "provenance": table.provenance,
                           "provenance_label": table.level_label(), "carried_from": table.carried_from, "message": None,
                           # indirect appliances with neither a receptor nor a flow: their load is in no sum
                           "left_out": [_name(sub, line) for line in connected
                                        if line.count and line.dfu == 0 and not line.footnote3_volume_gal
                                        and _uncarried_indirect(sub, line)]}
    if sub.fixtures:
        dfu_total = sum(line.dfu for line in connected)
        out["dfu_basis"] = "fixtures"
        run.step(key="dfu.total", title="DFU total of the fixtures connected to the interceptor", value=dfu_total,
                 unit="DFU", citation=f"{cite}, footnote 1", provenance=table.level_label(),
                 inputs={"fixtures": [f"fixtures[{line.index}]" for line in connected]},
                 note="DFUs plumbed to the kitchen drain lines that connect to the interceptor")
        if not connected:
            run.warn("no_fixture_connected", "no fixture is connected to the interceptor: the size is the table minimum")
        if sub.inlet_pipe_in is not None:
            _pipe_capacity_check(sub.inlet_pipe_in, dfu_total, run)
    elif sub.inlet_pipe_in is not None:
        try:
            dfu_total, row, size_in, note = grav.pipe_max_dfu(sub.inlet_pipe_in, ed)
        except ValueError as exc:
            raise SizingInputError("inlet_pipe", fmt_size(sub.inlet_pipe_in), str(exc)) from None
        t703 = run.table("703.2")
        out["dfu_basis"] = "inlet_pipe"
        run.step(key="dfu.inlet_pipe", title=f"DFUs not known: maximum DFU of a {fmt_size(size_in)} horizontal drain",
                 value=dfu_total, unit="DFU", citation=f"CPC {ed}, Section 1014.3.6; Table 703.2",
                 provenance=t703.level_label(row), inputs={"inlet_pipe_in": sub.inlet_pipe_in}, table_row=row,
                 note=note)
    else:
        out["message"] = "no fixtures or inlet pipe: the CPC size needs the connected DFUs or the inlet pipe size"
        return out, 0.0
    volume, row = grav.gravity_interceptor_volume(dfu_total, ed)
    if volume is None:
        top = table.rows[-1]["max_dfu"]
        out["message"] = grav.BEYOND_TABLE.format(max=f"{top:,}")
        run.warn("beyond_table", f"{show(dfu_total, 'DFU')} is " + out["message"])
        run.step(key="gravity.table", title="Table 1014.3.6 lookup", value=None, unit="gal", citation=cite,
                 provenance=table.level_label(), inputs={"dfu_total": dfu_total}, note=out["message"])
        return out, dfu_total
    out.update(table_volume_gal=volume, table_row=row, required_volume_gal=volume + fn3_total)
    run.step(key="gravity.table", title=f"Table 1014.3.6: first row with max DFU >= {number(dfu_total, 'dfu')}", value=volume,
             unit="gal", citation=cite, provenance=table.level_label(), inputs={"dfu_total": dfu_total}, table_row=row,
             note=f"up to {row['max_dfu']} DFU -> {volume:,} gal")
    if fn3_total:
        run.step(key="gravity.footnote3", title="Fixtures with a known flow and no DFU value: gpm x 30 min",
                 value=fn3_total, unit="gal", citation=f"{cite}, footnote 3", provenance=SUBMITTED,
                 inputs={f"fixtures[{line.index}]": line.flow_gpm for line in connected if line.footnote3_volume_gal})
    run.step(key="gravity.required", title="Required gravity interceptor volume (code minimum)",
             value=volume + fn3_total, unit="gal", citation=cite, provenance=table.level_label(),
             inputs={"table_volume_gal": volume, "footnote3_volume_gal": fn3_total},
             note="the code minimum; choose a listed product of at least this volume")
    return out, dfu_total


def _uncarried_indirect(sub: Submittal, line: FixtureLine) -> bool:
    """An indirect appliance whose load no listed receptor carries and that gives no flow (0 DFU, 0 gal)."""
    f = next(f for f in sub.fixtures if f.index == line.index)
    return (f.indirect and f.flow_gpm is None and f.dfu is None
            and not receptor_carries(sub, f, receptor_connected(sub.fixtures)))


def _pipe_capacity_check(pipe_in: float, dfu_total: float, run: _Run) -> None:
    try:
        max_dfu, row, size_in, _ = grav.pipe_max_dfu(pipe_in, run.edition)
    except ValueError:
        run.warn("inlet_pipe_unlisted", f"inlet_pipe {fmt_size(pipe_in)} is not a size Table 703.2 lists; its capacity was not checked")
        return
    run.table("703.2")
    if dfu_total > max_dfu:
        run.warn("inlet_pipe_overloaded", f"{show(dfu_total, 'DFU')} exceeds the {show(max_dfu, 'DFU')} a {fmt_size(size_in)} horizontal drain "
                            f"carries (CPC {run.edition}, Table 703.2): check the inlet pipe size")


# --- Hydromechanical (Table 1014.2.1, PDI fixture-capacity method) ---------------------------------------

def _hydromechanical(sub: Submittal, connected: list[FixtureLine], run: _Run) -> dict[str, Any]:
    pdi = run.table("pdi-ratings")
    out: dict[str, Any] = {
        "method": "PDI G-101 fixture-capacity method: sum of drainage loads of the connected fixtures",
        "fixture_volume_gal": None, "drainage_load_gal": None, "added_flow_gpm": 0.0,
        "one_minute_flow_gpm": None, "two_minute_flow_gpm": None,
        "rated_one_minute_gpm": None, "rated_two_minute_gpm": None,
        "grease_capacity_lb": None, "grease_capacity_two_minute_lb": None,
        "by_pipe_one_minute_gpm": None, "by_pipe_two_minute_gpm": None, "by_pipe_full_pipe_flow_gpm": None,
        "inlet_pipe_in": sub.inlet_pipe_in, "citation": "PDI G-101; ASME A112.14.3 Appendix A",
        "provenance": pdi.provenance, "message": None,
        # connected fixture lines the fixture-capacity sum leaves out (neither dimensions nor a flow): every value
        # above is then a lower bound
        "left_out": [],
    }
    volume, flows, counted = _hgi_fixture_sum(sub, connected, run, pdi.provenance)
    left_out = [line for line in connected if line.count and line.index not in counted]
    if left_out and counted:
        # a partial design flow would understate the HGI: name what it leaves out
        out["left_out"] = [_name(sub, line) for line in left_out]
        listed = ", ".join(out["left_out"])
        run.warn("hgi_left_out", f"the fixture-capacity (PDI) method leaves out {len(left_out)} connected fixture line"
                            f"{'s' if len(left_out) != 1 else ''} with neither dimensions nor a flow: {listed}; give "
                            "a sink's length, width and depth, or an appliance's or drain's flow, to include it")
    if not counted:
        out["message"] = ("no connected fixture gives sink dimensions (length, width, depth) or a flow: "
                          "the fixture-capacity method has nothing to size")
    else:
        _hgi_ratings(out, volume, flows, run, pdi)
    if sub.inlet_pipe_in is not None:
        _hgi_by_pipe(sub.inlet_pipe_in, out, run)
    return out


def _hgi_fixture_sum(sub: Submittal, connected: list[FixtureLine], run: _Run,
                     provenance: str) -> tuple[float, float, list[int]]:
    """PDI G-101 step 1 over the connected lines: the fixture volume [gal] of those with dimensions, the flow [gpm]
    of those with a flow, and which lines were counted (a step each)."""
    by_index = {f.index: f for f in sub.fixtures}
    volume = 0.0
    flows = 0.0
    counted = []
    for line in connected:
        f = by_index[line.index]
        if f.has_dimensions and f.count:
            v = hgi.fixture_volume_gal(f.length_in, f.width_in, f.depth_in, f.compartments) * f.count
            volume += v
            counted.append(f.index)
            comp = f" ({f.compartments} compartments (type default))" if f.compartments_default else ""
            run.step(key=f"hgi.volume.fixtures[{f.index}]",
                     title=f"Fixture volume of {names.fixture(f.index, f.name)}: {f.count} x {f.compartments} x "
                           f"{number(f.length_in, 'length')} x {number(f.width_in, 'length')} x {show(f.depth_in, 'in')} / 231{comp}",
                     value=round(v, 2), unit="gal", citation="PDI G-101, step 1", provenance=provenance,
                     inputs={"length_in": f.length_in, "width_in": f.width_in, "depth_in": f.depth_in,
                             "compartments": f.compartments, "count": f.count})
        elif f.flow_gpm is not None and f.count:
            flows += f.flow_gpm * f.count
            counted.append(f.index)
            run.step(key=f"hgi.flow.fixtures[{f.index}]",
                     title=f"Rated flow of {names.fixture(f.index, f.name)} added to the design flow", value=f.flow_gpm * f.count,
                     unit="gpm", citation="PDI G-101 (appliances: manufacturer's flow rate)", provenance=SUBMITTED,
                     inputs={"flow_gpm": f.flow_gpm, "count": f.count})
    return volume, flows, counted


def _hgi_ratings(out: dict[str, Any], volume: float, flows: float, run: _Run, pdi: Any) -> None:
    """PDI G-101 steps 2-5: the drainage load, the 1- and 2-minute flows and their next larger standard ratings."""
    load = hgi.drainage_load_gal(volume)
    out.update(fixture_volume_gal=round(volume, 2), drainage_load_gal=round(load, 2), added_flow_gpm=flows)
    run.step(key="hgi.load", title="Drainage load = 75 % of the fixture volume", value=round(load, 2), unit="gal",
             citation="PDI G-101, step 2", provenance=pdi.provenance,
             inputs={"fixture_volume_gal": round(volume, 2), "fill_factor": pdi.meta["fill_factor"]})
    for minutes, key in ((1, "one_minute"), (2, "two_minute")):
        flow = hgi.design_flow_gpm(load, minutes) + flows
        rating, grease = hgi.hgi_rating(flow)
        out[f"{key}_flow_gpm"] = round(flow, 2)
        out[f"rated_{key}_gpm"] = rating
        out["grease_capacity_lb" if minutes == 1 else "grease_capacity_two_minute_lb"] = grease
        run.step(key=f"hgi.{key}", title=f"{minutes}-minute drainage: {show(load, 'gal')} / {minutes} min"
                 + (f" + {show(flows, 'gpm')}" if flows else "") + " -> next larger standard rating",
                 value=rating, unit="gpm", citation="PDI G-101, steps 3-5", provenance=pdi.provenance,
                 inputs={"flow_gpm": round(flow, 2)},
                 note=(f"grease capacity {grease} lb (2 lb per gpm)" if rating else
                       f"{show(flow, 'gpm')} is above the largest standard rating "
                       f"({pdi.rows[-1]['rating_gpm']} gpm): use several units or a gravity interceptor"))
        if rating is None:
            run.warn("hgi_above_largest", f"{minutes}-minute HGI flow {show(flow, 'gpm')} is above the largest standard rating")
            continue
        _smaller_unit_warning(load, flows, flow, minutes, rating, run)
        if volume > pdi.meta["legacy_capacity_ratio"] * rating:
            run.warn("hgi_rule_of_thumb", f"fixture capacity {show(volume, 'gal')} exceeds {pdi.meta['legacy_capacity_ratio']:g} x the "
                                f"{rating} gpm rating (legacy rule of thumb; secondary)")


def _hgi_by_pipe(pipe_in: float, out: dict[str, Any], run: _Run) -> None:
    """CPC Table 1014.2.1: the HGI size for the grease waste pipe, 1- and 2-minute drainage."""
    ed = run.edition
    row, size_in = hgi.hgi_by_pipe(pipe_in, ed)
    t = run.table("1014.2.1")
    if row is None:
        listed = ", ".join(fmt_size(s) for s in t.column("pipe_in"))
        msg = f"Table 1014.2.1 lists grease waste pipes of {listed}; {fmt_size(pipe_in)} is not listed"
        out["message"] = (out["message"] + "; " if out["message"] else "") + msg
        run.warn("hgi_pipe_unlisted", msg)
        return
    out.update(by_pipe_one_minute_gpm=row["one_minute_gpm"], by_pipe_two_minute_gpm=row["two_minute_gpm"],
               by_pipe_full_pipe_flow_gpm=row["full_pipe_flow_gpm"])
    run.step(key="hgi.by_pipe", title=f"HGI size for a {fmt_size(size_in)} grease waste pipe",
             value=row["one_minute_gpm"], unit="gpm", citation=f"CPC {ed}, Section 1014.2.1, Table 1014.2.1",
             provenance=t.level_label(), inputs={"inlet_pipe_in": pipe_in}, table_row=row,
             note=f"1-minute drainage {row['one_minute_gpm']} gpm; 2-minute drainage {row['two_minute_gpm']} gpm")


def _smaller_unit_warning(load: float, flows: float, flow: float, minutes: int, rating: int, run: _Run) -> None:
    smaller = hgi.next_smaller_rating(flow)
    if smaller is None or flow > smaller * (1 + hgi.SMALLER_UNIT_WARNING_FRACTION):
        return
    if flows:
        run.warn("hgi_smaller_unit", f"a {smaller} gpm unit, as some published selections round down to, is below the "
                            f"{minutes}-minute design flow of {show(flow, 'gpm')}; the code selection is the next larger "
                            f"rating, {rating} gpm", minutes=minutes, smaller_gpm=smaller, rating_gpm=rating)
        return
    drain = hgi.drain_down_minutes(load, smaller)
    run.warn("hgi_smaller_unit", f"a {smaller} gpm unit, as some published selections round down to, would take {drain:.2f} min "
                        f"to drain the {show(load, 'gal')} load (over the {minutes}-minute period); the code selection is "
                        f"the next larger rating, {rating} gpm", minutes=minutes, smaller_gpm=smaller, rating_gpm=rating)


# --- Meals cross-check ---------------------------------------------------------------------------------

def _meals(sub: Submittal, run: _Run) -> dict[str, Any] | None:
    m = sub.meals
    if m is None:
        return None
    table = run.table("meals-factors")
    drains = [f for f in sub.fixtures if f.connected and f.count]
    basis: dict[str, str] = {}
    if m.meals_per_peak_hour is not None:
        meals, basis["meals_per_peak_hour"] = m.meals_per_peak_hour, "given"
    else:
        meals = m.seats * m.meal_factor
        name = f" ({m.meal_factor_name.replace('_', ' ')})" if m.meal_factor_name else ""
        basis["meals_per_peak_hour"] = f"{m.seats:g} seats x meal factor {m.meal_factor:g}{name}"
    single = bool(m.single_service)
    if m.waste_flow_rate_gal is not None:
        waste, basis["waste_flow_rate"] = m.waste_flow_rate_gal, "given"
    else:
        dish = m.dishwashing_machine if m.dishwashing_machine is not None else any(f.kind.dishwasher for f in drains)
        disposer = (m.food_waste_disposer if m.food_waste_disposer is not None
                    else any(f.kind.food_grinder for f in drains))
        waste, basis["waste_flow_rate"] = meals_clause.waste_flow_rate(dish, single, disposer)
        if m.dishwashing_machine is None or m.food_waste_disposer is None:
            basis["waste_flow_rate"] += (" (dishwasher / disposer: only those connected to the interceptor in the "
                                         "fixture list count)")
    if m.retention_time_h is not None:
        retention, basis["retention_time"] = m.retention_time_h, "given"
    else:
        retention, basis["retention_time"] = meals_clause.retention_time(single)
    if m.storage_factor is not None:
        storage, basis["storage_factor"] = m.storage_factor, "given"
    else:
        hours = m.hours_of_operation_h
        if hours is None and not single:
            hours = table.meta["storage_factor"]["default_hours_of_operation"]
        storage, basis["storage_factor"] = meals_clause.storage_factor(hours, single)
        if m.hours_of_operation_h is None and not single:
            basis["storage_factor"] += f" (default: no hours_of_operation given, taken as {hours:g} h)"
            run.warn("meals_hours_default", f"meals.hours_of_operation not given: the meals cross-check takes {hours:g} h of "
                                f"operation (storage factor {storage:g}, not the least conservative); give "
                                "hours_of_operation or storage_factor")
    volume = meals_clause.meals_volume_gal(meals, waste, retention, storage)
    cite = "UPC Appendix H (pre-2006), meals formula, as reproduced by contractor and agency pages; cross-check only"
    run.step(key="meals.volume", title=f"Meals formula {meals_clause.FORMULA_TEXT}: {meals:g} x {waste:g} x "
             f"{retention:g} x {storage:g}", value=round(volume, 2), unit="gal", citation=cite,
             provenance=table.provenance,
             inputs={"meals_per_peak_hour": meals, "waste_flow_rate_gal_per_meal": waste,
                     "retention_time_h": retention, "storage_factor": storage},
             note="; ".join(f"{k}: {v}" for k, v in basis.items()))
    return {"volume_gal": round(volume, 2), "meals_per_peak_hour": meals, "waste_flow_rate_gal_per_meal": waste,
            "retention_time_h": retention, "storage_factor": storage, "basis": basis, "citation": cite,
            "provenance": table.provenance, "formula": meals_clause.FORMULA_TEXT,
            "sources": dict(table.meta.get("factor_sources") or {})}

"""One fixture line of a submittal: its DFU by Tables 702.1 and 702.2(1), its footnote-3 volume, its warnings.

The single place these rules are applied: ``sizing size`` (:mod:`sizing.cpc.size`) calls them for each line, the
inventory batch (:mod:`sizing.batch`) for each distinct kind of line and spreads the results over its rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from sizing.coded_warnings import Note
from sizing.cpc import dfu as dfu_clause
from sizing.cpc import fmt_size
from sizing.cpc import gravity as grav
from sizing.errors import SizingInputError
from sizing.io.submittal import Fixture
from sizing.io.tables import Table, load_table
from sizing.jurisdiction.profile import Jurisdiction
from sizing.quantities import number, show
from sizing.result import FixtureLine, Step

SUBMITTED = "submitted"  # provenance of a value the submitter gave (an explicit dfu or flow)


class Naming(NamedTuple):
    """How the errors of a line name its trap field (``{path}``: ``fixtures[i]``) and what a type without a value
    needs."""

    trap: str
    needs: str


SUBMITTAL = Naming("{path}.trap_size", "needs a trap_size (e.g. '2 in'), a flow or a dfu")
INVENTORY = Naming("trap_size_in", "needs a trap_size_in (e.g. 2 for a 2 in trap) or a flow_gpm")


class Run:
    """Collects steps, warnings and the tables a calculation used."""

    def __init__(self, edition: str):
        self.edition = edition
        self.steps: list[Step] = []
        self.warnings: list[str] = []
        self.tables: dict[str, Table] = {}
        #: the keys of the warnings given with ``warn`` (what the inventory batch reports per submittal)
        self.warned: set[str] = set()

    def table(self, name: str) -> Table:
        t = load_table(name, self.edition)
        self.tables[name] = t
        return t

    def warn(self, key: str, text: str, **detail: Any) -> None:
        """A warning under its code (:class:`sizing.coded_warnings.Note`)."""
        self.warnings.append(Note(key, text, **detail))
        self.warned.add(key)

    def step(self, **kw: Any) -> Step:
        s = Step(**kw)
        self.steps.append(s)
        return s



def fixture_line(f: Fixture, run: Run, receptor_listed: bool, naming: Naming = SUBMITTAL) -> FixtureLine:
    """The DFU (and footnote-3 volume) of one fixture line, each rule of Tables 702.1 and 702.2(1) and footnote 3
    applied here only: a listed row (a larger trap by Table 702.2(1)), a type without a row by its trap size (the
    type's usual trap when none is given), a flow by footnote 3 (0 gal for an indirect appliance whose listed
    receptor carries it), an indirect fixture 0 DFU at its receptor, an explicit dfu as given.
    ``receptor_listed``: a floor sink or floor drain connected to the interceptor is listed. ``naming`` words the
    errors for the document read (a submittal's ``fixtures[i].trap_size``, an inventory's ``trap_size_in``)."""
    path = f"fixtures[{f.index}]"
    c = _counted(f, run, receptor_listed, naming)
    each = c.each
    dfu = each * f.count
    line = FixtureLine(index=f.index, type=f.type, name=f.name, count=f.count, area=f.area, connected=f.connected,
                       dfu_each=each, dfu=dfu, basis=c.basis, citation=c.citation, provenance=c.provenance,
                       flow_gpm=f.flow_gpm, footnote3_volume_gal=c.fn3, override=c.override)
    if f.connected:
        on = "connected, as the submittal states" if f.connected_given is not None else (
            f.connected_basis if f.connected_basis and f.connected_basis != "connected by default" else "connected")
    elif f.connected_given is None:
        on = f.connected_basis or "not connected"
    else:
        on = "not connected to the interceptor: not counted"
    run.step(key=f"dfu.{path}", title=f"DFU of fixture {f.index + 1}: {f.count} x {f.name} ({on})", value=dfu,
             unit="DFU",
             citation=c.citation, provenance=c.provenance, inputs={"type": f.type, "count": f.count, "dfu_each": each},
             note=c.basis if c.flow_used is None else c.basis + (c.fn3_note or f"; adds {show(c.fn3, 'gal')}"))
    return line


class Counted(NamedTuple):
    """How one line is counted: DFU each, the basis in words, its citation and level, a given dfu (override), the
    footnote-3 volume [gal], the flow it rests on, and a note on that volume."""

    each: float
    basis: str
    citation: str
    provenance: str
    override: bool = False
    fn3: float = 0.0
    flow_used: float | None = None
    fn3_note: str = ""


def _counted(f: Fixture, run: Run, receptor_listed: bool, naming: Naming) -> Counted:
    """The rule of Tables 702.1 / 702.2(1) or footnote 3 that counts ``f`` (see :func:`fixture_line`)."""
    ed, kind, path = run.edition, f.kind, f"fixtures[{f.index}]"
    trap_field = naming.trap.format(path=path)
    fn3, flow_used, override, fn3_note = 0.0, None, False, ""
    if f.dfu is not None:
        each, basis, citation, prov, override = f.dfu, "dfu given by the submitter (override)", "submittal", SUBMITTED, True
        if kind.row:
            try:
                table_dfu = dfu_clause.fixture_dfu_with_trap(kind.row, f.trap_size_in, ed, kind.rows_by_trap)["dfu"]
            except ValueError:   # a trap above Table 702.2(1): the tables give no value to compare with
                table_dfu = f.dfu
            if table_dfu != f.dfu:
                run.warn("dfu_override", f"{path}: dfu {number(f.dfu, 'dfu')} given for {kind.label}, where Table 702.1 gives "
                                         f"{number(table_dfu, 'dfu')}; the given value is used")
    elif kind.row:
        each, basis, citation, prov = _by_row(f, run, trap_field)
    elif f.trap_size_in is not None or (kind.trap_in is not None and f.flow_gpm is None):
        trap = f.trap_size_in if f.trap_size_in is not None else kind.trap_in
        try:
            each, row, size_in, note = dfu_clause.trap_dfu(trap, ed)
        except ValueError as exc:
            raise SizingInputError(trap_field, f"{show(trap, 'in')}", f"a trap size {exc}") from None
        table = run.table("702.2-1")
        basis = f"Table 702.2(1): {fmt_size(size_in)} trap" + (f" ({note})" if note else "")
        if f.trap_size_in is None:
            basis += f" (no trap_size given; the type's usual trap: {kind.source})"
            run.warn("default_trap", f"{path}: {kind.label} has no trap_size; counted at a {fmt_size(size_in)} trap "
                                     f"({show(each, 'DFU')}, Table 702.2(1)); give its trap_size, flow or dfu if it differs")
        citation, prov = f"CPC {ed}, Table 702.2(1)", table.level_label(row)
    elif f.flow_gpm is not None:
        minutes = run.table("1014.3.6").meta["footnote_3_minutes"]
        each, flow_used = 0.0, f.flow_gpm
        carried = f.indirect and receptor_listed
        fn3 = grav.footnote_3_volume(f.flow_gpm, ed) * f.count if f.connected and not carried else 0.0
        if carried:
            basis = (f"indirect waste: its {show(f.flow_gpm, 'gpm')} drains to a listed floor sink or floor drain whose "
                     "DFU carries it; footnote 3 (gpm x 30 min) applies only to directly connected appliances")
            fn3_note = "; adds 0 gal"
        else:
            how = "indirect, but no receptor is listed: counted as if directly connected" if f.indirect \
                else "directly connected"
            basis = f"no DFU value, {how}: {show(f.flow_gpm, 'gpm')} x {minutes} min (footnote 3)"
        citation, prov = f"CPC {ed}, Table 1014.3.6, footnote 3", SUBMITTED
    elif f.indirect:
        each, basis = 0.0, "indirect waste: its load is counted at the receptor (floor sink or floor drain)"
        citation, prov = f"CPC {ed}, Table 702.1 (indirect waste receptors)", "derived"
    else:
        why = kind.note or f"{kind.label} has no Table 702.1 value"
        raise SizingInputError(trap_field, None, "", message=f"{trap_field}: {f.type} {naming.needs}; {why}")
    return Counted(each, basis, citation, prov, override, fn3, flow_used, fn3_note)


def _by_row(f: Fixture, run: Run, trap_field: str) -> tuple[float, str, str, str]:
    """A listed type: its Table 702.1 row, or Table 702.2(1) for a trap larger than the row's (CPC 702.2)."""
    ed, kind = run.edition, f.kind
    try:
        r = dfu_clause.fixture_dfu_with_trap(kind.row, f.trap_size_in, ed, kind.rows_by_trap)
    except ValueError as exc:
        raise SizingInputError(trap_field, f"{show(f.trap_size_in, 'in')}", f"a trap size {exc}") from None
    each, row = r["dfu"], r["row"]
    table = run.table("702.1")
    trap_note = f"; {r['note']}" if r["note"] else ""
    if r["by_trap_table"] is not None:
        t2 = run.table("702.2-1")
        basis = (f"Table 702.1: {row['fixture']} is listed for a {fmt_size(row['min_trap_in'])} trap; its "
                 f"{fmt_size(r['trap_size_in'])} trap takes Table 702.2(1): {show(each, 'DFU')}{trap_note}")
        citation, prov = f"CPC {ed}, Table 702.1; Table 702.2(1)", t2.level_label(r["by_trap_table"])
    else:
        basis = f"Table 702.1: {row['fixture']}" + (f" ({fmt_size(r['trap_size_in'])} trap{trap_note})"
                                                      if r["trap_size_in"] is not None else "")
        citation, prov = f"CPC {ed}, Table 702.1", table.level_label(row)
    if kind.provenance == "derived" and kind.source:
        basis += f"; {kind.label} is counted on this row (project mapping: {kind.source})"
    return each, basis, citation, prov


def receptor_connected(fixtures: Iterable[Fixture]) -> bool:
    """A floor sink or floor drain connected to the interceptor is listed (it receives indirect waste)."""
    return any(f.connected and f.kind.receptor for f in fixtures)


def line_warnings(f: Fixture, line: FixtureLine, jurisdiction: Jurisdiction, receptor_listed: bool, run: Run) -> None:
    """The warnings on one fixture line, each under its key (``run.warn``): connected as given where the
    jurisdiction says it shall not be (``forbidden_connection``), a default connection on an unconfirmed basis
    (``unconfirmed_default``), an indirect fixture with no receptor (``indirect_no_receptor``), a type that is not
    listed (``unlisted``)."""
    kind = f.kind
    if line.connected and line.count and f.connected_given:
        for flag, rule_key, what in ((f.sanitary, "sanitary_connection", "a toilet, urinal or restroom wash "
                                      "basin shall not discharge to a grease interceptor"),
                                     (kind.dishwasher, "dishwasher_connection", "a dishwasher shall not be "
                                      "connected to the grease interceptor")):
            if flag:
                rule = jurisdiction.sizing_rule(rule_key)
                if rule["value"] == "shall_not":
                    run.warn("forbidden_connection", f"fixtures[{line.index}]: {line.count} x {line.name} is "
                             f"connected to the interceptor as the submittal states and is counted ({show(line.dfu, 'DFU')}), "
                             f"but {what} ({rule['citation']})", fixture=line.index, rule=rule_key)
    if f.connected_given is None and line.count:
        for flag, rule_key in ((f.sanitary, "sanitary_connection"), (kind.dishwasher, "dishwasher_connection")):
            rule = jurisdiction.sizing_rule(rule_key) if flag else None
            if rule is not None and rule.get("provenance") == "unconfirmed":
                run.warn("unconfirmed_default", f"fixtures[{line.index}]: {line.count} x {line.name} is "
                         f"{'counted as connected' if line.connected else 'not counted'} by the "
                         f"jurisdiction's default, whose basis is unconfirmed ({rule['citation']}); "
                         "state connected_to_interceptor to settle it", fixture=line.index, rule=rule_key)
    if kind.sanitary and kind.wash_basin and not f.sanitary and line.count:
        run.warn("wash_basin_in_kitchen", f"fixtures[{line.index}]: {line.count} x {line.name} is placed in the "
                 f"{f.area.replace('_', ' ')} area, so it is taken as a kitchen hand sink, "
                 f"{'connected and counted' if line.connected else 'not connected'} as the submittal says "
                 f"({show(line.dfu, 'DFU')}); a restroom wash basin is area: restroom and stays off the grease line")
    if f.indirect and line.dfu == 0 and not receptor_listed:
        run.warn("indirect_no_receptor", f"fixtures[{line.index}]: {kind.label} drains indirectly, but no floor sink "
                 "or floor drain is listed to receive it; list its receptor")
    if not kind.listed:
        run.warn("unlisted", f"fixtures[{line.index}]: {line.type!r} is not a listed fixture type; "
                 f"counted by the value it gives ({line.basis})")

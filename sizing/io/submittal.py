"""The submittal: a YAML/JSON document turned once into typed, immutable objects.

Units are resolved here and nowhere else: every length is in [in], flow in [gpm], volume in [gal],
time in [h], temperature in [degF]. The schema is documented in ``schema/submittal.schema.json``.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sizing.coded_warnings import Note
from sizing.errors import SizingInputError, shown
from sizing.io import fields as parse
from sizing.io.sections import declarations as declarations_section
from sizing.io.sections import interceptor as interceptor_section
from sizing.io.sections import review_notes as review_notes_section
from sizing.io.sections.declarations import Declarations
from sizing.io.sections.edition import choose_edition
from sizing.io.sections.interceptor import Interceptor
from sizing.io.sections.meals import MEALS_FIELDS, Meals, parse_meals  # noqa: F401  (MEALS_FIELDS: the submittal's names)
from sizing.io.sections.review_notes import ReviewerNote
from sizing.io.sections.top_level import PROJECT_FIELDS, TOP_LEVEL  # the names every document reader checks
from sizing.io.tables import DEFAULT_EDITION, load_table
from sizing.io.units import parse_quantity
from sizing.jurisdiction.profile import Jurisdiction, connection_default, default_jurisdiction
from sizing.quantities import show

if TYPE_CHECKING:  # pragma: no cover  (sections.waiver reads a Submittal: imported when a waiver is parsed)
    from sizing.io.sections.waiver import WaiverApplication

CONSTRUCTION = ("new", "existing", "remodel", "change_of_ownership", "change_in_operations")
AREAS = ("food_prep", "cleanup", "restroom", "other")
FIXTURE_FIELDS = ("type", "count", "area", "connected_to_interceptor", "indirect", "trap_size", "flow", "compartments",
                  "length", "width", "depth", "dfu", "label", "sheet", "drains_to", "notes")
#: An unknown fixture type is offered a known name only when it is this close (difflib ratio): a typo, never
#: an unrelated type.
CLOSE_NAME_CUTOFF = 0.8
#: Fixture lines one submittal may list (a large kitchen lists under 200; the inventory batch has no
#: such limit). A longer list is refused before anything is sized.
MAX_FIXTURES = 2_000
#: A sink deeper than this is legal but suspicious: a warning, not an error.
SUSPICIOUS_SINK_DEPTH_IN = 24.0


@dataclass(frozen=True)
class FixtureType:
    key: str
    label: str
    row: str | None
    area: str
    indirect: bool = False
    receptor: bool = False
    sanitary: bool = False
    #: a hand-washing basin: sanitary in a restroom, a kitchen fixture in a food preparation or clean-up area
    wash_basin: bool = False
    dishwasher: bool = False
    food_grinder: bool = False
    note: str | None = None
    rows_by_trap: Mapping[str, str] | None = None
    listed: bool = True
    compartments: int = 1
    counted: str | None = None
    trap_in: float | None = None
    provenance: str = "derived"
    source: str | None = None


@lru_cache(maxsize=1)
def fixture_types() -> dict[str, FixtureType]:
    """The fixture types a submittal may name (``tables/common/fixture-types.yaml``)."""
    spec = load_table("fixture-types").meta["types"]
    types = {}
    for key, info in spec.items():
        info = dict(info)
        info.pop("aliases", None)
        types[key] = FixtureType(key=key, **info)
    return types


@lru_cache(maxsize=1)
def fixture_aliases() -> dict[str, str]:
    spec = load_table("fixture-types").meta["types"]
    return {alias: key for key, info in spec.items() for alias in info.get("aliases", ())}


@dataclass(frozen=True)
class Fixture:
    """One line of the fixture schedule, in code units."""

    index: int
    type: str
    count: int = 1
    area: str = "other"
    connected: bool = True
    trap_size_in: float | None = None
    flow_gpm: float | None = None
    compartments: int = 1
    length_in: float | None = None
    width_in: float | None = None
    depth_in: float | None = None
    dfu: float | None = None
    label: str | None = None
    #: the plan sheet that shows it (``P-2``), for the correction letter
    sheet: str | None = None
    #: an indirect appliance's receptor as given: a fixture line's label or its 1-based number
    drains_to: str | None = None
    #: the 0-based index of the receptor line ``drains_to`` names (resolved when the submittal is read)
    receptor_index: int | None = None
    #: the submittal left compartments out and the type's nominal count was used
    compartments_default: bool = False
    #: connected_to_interceptor as given (None: the default by type / jurisdiction, see ``connected_basis``)
    connected_given: bool | None = None
    connected_basis: str | None = None
    #: drains through an air gap to a receptor (given, or the type's default)
    indirect: bool = False

    @property
    def kind(self) -> FixtureType:
        known = fixture_types().get(self.type)
        if known:
            return known
        return FixtureType(key=self.type, label=self.type.replace("_", " ").capitalize(), row=None,
                           area="other", listed=False)

    @property
    def sanitary(self) -> bool:
        """Sanitary for the connection rules: a toilet or urinal anywhere, any fixture in a restroom, and a wash
        basin (a lavatory) unless the submittal places it in a food preparation or clean-up area.

        >>> tracy = default_jurisdiction()
        >>> make_fixture(0, "hand_sink", tracy, area="restroom").sanitary
        True
        >>> make_fixture(0, "lavatory", tracy, area="food_prep").sanitary
        False
        """
        return sanitary_at(self.kind, self.area)

    @property
    def has_dimensions(self) -> bool:
        return self.length_in is not None

    @property
    def name(self) -> str:
        return self.label or self.kind.label


@dataclass(frozen=True)
class Submittal:
    #: The jurisdiction the submittal is read, sized and reviewed under (resolved once where the choice was made).
    jurisdiction: Jurisdiction
    edition: str = DEFAULT_EDITION
    construction: str = "new"
    project: Mapping[str, str] = field(default_factory=dict)
    fixtures: tuple[Fixture, ...] = ()
    inlet_pipe_in: float | None = None
    meals: Meals | None = None
    application_date: Any = None
    #: why this edition applies (the file, --edition, or the application date)
    edition_basis: str = ""
    #: The whole document as given, for the section parsers (sizing.io.sections) and has_section(); the parsed
    #: sections are below, and nothing downstream reads this.
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)
    warnings: tuple[str, ...] = ()
    #: The proposed interceptor (``interceptor`` section); None when the submittal shows none.
    interceptor: Interceptor | None = None
    #: The review's declarations (discharge temperature, food grinder approval, additives, existing FSE, review date).
    declarations: Declarations = field(default_factory=Declarations)
    #: The plan checker's notes by finding rule id (``review_notes``), every entry as written.
    review_notes: Mapping[Any, ReviewerNote] = field(default_factory=dict)
    #: The ``waiver``, ``application`` and ``revocation`` sections (sizing.io.sections.waiver), parsed when the
    #: document is read under a jurisdiction that grants waivers; None without a waiver section.
    waiver: WaiverApplication | None = None

    def has_section(self, name: str) -> bool:
        """Whether the document gives the top-level section ``name`` (e.g. a ``waiver`` the profile may not read)."""
        return self.raw.get(name) is not None


def load(path: str | Path, edition: str | None = None, jurisdiction: Jurisdiction | None = None) -> Submittal:
    """Read and validate a submittal file (YAML or JSON) under ``jurisdiction`` (None: the default profile)."""
    return from_dict(parse.load_document(path), edition=edition, jurisdiction=jurisdiction)


def from_dict(data: Mapping[str, Any], edition: str | None = None,
              jurisdiction: Jurisdiction | None = None) -> Submittal:
    """Validate a submittal mapping. ``edition`` (e.g. from ``--edition``) overrides the file's;
    ``jurisdiction`` (None: the default profile) gives the default connections and is carried on the submittal
    for the size, the review and the waiver."""
    jurisdiction = jurisdiction if jurisdiction is not None else default_jurisdiction()
    data = parse.mapping("", data, TOP_LEVEL)
    warnings: list[str] = []
    chosen, basis, app_date = choose_edition(data, edition, warnings)
    construction = parse.choice("construction", data.get("construction"), CONSTRUCTION, default="new")
    project_raw = parse.mapping("project", data.get("project"), PROJECT_FIELDS, default={})
    project = parse.project("project", project_raw)
    fixtures_raw = parse.sequence("fixtures", data.get("fixtures"), default=[])
    if len(fixtures_raw) > MAX_FIXTURES:
        raise SizingInputError("fixtures", None, "", message=(
            f"fixtures: {len(fixtures_raw):,} fixture lines; the limit for one submittal is {MAX_FIXTURES:,} "
            "(size an inventory with sizing batch)"))
    fixtures = tuple(_fixture(i, item, warnings, jurisdiction) for i, item in enumerate(fixtures_raw))
    fixtures = resolve_receptors(fixtures)
    inlet = data.get("inlet_pipe")
    inlet_in = None if inlet is None else parse_quantity("inlet_pipe", inlet, "in", minimum=0, strict_minimum=True,
                                                        maximum=48)
    meals = None if data.get("meals") is None else parse_meals(data["meals"])
    if not fixtures and inlet_in is None and meals is None:
        raise SizingInputError("fixtures", None, "", message=(
            "fixtures: nothing to size; give a fixtures list, an inlet_pipe or a meals section"))
    interceptor = interceptor_section.parse_interceptor(data.get(interceptor_section.SECTION))
    declarations = declarations_section.parse_declarations(data)
    notes = review_notes_section.parse_review_notes(data.get(review_notes_section.SECTION))
    sub = Submittal(edition=chosen, construction=construction, project=project, fixtures=fixtures,
                    inlet_pipe_in=inlet_in, meals=meals, raw=dict(data), warnings=tuple(warnings),
                    application_date=app_date, edition_basis=basis, jurisdiction=jurisdiction,
                    interceptor=interceptor,
                    declarations=declarations, review_notes=notes)
    if data.get("waiver") is not None and jurisdiction.has_waivers:  # under a profile without waivers it is not read
        from sizing.io.sections.waiver import parse_waiver

        sub = replace(sub, waiver=parse_waiver(data, jurisdiction, review_date=declarations.review_date,
                                               meals_seats=None if meals is None else meals.seats))
    return sub


def resolve_receptors(fixtures: tuple[Fixture, ...]) -> tuple[Fixture, ...]:
    """Each ``drains_to`` as the index of the receptor line it names: a line's label, or its fixture number
    counted from 1; the line must be a floor sink or floor drain, and not the appliance itself."""
    if not any(f.drains_to for f in fixtures):
        return fixtures
    labels: dict[str, list[int]] = {}
    for f in fixtures:
        if f.label:
            labels.setdefault(f.label.strip().casefold(), []).append(f.index)
    out = []
    for f in fixtures:
        if not f.drains_to:
            out.append(f)
            continue
        path, given = f"fixtures[{f.index}].drains_to", f.drains_to.strip()
        expected = ("the label of a floor sink's or floor drain's line, or its fixture number "
                    f"(1 to {len(fixtures)})")
        found = labels.get(given.casefold(), [])
        if len(found) > 1:
            raise SizingInputError(path, given, "", message=(
                f"{path}: {given!r} is the label of fixtures {', '.join(str(i + 1) for i in found)}; give each "
                "receptor line its own label, or the fixture number"))
        if found:
            index = found[0]
        elif given.isdigit() and 1 <= int(given) <= len(fixtures):
            index = int(given) - 1
        else:
            raise SizingInputError(path, given, expected)
        target = fixtures[index]
        if index == f.index or not target.kind.receptor:
            raise SizingInputError(path, given, "", message=(
                f"{path}: expected {expected}; fixture {index + 1} is {'the appliance itself' if index == f.index else 'a ' + target.kind.label}, "
                "not a floor sink or floor drain"))
        out.append(replace(f, receptor_index=index))
    return tuple(out)


#: The areas where a wash basin is a kitchen fixture (hand washing at food preparation or clean-up).
KITCHEN_AREAS = ("food_prep", "cleanup")


def sanitary_at(kind: FixtureType | None, area: str | None) -> bool:
    """Whether a fixture of ``kind`` in ``area`` is sanitary for the connection rules (FOG ordinance, Prohibitions
    (e): no toilets, urinals or restroom wash basins on a grease line): any fixture in a restroom; a toilet or urinal
    anywhere; a lavatory unless placed in a kitchen area."""
    if area == "restroom":
        return True
    if kind is None or not kind.sanitary:
        return False
    return not (kind.wash_basin and area in KITCHEN_AREAS)


def default_connection(kind: FixtureType | None, jurisdiction: Jurisdiction, area: str | None = None) -> tuple[bool, str]:
    """Whether a fixture the submittal does not mark is connected to the grease interceptor, and why."""
    if kind is None:
        return connection_default(area == "restroom", False, jurisdiction)
    area = area if area is not None else kind.area
    sanitary = sanitary_at(kind, area)
    if kind.wash_basin and not sanitary:
        return True, (f"connected by default: a hand sink in the {area.replace('_', ' ')} area is a kitchen fixture "
                      "on the grease line (project decision); state connected_to_interceptor: false where it drains "
                      "to the sanitary sewer")
    return connection_default(sanitary, kind.dishwasher, jurisdiction)


def resolve_type(field_name: str, value: Any, accept_unknown: bool) -> str:
    """Normalise a fixture type; an unknown type is accepted only with its own flow, trap size or dfu."""
    if not isinstance(value, str) or not value.strip() or len(value) > 100:
        raise SizingInputError(field_name, value, "a fixture type such as floor_drain or food_prep_sink")
    key = parse.normalise_key(value)
    key = fixture_aliases().get(key, key)
    if key in fixture_types():
        return key
    if accept_unknown:
        parse.printable(field_name, key, single_line=True)  # an appliance's own name is printed in the reports
        return key
    names = list(fixture_types()) + list(fixture_aliases())
    close = difflib.get_close_matches(key, names, n=1, cutoff=CLOSE_NAME_CUTOFF)
    hint = f"did you mean {fixture_aliases().get(close[0], close[0])!r}? " if close else ""
    raise SizingInputError(field_name, value, "", message=(
        f"{field_name}: unknown fixture type {shown(value)}; {hint}known types: {', '.join(fixture_types())}; "
        "any other type needs its own flow, trap_size or dfu (a trap_size such as '2 in' is counted by "
        "Table 702.2(1), a flow such as '5 gpm' by Table 1014.3.6 footnote 3, a dfu as given)"))


def _fixture(i: int, item: Any, warnings: list[str], jurisdiction: Jurisdiction) -> Fixture:
    path = f"fixtures[{i}]"
    item = parse.mapping(path, item, FIXTURE_FIELDS)
    if "type" not in item:
        raise SizingInputError(f"{path}.type", None, "a fixture type such as floor_drain or food_prep_sink")
    own_value = any(item.get(k) is not None for k in ("flow", "trap_size", "dfu"))
    ftype = resolve_type(f"{path}.type", item["type"], accept_unknown=own_value)
    count = parse.whole(f"{path}.count", item.get("count"), minimum=0, default=1)
    area = None if item.get("area") is None else parse.choice(f"{path}.area", item["area"], AREAS)
    given_connected = None if item.get("connected_to_interceptor") is None else parse.boolean(
        f"{path}.connected_to_interceptor", item["connected_to_interceptor"])
    indirect = None if item.get("indirect") is None else parse.boolean(f"{path}.indirect", item["indirect"])
    trap = _opt_length(f"{path}.trap_size", item.get("trap_size"), maximum=12)
    flow = None
    if item.get("flow") is not None:
        flow = parse_quantity(f"{path}.flow", item["flow"], "gpm", minimum=0, maximum=10000)
    compartments = None if item.get("compartments") is None else parse.whole(
        f"{path}.compartments", item["compartments"], minimum=1)
    dims = {k: _opt_length(f"{path}.{k}", item.get(k), maximum=240) for k in ("length", "width", "depth")}
    given = [k for k, v in dims.items() if v is not None]
    if given and len(given) < 3:
        missing = [k for k in ("length", "width", "depth") if k not in given][0]
        raise SizingInputError(f"{path}.{missing}", None, "a length such as '24 in' (length, width and depth go together)")
    if item.get("compartments") is not None and not given:
        raise SizingInputError(f"{path}.length", None, "a length such as '24 in': compartments need the sink's length, width and depth")
    dfu = None if item.get("dfu") is None else parse.number(f"{path}.dfu", item["dfu"], minimum=0, maximum=10000)
    label = None if item.get("label") is None else parse.text(f"{path}.label", item["label"], max_length=200,
                                                              single_line=True)
    sheet = None if item.get("sheet") is None else parse.text(f"{path}.sheet", str(item["sheet"]), max_length=60,
                                                              single_line=True)
    drains_to = None if item.get("drains_to") is None else parse.text(
        f"{path}.drains_to", str(item["drains_to"]), max_length=200, single_line=True)
    if dims["depth"] is not None and dims["depth"] > SUSPICIOUS_SINK_DEPTH_IN:
        warnings.append(Note("deep_sink", f"{path}: a {show(dims['depth'], 'in')} deep compartment is unusual for a sink; check "
                             "the depth", depth_in=dims["depth"]))
    return make_fixture(i, ftype, jurisdiction, count=count, area=area, connected_given=given_connected,
                        indirect=indirect, trap_size_in=trap, flow_gpm=flow, compartments=compartments,
                        length_in=dims["length"], width_in=dims["width"], depth_in=dims["depth"], dfu=dfu, label=label,
                        sheet=sheet, drains_to=drains_to)


def make_fixture(index: int, ftype: str, jurisdiction: Jurisdiction, *, count: int = 1, area: str | None = None,
                 connected_given: bool | None = None, indirect: bool | None = None,
                 trap_size_in: float | None = None, flow_gpm: float | None = None, compartments: int | None = None,
                 length_in: float | None = None, width_in: float | None = None, depth_in: float | None = None,
                 dfu: float | None = None, label: str | None = None, sheet: str | None = None,
                 drains_to: str | None = None) -> Fixture:
    """A fixture line from values already read (``ftype`` as :func:`resolve_type` gives it), each one left out
    (None) taken from the type: the area, whether it drains indirectly, its compartments, and whether it is
    connected (the jurisdiction's default, :func:`default_connection`)."""
    kind = fixture_types().get(ftype)
    area = area if area is not None else kind.area if kind else "other"
    connected, basis = (default_connection(kind, jurisdiction, area) if connected_given is None
                        else (connected_given, "given"))
    chosen = compartments if compartments is not None else kind.compartments if kind else 1
    return Fixture(index=index, type=ftype, count=count, area=area, connected=connected, trap_size_in=trap_size_in, flow_gpm=flow_gpm,
                   compartments=chosen, length_in=length_in, width_in=width_in, depth_in=depth_in, dfu=dfu,
                   label=label, sheet=sheet, drains_to=drains_to,
                   compartments_default=compartments is None and chosen != 1,
                   connected_given=connected_given, connected_basis=basis,
                   indirect=bool(kind and kind.indirect) if indirect is None else indirect)


def _opt_length(field_name: str, value: Any, maximum: float) -> float | None:
    if value is None:
        return None
    return parse_quantity(field_name, value, "in", minimum=0, strict_minimum=True, maximum=maximum)

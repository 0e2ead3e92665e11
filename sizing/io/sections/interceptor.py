"""The ``interceptor`` section: the proposed interceptor and its access manholes, in code units."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io.units import parse_quantity

SECTION = "interceptor"
INTERCEPTOR_TYPES = ("gravity", "hydromechanical")
INTERCEPTOR_FIELDS = ("type", "volume", "rated_flow", "compartments", "liquid_depth", "length", "sanitary_tees",
                      "manholes", "grease_retention_fittings", "accessible", "product", "sheet", "notes")
MANHOLE_FIELDS = ("over", "diameter", "to_grade", "label", "sheet")
#: What a manhole is over: a kind, or a numbered position of it (``chamber_2``, ``sanitary_tee_1``).
MANHOLE_OVER = ("chamber", "sanitary_tee")
MANHOLE_POSITION = re.compile(r"^(chamber|sanitary_tee)(?:_([1-9][0-9]{0,2}))?$")
MANHOLE_OVER_EXPECTED = ("one of chamber, sanitary_tee, chamber_N or sanitary_tee_N (N = 1, 2, ...), "
                         "or a list of them")
#: The fields whose typed text is kept (``given``) for showing and editing them as typed.
GIVEN_FIELDS = ("volume", "rated_flow", "compartments", "liquid_depth", "length", "sanitary_tees", "product", "sheet")


@dataclass(frozen=True)
class Manhole:
    index: int
    #: The positions it is over, normalised: ``("chamber",)``, ``("sanitary_tee_2", "chamber_2")``; None: not shown.
    over: tuple[str, ...] | None
    diameter_in: float | None
    to_grade: bool | None
    label: str | None = None
    #: The plan sheet that shows it (``P-3``).
    sheet: str | None = None
    #: The values as typed (over, diameter, to_grade, label, sheet), for an editor that shows them as typed.
    given: Mapping[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Interceptor:
    """The proposed interceptor, in code units ([gal], [gpm], [in]); None where the plans do not show it."""

    type: str | None = None
    volume_gal: float | None = None
    rated_flow_gpm: float | None = None
    compartments: int | None = None
    liquid_depth_in: float | None = None
    #: The interceptor's inside length [in] (a jurisdiction may ask for an access opening per so many feet of it).
    length_in: float | None = None
    sanitary_tees: int | None = None
    manholes: tuple[Manhole, ...] | None = None
    grease_retention_fittings: bool | None = None
    accessible: bool | None = None
    product: str | None = None
    #: The plan sheet that shows the interceptor (``P-3``).
    sheet: str | None = None
    #: The values as typed (of GIVEN_FIELDS), for showing "1890 L (499.3 gal)".
    given: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def kind(self) -> str | None:
        """The type: as stated, else read from a volume (gravity) or a rated flow (hydromechanical); None when
        neither or both are given."""
        if self.type is not None:
            return self.type
        if self.volume_gal is not None and self.rated_flow_gpm is None:
            return "gravity"
        if self.rated_flow_gpm is not None and self.volume_gal is None:
            return "hydromechanical"
        return None

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "volume_gal": self.volume_gal, "rated_flow_gpm": self.rated_flow_gpm,
                "compartments": self.compartments, "liquid_depth_in": self.liquid_depth_in,
                "length_in": self.length_in,
                "sanitary_tees": self.sanitary_tees,
                "manholes": None if self.manholes is None else [
                    {"over": None if m.over is None else m.over[0] if len(m.over) == 1 else list(m.over),
                     "diameter_in": m.diameter_in, "to_grade": m.to_grade, "label": m.label, "sheet": m.sheet}
                    for m in self.manholes],
                "grease_retention_fittings": self.grease_retention_fittings, "accessible": self.accessible,
                "product": self.product, "sheet": self.sheet}


def parse_interceptor(value: Any, path: str = SECTION) -> Interceptor | None:
    """Parse the ``interceptor`` section; None when the submittal has none. Every error names its field."""
    if value is None:
        return None
    m = parse.mapping(path, value, INTERCEPTOR_FIELDS)
    kind = None if m.get("type") is None else parse.choice(f"{path}.type", m["type"], INTERCEPTOR_TYPES)
    volume = None if m.get("volume") is None else parse_quantity(
        f"{path}.volume", m["volume"], "gal", minimum=0, strict_minimum=True, maximum=parse.MAX_VOLUME_GAL)
    rated = None if m.get("rated_flow") is None else parse_quantity(
        f"{path}.rated_flow", m["rated_flow"], "gpm", minimum=0, strict_minimum=True, maximum=1e5)
    compartments = None if m.get("compartments") is None else parse.whole(
        f"{path}.compartments", m["compartments"], minimum=1)
    depth = None if m.get("liquid_depth") is None else parse_quantity(
        f"{path}.liquid_depth", m["liquid_depth"], "in", minimum=0, strict_minimum=True, maximum=600)
    length = None if m.get("length") is None else parse_quantity(
        f"{path}.length", m["length"], "in", minimum=0, strict_minimum=True, maximum=12_000)
    tees = None if m.get("sanitary_tees") is None else parse.whole(f"{path}.sanitary_tees", m["sanitary_tees"])
    manholes = None
    if m.get("manholes") is not None:
        items = parse.sequence(f"{path}.manholes", m["manholes"])
        manholes = tuple(_manhole(f"{path}.manholes[{i}]", i, item) for i, item in enumerate(items))
    fittings = None if m.get("grease_retention_fittings") is None else parse.boolean(
        f"{path}.grease_retention_fittings", m["grease_retention_fittings"])
    accessible = None if m.get("accessible") is None else parse.boolean(f"{path}.accessible", m["accessible"])
    product = None if m.get("product") is None else parse.text(f"{path}.product", m["product"], max_length=200,
                                                               single_line=True)
    sheet = None if m.get("sheet") is None else parse.text(f"{path}.sheet", str(m["sheet"]), max_length=60,
                                                           single_line=True)
    if m.get("notes") is not None:
        parse.text(f"{path}.notes", m["notes"])
    given = {k: m[k] for k in GIVEN_FIELDS if m.get(k) is not None}
    return Interceptor(type=kind, volume_gal=volume, rated_flow_gpm=rated, compartments=compartments,
                       liquid_depth_in=depth, length_in=length, sanitary_tees=tees, manholes=manholes,
                       grease_retention_fittings=fittings, accessible=accessible, product=product, sheet=sheet,
                       given=given)


def _manhole(path: str, index: int, item: Any) -> Manhole:
    m = parse.mapping(path, item, MANHOLE_FIELDS)
    over = None if m.get("over") is None else manhole_positions(f"{path}.over", m["over"])
    diameter = None if m.get("diameter") is None else parse_quantity(
        f"{path}.diameter", m["diameter"], "in", minimum=0, strict_minimum=True, maximum=240)
    to_grade = None if m.get("to_grade") is None else parse.boolean(f"{path}.to_grade", m["to_grade"])
    label = None if m.get("label") is None else parse.text(f"{path}.label", m["label"], max_length=200,
                                                           single_line=True)
    sheet = None if m.get("sheet") is None else parse.text(f"{path}.sheet", str(m["sheet"]), max_length=60,
                                                           single_line=True)
    given = {k: m[k] for k in MANHOLE_FIELDS if m.get(k) is not None}
    return Manhole(index=index, over=over, diameter_in=diameter, to_grade=to_grade, label=label, sheet=sheet,
                   given=given)


def manhole_positions(path: str, value: Any) -> tuple[str, ...]:
    """``over`` of a manhole: a string or a list of ``chamber``, ``chamber_N``, ``sanitary_tee``, ``sanitary_tee_N``.

    >>> manhole_positions("over", "Sanitary tee 2"), manhole_positions("over", ["sanitary_tee_1", "chamber"])
    (('sanitary_tee_2',), ('sanitary_tee_1', 'chamber'))
    """
    many = isinstance(value, (list, tuple))
    items = list(value) if many else [value]
    if not items:
        raise SizingInputError(path, value, MANHOLE_OVER_EXPECTED)
    out = []
    for i, item in enumerate(items):
        where = f"{path}[{i}]" if many else path
        key = parse.normalise_key(item) if isinstance(item, str) else None
        if key is None or not MANHOLE_POSITION.match(key):
            raise SizingInputError(where, item, MANHOLE_OVER_EXPECTED)
        out.append(key)
    return tuple(dict.fromkeys(out))


def position(key: str) -> tuple[str, int | None]:
    """``'sanitary_tee_2'`` -> ``('sanitary_tee', 2)``; ``'chamber'`` -> ``('chamber', None)``."""
    kind, number = MANHOLE_POSITION.match(key).groups()
    return kind, None if number is None else int(number)

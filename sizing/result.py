"""Result objects. ``to_dict()`` on a result IS the JSON contract; nothing else builds JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    """One step of a calculation: what was looked up or computed, from what, under which clause."""

    key: str
    title: str
    value: Any
    unit: str = ""
    citation: str = ""
    provenance: str = ""
    inputs: dict[str, Any] = field(default_factory=dict)
    table_row: dict[str, Any] | None = None
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class FixtureLine:
    index: int
    type: str
    name: str
    count: int
    area: str
    connected: bool
    dfu_each: float | None
    dfu: float
    basis: str
    citation: str
    provenance: str
    flow_gpm: float | None = None
    footnote3_volume_gal: float = 0.0
    drainage_load_gal: float | None = None
    override: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class SizingResult:
    edition: str
    project: dict[str, str]
    construction: str
    dfu_total: float
    fixtures: tuple[FixtureLine, ...]
    gravity: dict[str, Any]
    hydromechanical: dict[str, Any]
    meals: dict[str, Any] | None
    steps: tuple[Step, ...]
    warnings: tuple[str, ...]
    provenance: tuple[dict[str, Any], ...]
    #: why this edition applies (the submittal's edition, --edition, or the edition in effect on the application date)
    edition_basis: str = ""
    #: the jurisdiction's own size with the CPC's, by interceptor type (:func:`sizing.cpc.local_size.local_size`, as
    #: ``LocalSize.to_dict``): only the types the profile's local sizing clause covers
    local: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def required_volume_gal(self) -> float | None:
        """The gravity volume required: the larger of the CPC's and the jurisdiction's own, where it has one."""
        if "gravity" in self.local and self.local["gravity"]["governing"] is not None:
            return self.local["gravity"]["governing"]
        return self.gravity["required_volume_gal"]

    def to_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "project": dict(self.project),
            "construction": self.construction,
            "dfu_total": self.dfu_total,
            "fixtures": [f.to_dict() for f in self.fixtures],
            "gravity": dict(self.gravity),
            "hydromechanical": dict(self.hydromechanical),
            "meals": None if self.meals is None else dict(self.meals),
            "steps": [s.to_dict() for s in self.steps],
            "warnings": [str(w) for w in self.warnings],
            # the same warnings with their codes and details (sizing.coded_warnings.Note): filter on the codes
            "warning_codes": [getattr(w, "code", "other") for w in self.warnings],
            "provenance": [dict(p) for p in self.provenance],
            "edition_basis": self.edition_basis,
            "local": {k: dict(v) for k, v in self.local.items()},
            "required_volume_gal": self.required_volume_gal,
        }

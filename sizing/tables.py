"""Loads the code tables in ``tables/`` and the jurisdiction profiles, with their provenance.

One file per table per edition (``tables/cpc-2025/table-1014.3.6.yaml``); tables that are not part of
the CPC and do not change with it (the PDI rating ladder, the meals factors, the fixture types) are in
``tables/common/``. Every file states its source, section, edition and provenance level.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from sizing.errors import TableError

PROVENANCE_LEVELS = ("confirmed", "secondary", "derived", "unconfirmed")
DEFAULT_EDITION = "2025"
REQUIRED_META = ("table", "title", "edition", "source", "provenance", "columns", "rows")


@cache
def tables_dir() -> Path:
    """The ``tables/`` folder: beside the package in a checkout, inside it when installed from a wheel."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "_tables", here.parent / "tables"):
        if candidate.is_dir():
            return candidate
    return Path(str(resources.files("sizing") / "_tables"))  # pragma: no cover


def editions() -> list[str]:
    """The CPC editions that have tables, oldest first.

    >>> editions()
    ['2022', '2025']
    """
    return list(_editions())


@cache
def _editions() -> tuple[str, ...]:  # the folder is read once per process
    return tuple(sorted(p.name.removeprefix("cpc-") for p in tables_dir().glob("cpc-*") if p.is_dir()))


def table_names(edition: str = DEFAULT_EDITION) -> list[str]:
    """Tables available for an edition (edition-specific and common)."""
    check_edition(edition)
    names = [_name_of(p) for p in (tables_dir() / f"cpc-{edition}").glob("*.yaml")]
    names += [_name_of(p) for p in (tables_dir() / "common").glob("*.yaml")]
    return sorted(names)


def _name_of(path: Path) -> str:
    return path.stem.removeprefix("table-")


def check_edition(edition: str) -> str:
    edition = str(edition)
    if edition not in editions():
        raise TableError(f"no tables for CPC edition {edition!r}; editions available: {', '.join(editions())}")
    return edition


@dataclass(frozen=True)
class Table:
    """A code table: its rows plus where they come from."""

    name: str
    edition: str
    meta: dict[str, Any]
    rows: tuple[dict[str, Any], ...] = field(repr=False)

    @property
    def provenance(self) -> str:
        return self.meta["provenance"]

    @property
    def title(self) -> str:
        return self.meta["title"]

    @property
    def source(self) -> str:
        return self.meta["source"]

    @property
    def citation(self) -> str:
        """e.g. 'CPC 2025, Table 1014.3.6'."""
        if self.meta.get("code") == "CPC":
            return f"CPC {self.meta['edition']}, Table {self.meta['table']}"
        return f"{self.meta.get('code', self.name)}"

    @property
    def carried_from(self) -> str | None:
        return self.meta.get("carried_from")

    def row_provenance(self, row: dict[str, Any]) -> str:
        return row.get("provenance", self.provenance)

    def column(self, name: str) -> list[Any]:
        return [row[name] for row in self.rows]

    def provenance_note(self) -> str:
        note = f"{self.citation}: {self.provenance}"
        if self.carried_from:
            note += f", carried from CPC {self.carried_from}"
        return note


def load_table(name: str, edition: str = DEFAULT_EDITION) -> Table:
    """Load one table for a CPC edition (read once per process, whichever way the edition is given).

    >>> t = load_table("1014.3.6", "2025")
    >>> t.rows[1]["max_dfu"], t.rows[1]["volume_gal"], t.provenance
    (21, 750, 'confirmed')
    >>> load_table("1014.3.6") is t
    True
    """
    return _load_table(name, str(edition))


@cache
def _load_table(name: str, edition: str) -> Table:
    edition = check_edition(edition)
    folder = tables_dir()
    for path in (folder / f"cpc-{edition}" / f"table-{name}.yaml", folder / "common" / f"{name}.yaml"):
        if path.is_file():
            return _read(path, name, edition)
    raise TableError(f"no table {name!r} for CPC {edition}; tables available: {', '.join(table_names(edition))}")


def _read(path: Path, name: str, edition: str) -> Table:
    with path.open(encoding="utf-8") as fh:
        meta = yaml.safe_load(fh)
    missing = [k for k in REQUIRED_META if k not in meta]
    if missing:
        raise TableError(f"{path}: missing {', '.join(missing)}")
    if meta["provenance"] not in PROVENANCE_LEVELS:
        raise TableError(f"{path}: provenance {meta['provenance']!r} is not one of {PROVENANCE_LEVELS}")
    columns = list(meta["columns"])
    rows = tuple(meta.pop("rows") or ())
    for i, row in enumerate(rows):
        if set(row) - {"provenance"} != set(columns) - {"provenance"}:
            raise TableError(f"{path}: row {i} has columns {sorted(row)}, expected {sorted(columns)}")
        if row.get("provenance", meta["provenance"]) not in PROVENANCE_LEVELS:
            raise TableError(f"{path}: row {i} provenance {row.get('provenance')!r} is not a level")
    return Table(name=name, edition=edition, meta=meta, rows=rows)


@cache
def load_profile(name: str = "tracy") -> dict[str, Any]:
    """Load a jurisdiction profile (``tables/jurisdictions/NAME.yaml``)."""
    folder = tables_dir() / "jurisdictions"
    path = folder / f"{name}.yaml"
    if not path.is_file():
        names = sorted(p.stem for p in folder.glob("*.yaml"))
        raise TableError(f"no jurisdiction profile {name!r}; profiles available: {', '.join(names)}")
    with path.open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def profile_parameter(key: str, profile: str = "tracy") -> dict[str, Any]:
    """One parameter of a profile: ``{value, unit, citation, ...}``.

    >>> p = profile_parameter("min_manhole_diameter")
    >>> p["value"], p["unit"], p["citation"]
    (24, 'in', 'TMC ch. 5.26, Grease interceptor design standards (d)')
    """
    params = load_profile(profile)["parameters"]
    if key not in params:
        raise TableError(f"profile {profile!r} has no parameter {key!r}; parameters: {', '.join(sorted(params))}")
    return params[key]

"""Loads the code tables in ``tables/`` and the jurisdiction profiles, with their provenance.

One file per table per edition (``tables/cpc-2025/table-1014.3.6.yaml``); tables that are not part of
the CPC and do not change with it (the PDI rating ladder, the meals factors, the fixture types) are in
``tables/common/``. Every file states its source, section, edition and provenance level.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from sizing.errors import TableError

PROVENANCE_LEVELS = ("confirmed", "secondary", "derived", "unconfirmed", "carried")
#: A table carried from another edition (``carried_from``) has this level: its values were not checked against
#: the printed text of its own edition. Its level in the edition it came from is ``source_level(row)``.
CARRIED = "carried"
DEFAULT_EDITION = "2025"
REQUIRED_META = ("table", "title", "edition", "source", "provenance", "columns", "rows")


def read_data_yaml(stream: Any) -> Any:
    """Read one of the package's own data files (code tables, profiles): PyYAML's C safe loader where it is
    built in (several times faster than the pure-Python one, on the start of every command), else the Python
    safe loader. The same safe subset of YAML either way; user documents go through :mod:`sizing.io.fields`."""
    return yaml.load(stream, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506 - safe loader


@cache
def data_dir(name: str) -> Path:
    """A data folder shipped with the package (``tables``, ``schema``, ``examples``): beside the package in a
    checkout, inside it (``_<name>``) when installed from a wheel."""
    here = Path(__file__).resolve().parents[1]  # the sizing package
    for candidate in (here / f"_{name}", here.parent / name):
        if candidate.is_dir():
            return candidate
    return Path(str(resources.files("sizing") / f"_{name}"))  # pragma: no cover


def tables_dir() -> Path:
    """The ``tables/`` folder: the code tables, the fixture types and the jurisdiction profiles."""
    return data_dir("tables")


def schema_dir() -> Path:
    """The ``schema/`` folder: the JSON Schemas of the submittal and the jurisdiction profile."""
    return data_dir("schema")


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


def _carried(path: Path, name: str, meta: dict[str, Any]) -> dict[str, Any]:
    """A table carried from an earlier edition, written as that edition's table plus what changes: the file gives
    its own edition's header (edition, model code, the note on what was checked) and ``changed_rows`` (rows that
    replace the earlier edition's row with the same key, the ``id`` column or the first one, or are added); every
    other row and key is the earlier edition's, each row at level ``carried``."""
    source = load_table(name, meta["carried_from"])
    changed = list(meta.pop("changed_rows", None) or ())
    out = {**source.meta, **meta}
    columns = list(out["columns"])
    key = "id" if "id" in columns else columns[0]
    rows = {r[key]: {k: v for k, v in r.items() if k != "provenance"} for r in source.rows}
    for i, row in enumerate(changed):
        if key not in row or "provenance" not in row:
            raise TableError(f"{path}: changed_rows[{i}] needs its {key!r} (the row it replaces or adds) and its "
                             "provenance (the level of the new value in this edition)")
        rows[row[key]] = dict(row)
    out["rows"] = list(rows.values())
    out["changed_keys"] = [row[key] for row in changed]
    return out


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

    def source_level(self, row: dict[str, Any] | None = None) -> str:
        """The level a value has in the edition it was carried from (its own level when not carried).

        >>> load_table("1014.3.6", "2025").source_level()
        'confirmed'
        """
        if not self.carried_from:
            return self.provenance if row is None else self.row_provenance(row)
        source = load_table(self.name, self.carried_from)
        if row is None:
            return source.provenance
        i = self.rows.index(row)
        return source.row_provenance(source.rows[i]) if i < len(source.rows) else source.provenance

    def level_label(self, row: dict[str, Any] | None = None) -> str:
        """The level as shown to users: 'secondary', or 'carried (CPC 2022, confirmed there)'.

        >>> load_table("1014.3.6", "2025").level_label()
        'carried (CPC 2022, confirmed there)'
        >>> load_table("1014.3.6", "2022").level_label()
        'confirmed'
        """
        level = self.provenance if row is None else self.row_provenance(row)
        if self.carried_from:
            return f"{level} (CPC {self.carried_from}, {self.source_level(row)} there)"
        return level

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
    >>> t.rows[1]["max_dfu"], t.rows[1]["volume_gal"], t.provenance, t.carried_from
    (21, 750, 'carried', '2022')
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
        meta = read_data_yaml(fh)
    if meta.get("carried_from") and "rows" not in meta:
        meta = _carried(path, name, meta)
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
    key = "id" if "id" in columns else columns[0] if columns else None
    changed = set(meta.get("changed_keys") or ())
    if meta.get("carried_from") and (meta["provenance"] != CARRIED or any(
            r.get("provenance", CARRIED) != CARRIED for r in rows if r.get(key) not in changed)):
        raise TableError(f"{path}: a table carried from CPC {meta['carried_from']} must have provenance {CARRIED!r}")
    return Table(name=name, edition=edition, meta=meta, rows=rows)


def edition_in_effect(on: Any) -> tuple[str, dict[str, Any]]:
    """The CPC edition in effect in California on a date (``tables/common/cpc-editions.yaml``).
    Returns (edition, row); a date before the earliest edition this tool has raises ValueError naming them.

    >>> import datetime as dt
    >>> edition_in_effect(dt.date(2025, 12, 31))[0], edition_in_effect(dt.date(2026, 1, 1))[0]
    ('2022', '2025')
    """

    table = load_table("cpc-editions")
    through = editions_known_through()
    if on > through:
        raise EditionUnknown(on, through, str(table.rows[-1]["edition"]), _edition_names(table))
    for row in table.rows:
        start = dt.date.fromisoformat(str(row["effective_from"]))
        end = None if row["effective_to"] is None else dt.date.fromisoformat(str(row["effective_to"]))
        if start <= on and (end is None or on <= end):
            return str(row["edition"]), row
    raise ValueError(f"no CPC edition this tool has was in effect on {on.isoformat()} (it has {_edition_names(table)})")


def _edition_names(table: Table) -> str:
    return "; ".join(f"CPC {r['edition']} from {r['effective_from']}" + (f" to {r['effective_to']}" if r["effective_to"]
                                                                         else "") for r in table.rows)


def editions_known_through():
    """The last date for which the tool knows the CPC edition in effect (``known_through`` of the editions table)."""

    return dt.date.fromisoformat(str(load_table("cpc-editions").meta["known_through"]))


class EditionUnknown(ValueError):
    """A date past the last one for which the edition in effect is known (a later triennial edition may apply)."""

    def __init__(self, on, through, latest: str, names: str):
        self.on, self.through, self.latest = on, through, latest
        super().__init__(f"the CPC edition in effect on {on.isoformat()} is not known to this tool: it knows the "
                         f"editions through {through.isoformat()} ({names}); California adopts a new CPC every three "
                         f"years")

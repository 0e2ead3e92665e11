"""The FOG program register: every FSE's submittals, review cycles, waivers, deadlines and pump-outs in a database.

The register calls the calculation core (:func:`sizing.ordinance.review.review`, :func:`sizing.ordinance.waiver.decide`,
:func:`sizing.ordinance.maintenance.plan`, :func:`sizing.batch.run_batch`) and stores each result's ``to_dict()``;
the core never imports the register. Modules: :mod:`.location` (where it lives), :mod:`.engine`, :mod:`.versions` (schema version, migrations), :mod:`.db` (opening it), :mod:`.errors`, :mod:`.schema` (tables),
:mod:`.adapter` (findings in one shape), :mod:`.store` (writes), :mod:`.queries` (show, history, diff, export), :mod:`.deadlines` (the due list), :mod:`.rows` (rows by FSE, the latest by date),
:mod:`.inspections` (field inspections and the notices they open or close), :mod:`.replan` (each FSE's one
maintenance plan, made from every pump-out and reading on file whichever record is written), :mod:`.notices` (the notices' states), :mod:`.summary` (the program
summary of a period).
"""

from typing import Any

__all__ = ["Register", "open_register"]


def __getattr__(name: str) -> Any:
    """``Register`` and ``open_register`` imported when asked for: a module of the package (a read of an SQLite
    register by :mod:`.reading`) does not bring in SQLAlchemy through the package."""
    if name in __all__:
        from sizing.register import store

        return getattr(store, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

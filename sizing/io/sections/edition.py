"""Which CPC edition a submittal is sized and reviewed under, and why: ``--edition``, else the file's ``edition``,
else the edition in effect on its ``application_date`` (``tables/common/cpc-editions.yaml``), else the default. A
date past the editions the tool knows takes the latest one, with a warning, and is never called "in effect"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sizing.coded_warnings import Note
from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io.tables import DEFAULT_EDITION, EditionUnknown, edition_in_effect, editions


def _edition_value(field_name: str, value: Any) -> str:
    chosen = str(value).strip() if isinstance(value, (str, int)) and not isinstance(value, bool) else value
    if chosen not in editions():
        raise SizingInputError(field_name, value, "one of " + ", ".join(repr(e) for e in editions()))
    return chosen


def choose_edition(data: Mapping[str, Any], override: str | None, warnings: list[str]) -> tuple[str, str, Any]:
    """The CPC edition and why: --edition, else the file's edition, else the one in effect on application_date,
    else the default."""
    app_date = None if data.get("application_date") is None else parse.date("application_date",
                                                                               data["application_date"])
    in_effect = None
    beyond = None
    if app_date is not None:
        try:
            in_effect = edition_in_effect(app_date)[0]
        except EditionUnknown as exc:
            beyond = exc
            warnings.append(Note("edition_unknown", f"edition: {exc}; CPC {exc.latest}, the latest edition it has, is "
                                 "used: check the edition in effect on the application date", through=str(exc.through)))
        except ValueError as exc:
            if override is None and data.get("edition") is None:
                raise SizingInputError("application_date", app_date.isoformat(), "", message=(
                    f"application_date: {exc}; give a later date or an edition")) from None
    if override is not None:
        chosen = _edition_value("edition", override)
        basis = f"CPC {chosen}: chosen with --edition"
    elif data.get("edition") is not None:
        chosen = _edition_value("edition", data["edition"])
        basis = f"CPC {chosen}: the submittal's edition"
    elif in_effect is not None:
        return in_effect, f"CPC {in_effect}: in effect on the application date {app_date.isoformat()}", app_date
    elif beyond is not None:
        return beyond.latest, (f"CPC {beyond.latest}: the latest edition this tool has; the edition in effect on the "
                               f"application date {app_date.isoformat()} is not known to it (it knows the editions "
                               f"through {beyond.through.isoformat()})"), app_date
    else:
        return DEFAULT_EDITION, f"CPC {DEFAULT_EDITION}: the default (no edition or application_date given)", None
    if app_date is not None and in_effect != chosen and beyond is None:
        when = f"CPC {in_effect} was in effect" if in_effect else "no edition this tool has was in effect"
        warnings.append(Note("edition_not_in_effect", f"edition: CPC {chosen} is used, but {when} on the application "
                             f"date {app_date.isoformat()}", in_effect=in_effect))
        basis += f" ({when} on the application date {app_date.isoformat()})"
    return chosen, basis, app_date

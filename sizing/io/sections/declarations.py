"""The review's declaration sections: the maximum discharge temperature, the food grinder approval, the additives
authorization, the existing-FSE triggers and the review date (top-level keys of the submittal)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sizing.io import fields as parse
from sizing.io.units import parse_quantity

#: The top-level keys of the submittal this module parses, in document order.
SECTIONS = ("max_discharge_temperature", "food_grinder_approval", "additives_authorization", "existing_fse",
            "review_date")
APPROVAL_FIELDS = ("approved", "date", "by", "reference", "notes")
ADDITIVES_FIELDS = ("additives_used", "authorized", "date", "by", "permit", "product", "notes")
EXISTING_FSE_FIELDS = ("caused_blockage", "lateral_to_hot_spot", "significant_fog", "notification_date", "notes")
#: The existing-FSE fields that each make an interceptor required (the yes/no triggers).
EXISTING_TRIGGER_FIELDS = ("caused_blockage", "lateral_to_hot_spot", "significant_fog")


@dataclass(frozen=True)
class FoodGrinderApproval:
    """The Director's written approval of a food grinder in an existing FSE."""

    approved: bool = False
    date: dt.date | None = None
    by: str | None = None
    reference: str | None = None


@dataclass(frozen=True)
class AdditivesAuthorization:
    """FOG additives used, and whether the Director authorized them in writing (or a FOG permit does)."""

    additives_used: bool = False
    authorized: bool = False
    date: dt.date | None = None
    permit: str | None = None
    product: str | None = None


@dataclass(frozen=True)
class ExistingFse:
    """The existing-FSE installation triggers and the date of the Director's notification."""

    caused_blockage: bool = False
    lateral_to_hot_spot: bool = False
    significant_fog: bool = False
    notification_date: dt.date | None = None

    @property
    def triggers(self) -> tuple[str, ...]:
        """The trigger fields that are set, in EXISTING_TRIGGER_FIELDS order."""
        return tuple(k for k in EXISTING_TRIGGER_FIELDS if getattr(self, k))


@dataclass(frozen=True)
class Declarations:
    """The review's other sections of the submittal, parsed."""

    max_discharge_temperature_degf: float | None = None
    #: The temperature as typed ("65 degC"), for showing it.
    max_discharge_temperature_given: str | None = None
    food_grinder_approval: FoodGrinderApproval | None = None
    additives: AdditivesAuthorization | None = None
    existing_fse: ExistingFse | None = None
    review_date: dt.date | None = None


def parse_declarations(doc: Mapping[str, Any]) -> Declarations:
    """Parse max_discharge_temperature, food_grinder_approval, additives_authorization, existing_fse and
    review_date from the submittal's top level. Every error names its field."""
    temp = doc.get("max_discharge_temperature")
    temp_f = None if temp is None else parse_quantity("max_discharge_temperature", temp, "degF",
                                                       minimum=-100, maximum=1000)
    approval = None
    if doc.get("food_grinder_approval") is not None:
        a = parse.mapping("food_grinder_approval", doc["food_grinder_approval"], APPROVAL_FIELDS)
        approval = FoodGrinderApproval(
            approved=parse.boolean("food_grinder_approval.approved", a.get("approved"), default=False),
            date=None if a.get("date") is None else parse.date("food_grinder_approval.date", a["date"]),
            by=None if a.get("by") is None else parse.text("food_grinder_approval.by", a["by"], single_line=True),
            reference=None if a.get("reference") is None else parse.text("food_grinder_approval.reference",
                                                                         a["reference"], single_line=True))
    additives = None
    if doc.get("additives_authorization") is not None:
        a = parse.mapping("additives_authorization", doc["additives_authorization"], ADDITIVES_FIELDS)
        additives = AdditivesAuthorization(
            additives_used=parse.boolean("additives_authorization.additives_used", a.get("additives_used"),
                                         default=False),
            authorized=parse.boolean("additives_authorization.authorized", a.get("authorized"), default=False),
            date=None if a.get("date") is None else parse.date("additives_authorization.date", a["date"]),
            permit=None if a.get("permit") is None else parse.text("additives_authorization.permit", a["permit"],
                                                                   single_line=True),
            product=None if a.get("product") is None else parse.text("additives_authorization.product",
                                                                     a["product"], single_line=True))
    existing = None
    if doc.get("existing_fse") is not None:
        e = parse.mapping("existing_fse", doc["existing_fse"], EXISTING_FSE_FIELDS)
        flags = {k: parse.boolean(f"existing_fse.{k}", e.get(k), default=False) for k in EXISTING_TRIGGER_FIELDS}
        existing = ExistingFse(**flags, notification_date=None if e.get("notification_date") is None else parse.date(
            "existing_fse.notification_date", e["notification_date"]))
    review_date = None if doc.get("review_date") is None else parse.date("review_date", doc["review_date"])
    return Declarations(max_discharge_temperature_degf=temp_f,
                        max_discharge_temperature_given=None if temp is None else str(temp),
                        food_grinder_approval=approval, additives=additives, existing_fse=existing,
                        review_date=review_date)

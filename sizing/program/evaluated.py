"""A document evaluated by the core, ready to store: its kind, its FSE id, the result and the document as given.

The register evaluates every document the way ``sizing review`` / ``waiver`` / ``maintenance`` do before anything
is written, so bad input raises first; the texts it keeps are checked against the one table of field limits.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io import submittal
from sizing.jurisdiction.profile import DEFAULT_ID, Jurisdiction
from sizing.program import limits

KINDS = ("review", "waiver", "maintenance")
FSE_ID_MAX = 64


def check_limits(ev: Evaluated) -> None:
    """Every text of an evaluated document that the register stores, against :data:`limits.LIMITS` (the same
    refusal on SQLite and PostgreSQL, naming the field)."""
    project = ev.project
    for key in ("name", "address", "owner", "contact", "reviewer"):
        limits.check(f"project.{key}", project.get(key))
    if not project.get("owner"):
        limits.check("project.applicant", project.get("applicant"), "project.owner")
    limits.check("document_name", ev.name)
    if ev.kind == "maintenance":
        doc = ev.document
        nested = isinstance(doc.get("maintenance"), Mapping)
        section = doc["maintenance"] if nested else doc
        for part, keys in (("services", ("hauler", "manifest", "note")), ("training", ("note",))):
            for i, item in enumerate(section.get(part) or []):
                for key in keys if isinstance(item, Mapping) else ():
                    limits.check(f"{'maintenance.' if nested else ''}{part}[{i}].{key}", item.get(key), key)


def jsonable(value: Any) -> Any:
    """A result or document as plain JSON values: dates as ISO text, NaN (an empty CSV cell) as null."""
    text = json.dumps(value, default=str, ensure_ascii=False)
    loaded = json.loads(text)
    return _no_nan(loaded) if "NaN" in text else loaded  # NaN is written as the bare word NaN


def _no_nan(value: Any) -> Any:
    if isinstance(value, float) and value != value:
        return None
    if isinstance(value, dict):
        return {k: _no_nan(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_no_nan(v) for v in value]
    return value


def detect_kind(doc: Mapping[str, Any]) -> str:
    """What a document is: a maintenance log, a waiver application, or else a submittal for review."""
    if doc.get("maintenance") is not None or "liquid_depth" in doc:
        return "maintenance"
    if doc.get("waiver") is not None:
        return "waiver"
    return "review"


def check_fse_id(value: Any, field_name: str = "project.fse_id") -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        raise SizingInputError(field_name, value, "the FSE's id, e.g. FSE-0417 (or give --fse ID)")
    return parse.identifier(field_name, value, max_length=FSE_ID_MAX)


def no_nul(value: Any, path: str = "") -> None:
    """Refuse a NUL character anywhere in a document (no database stores it in text), naming the field."""
    if isinstance(value, str) and "\x00" in value:
        raise SizingInputError(path or "FILE", value.replace("\x00", "\\0"), "text without NUL characters")
    if isinstance(value, Mapping):
        for k, v in value.items():
            no_nul(str(k), path)
            no_nul(v, f"{path}.{k}" if path else str(k))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            no_nul(v, f"{path}[{i}]")


def _record_dates(kind: str, data: Mapping[str, Any], doc: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """The dates the register keeps of what happened, each with the document field it came from."""
    if kind == "maintenance":
        nested = isinstance(doc.get("maintenance"), Mapping)
        return [("maintenance.as_of" if nested else "as_of", data.get("as_of"))]
    if kind == "review":
        notified = [("existing_fse.notification_date", d.get("start")) for d in data.get("deadlines") or []
                    if d.get("rule") == "interceptor_required"]
        return [("review_date", data.get("review_date"))] + notified
    w = doc.get("waiver") if isinstance(doc.get("waiver"), Mapping) else {}
    rev = w.get("revocation") if isinstance(w.get("revocation"), Mapping) else {}
    return [("waiver.date" if w.get("date") is not None else "review_date", data.get("date")),
            ("waiver.granted_on", w.get("granted_on")), ("waiver.revocation.notice_mailed", rev.get("notice_mailed"))]


def check_record_dates(kind: str, data: Mapping[str, Any], doc: Mapping[str, Any], given: dt.date | None) -> None:
    """A record of something that happened is never dated after today (:func:`sizing.io.fields.record_date`): the
    evaluation date given (``--date``) and each date the register keeps of the document."""
    if given is not None:
        parse.record_date("--date", given)
    for field_name, value in _record_dates(kind, data, doc):
        if value is not None:
            parse.record_date(field_name, value)


@dataclass
class Evaluated:
    """A document evaluated by the core, ready to store."""

    kind: str
    fse_id: str
    project: dict[str, str]
    result: Any
    data: dict[str, Any]
    exit_code: int
    document: dict[str, Any]
    text: str | None = None
    name: str | None = None
    #: the id of the jurisdiction profile the document was evaluated under
    jurisdiction: str = DEFAULT_ID


def evaluate(doc: Any, kind: str | None = None, fse_id: str | None = None, today: dt.date | None = None,
             text: str | None = None, name: str | None = None, *, jurisdiction: Jurisdiction) -> Evaluated:
    """Run the same evaluation as ``sizing review`` / ``waiver`` / ``maintenance`` on a document, under
    ``jurisdiction`` as those commands' ``--jurisdiction``."""

    doc = dict(parse.mapping("", doc))
    no_nul(doc)
    kind = kind or detect_kind(doc)
    if kind not in KINDS:
        raise SizingInputError("kind", kind, "one of " + ", ".join(KINDS))
    if kind == "maintenance":
        from sizing.rules import maintenance

        section = doc.get("maintenance") if isinstance(doc.get("maintenance"), Mapping) else doc
        rec = maintenance.from_dict(doc, as_of=None if section.get("as_of") is not None else today)
        result = maintenance.evaluate(rec, jurisdiction)
        project, ok = dict(rec.project), result.in_order
    elif kind == "waiver":
        from sizing.io.sections.waiver import no_waivers_error
        from sizing.rules.waiver import decide

        if not jurisdiction.has_waivers:
            raise no_waivers_error(jurisdiction)
        sub = submittal.from_dict(doc, jurisdiction=jurisdiction)
        result = decide(sub, today=today)
        project, ok = dict(sub.project), result.in_order
    else:
        from sizing.rules.review import review

        sub = submittal.from_dict(doc, jurisdiction=jurisdiction)
        result = review(sub, today=today)
        project, ok = dict(sub.project), result.compliant
    fse = check_fse_id(fse_id, "--fse") if fse_id is not None else check_fse_id(project.get("fse_id"))
    data = jsonable(result.to_dict())
    check_record_dates(kind, data, doc, today)
    return Evaluated(kind=kind, fse_id=fse, project=project, result=result, data=data,
                     exit_code=0 if ok else 1, document=jsonable(doc), text=None if text is None else
                     text.replace("\x00", ""), name=name, jurisdiction=jurisdiction.id)

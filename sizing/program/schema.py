"""The register's tables at the current schema version (the migrations build exactly these).

Every record table is append-only: a row is written once and never updated; a change is a new row. Each row
records who wrote it (``recorded_by``) and when (``recorded_at``, UTC). Results are stored as the ``to_dict()`` of
the core's result objects (JSON) beside the few columns the queries filter and sort on. Each schema version's change
is told in its migration (``migrations/versions``). The tables of :data:`DERIVED` hold no record: what the readers
made from the records, kept until a record changes (:mod:`sizing.program.stored_states`).
Text columns are sized from :data:`sizing.program.limits.LIMITS`, which the writers check first.
"""

from __future__ import annotations

import sqlalchemy as sa

from sizing.program.limits import LIMITS as L

metadata = sa.MetaData()


def _who() -> list[sa.Column]:
    return [sa.Column("recorded_at", sa.DateTime, nullable=False),
            sa.Column("recorded_by", sa.String(L["identity"]), nullable=False),
            sa.Column("on_behalf_of", sa.String(L["on_behalf_of"]))]


def _document() -> list[sa.Column]:
    """The document as submitted: its name, its text and its parsed mapping."""
    return [sa.Column("document_name", sa.String(L["document_name"])),
            sa.Column("document_text", sa.Text),
            sa.Column("document", sa.JSON)]


fses = sa.Table(
    "fses", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("name", sa.String(L["project.name"])),
    sa.Column("address", sa.String(L["project.address"])),
    sa.Column("owner", sa.String(L["project.owner"])),
    sa.Column("contact", sa.String(L["project.contact"])),
    sa.Column("source", sa.String(L["source"])),
    *_who(),
)

interceptors = sa.Table(
    "interceptors", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("type", sa.String(40)),
    sa.Column("volume_gal", sa.Float),
    sa.Column("rated_flow_gpm", sa.Float),
    sa.Column("installed_on", sa.Date),
    sa.Column("source", sa.String(L["source"])),
    sa.Column("assessment", sa.JSON),
    sa.Column("jurisdiction_id", sa.String(L["jurisdiction_id"])),
    *_who(),
)

cycles = sa.Table(
    "cycles", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("cycle", sa.Integer, nullable=False),
    *_document(),
    sa.Column("review_date", sa.Date),
    sa.Column("reviewer", sa.String(L["project.reviewer"])),
    sa.Column("jurisdiction", sa.String(L["jurisdiction"])),
    sa.Column("edition", sa.String(10)),
    sa.Column("construction", sa.String(40)),
    sa.Column("compliant", sa.Boolean),
    sa.Column("dfu_total", sa.Float),
    sa.Column("required_volume_gal", sa.Float),
    sa.Column("result", sa.JSON),
    sa.Column("jurisdiction_id", sa.String(L["jurisdiction_id"])),
    *_who(),
    sa.UniqueConstraint("fse_id", "cycle", name="uq_cycles_fse_cycle"),
)

waivers = sa.Table(
    "waivers", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("type", sa.String(60)),
    sa.Column("kind", sa.String(60)),
    sa.Column("status", sa.String(60)),
    sa.Column("decided_on", sa.Date),
    sa.Column("granted_on", sa.Date),
    sa.Column("expiration", sa.Date),
    sa.Column("revocation_notice_mailed", sa.Date),
    sa.Column("revocation_effective", sa.Date),
    *_document(),
    sa.Column("result", sa.JSON),
    sa.Column("jurisdiction_id", sa.String(L["jurisdiction_id"])),
    *_who(),
)

notifications = sa.Table(
    "notifications", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("rule", sa.String(60)),
    sa.Column("notified_on", sa.Date),
    sa.Column("working_days", sa.Integer),
    #: how ``working_days`` counts: "working days", or "calendar days" ("days" in rows stored before the name)
    sa.Column("day_kind", sa.String(20)),
    sa.Column("install_deadline", sa.Date),
    sa.Column("citation", sa.String(L["citation"])),
    sa.Column("cycle_id", sa.Integer, sa.ForeignKey("cycles.id")),
    *_who(),
)

maintenance_logs = sa.Table(
    "maintenance_logs", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("as_of", sa.Date),
    sa.Column("liquid_depth_in", sa.Float),
    sa.Column("in_order", sa.Boolean),
    sa.Column("due_date", sa.Date),
    sa.Column("next_service_date", sa.Date),
    *_document(),
    sa.Column("result", sa.JSON),
    sa.Column("jurisdiction_id", sa.String(L["jurisdiction_id"])),
    *_who(),
    sa.Column("inspection_id", sa.Integer),  # the inspection whose reading recomputed the plan (0006)
    #: schema 0007: the log's due-list items (:func:`sizing.program.log_due.due_items`)
    sa.Column("due", sa.JSON),
    #: schema 0007: True for the FSE's maintenance plan made by the register from every record on file
    #: (:mod:`sizing.program.replan`); false or null for a log as submitted
    sa.Column("computed", sa.Boolean),
    sa.Index("ix_maintenance_logs_fse_latest", "fse_id", "as_of", "recorded_at", "id"),
)

maintenance_events = sa.Table(
    "maintenance_events", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("kind", sa.String(20), nullable=False),  # pump_out | reading | training
    sa.Column("on_date", sa.Date, nullable=False),
    sa.Column("hauler", sa.String(L["hauler"])),
    sa.Column("manifest", sa.String(L["manifest"])),
    sa.Column("fog_in", sa.Float),
    sa.Column("solids_in", sa.Float),
    sa.Column("note", sa.String(L["note"])),
    sa.Column("log_id", sa.Integer, sa.ForeignKey("maintenance_logs.id")),
    *_who(),
    sa.Column("inspection_id", sa.Integer),  # the inspection that took the reading (0006)
    sa.Index("ix_maintenance_events_fse_kind_date", "fse_id", "kind", "on_date"),
)

#: Schema version 0002: every stored result's findings in one shape (see :mod:`sizing.program.adapter`).
findings = sa.Table(
    "findings", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False),
    sa.Column("source", sa.String(20), nullable=False),  # cycle | waiver | maintenance
    sa.Column("source_id", sa.Integer, nullable=False),
    sa.Column("rule", sa.String(100), nullable=False),
    sa.Column("status", sa.String(10), nullable=False),
    sa.Column("citation", sa.String(L["citation"])),
    sa.Column("message", sa.Text),
    sa.Index("ix_findings_fse_status", "fse_id", "status"),
    sa.Index("ix_findings_source", "source", "source_id"),
)

#: Schema version 0004: the register's users and their roles; the latest row of an identity is its state.
users = sa.Table(
    "users", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("identity", sa.String(L["identity"]), nullable=False, index=True),
    sa.Column("role", sa.String(20), nullable=False),
    sa.Column("active", sa.Boolean, nullable=False),
    *_who(),
)

#: Schema version 0006: field inspections, their photos, the notices they open and what closed each notice.
inspections = sa.Table(
    "inspections", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("inspected_on", sa.Date, nullable=False, index=True),
    sa.Column("purpose", sa.String(40), nullable=False),
    sa.Column("interceptor_condition", sa.String(40)),
    sa.Column("liquid_depth_in", sa.Float),
    sa.Column("fog_in", sa.Float),
    sa.Column("solids_in", sa.Float),
    sa.Column("percent_full", sa.Float),
    sa.Column("passed", sa.Boolean, nullable=False),
    *_document(),
    sa.Column("result", sa.JSON),
    sa.Column("jurisdiction_id", sa.String(L["jurisdiction_id"])),
    *_who(),
    #: schema 0008: True when the inspection answered "yes" to a training item of a checklist (the due list's
    #: training evidence: :func:`sizing.program.inspections.training_yes`)
    sa.Column("training_yes", sa.Boolean),
    #: schema 0008: the outcome (:func:`sizing.rules.inspection.outcome`: passed, failed, incomplete) and the
    #: items that failed, as the compliance state and the summary read them
    sa.Column("outcome", sa.String(20)),
    sa.Column("failed_items", sa.JSON),
    #: schema 0008: each FSE's inspections by day (its latest, and its latest decided, from the index)
    sa.Index("ix_inspections_fse_day", "fse_id", "inspected_on", "outcome"),
)

inspection_photos = sa.Table(
    "inspection_photos", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("inspection_id", sa.Integer, sa.ForeignKey("inspections.id"), nullable=False, index=True),
    sa.Column("name", sa.String(L["photo"])),
    sa.Column("caption", sa.String(L["photo"])),
    sa.Column("media_type", sa.String(40), nullable=False),
    sa.Column("size_bytes", sa.Integer, nullable=False),
    sa.Column("sha256", sa.String(64), nullable=False),
    sa.Column("data", sa.LargeBinary, nullable=False),
    *_who(),
)

notices = sa.Table(
    "notices", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("inspection_id", sa.Integer, sa.ForeignKey("inspections.id")),
    sa.Column("notice_type", sa.String(60), nullable=False),
    sa.Column("tier", sa.Integer, nullable=False),
    sa.Column("title", sa.String(L["citation"]), nullable=False),
    #: what the notice is about: a checklist item (``bmp.drain_screens``), ``accumulation`` or ``finding[i]``
    sa.Column("item", sa.String(120), nullable=False),
    sa.Column("item_text", sa.Text),
    sa.Column("citation", sa.String(L["citation"])),
    sa.Column("issued_on", sa.Date, nullable=False),
    #: the compliance period: ``period_days`` calendar days or working days (``period_unit``)
    sa.Column("period_days", sa.Integer, nullable=False),
    sa.Column("period_unit", sa.String(20), nullable=False),
    sa.Column("period_provenance", sa.String(20)),
    sa.Column("period_note", sa.Text),
    sa.Column("due_on", sa.Date, nullable=False, index=True),
    sa.Column("escalated_from", sa.Integer, sa.ForeignKey("notices.id")),
    sa.Column("jurisdiction_id", sa.String(L["jurisdiction_id"])),
    *_who(),
)

notice_closures = sa.Table(
    "notice_closures", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("notice_id", sa.Integer, sa.ForeignKey("notices.id"), nullable=False, index=True, unique=True),
    sa.Column("closed_on", sa.Date, nullable=False),
    #: follow_up_inspection | compliance_record | pump_out | escalated
    sa.Column("how", sa.String(40), nullable=False),
    sa.Column("inspection_id", sa.Integer, sa.ForeignKey("inspections.id")),
    sa.Column("evidence", sa.Text),
    *_who(),
)

#: Schema version 0007: a hauler's manifest of one pump-out (``full``: the whole content removed, a service that
#: restarts the maintenance cycle; else partial). ``hauler_key`` and ``manifest_key`` are the hauler and the
#: manifest number as compared (case folded, spaces collapsed): one manifest number per hauler.
hauler_manifests = sa.Table(
    "hauler_manifests", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False),
    sa.Column("on_date", sa.Date, nullable=False),
    sa.Column("hauler", sa.String(L["hauler"]), nullable=False),
    sa.Column("manifest", sa.String(L["manifest"]), nullable=False),
    sa.Column("hauler_key", sa.String(L["hauler"]), nullable=False),
    sa.Column("manifest_key", sa.String(L["manifest"]), nullable=False),
    sa.Column("gallons", sa.Float, nullable=False),
    sa.Column("full", sa.Boolean, nullable=False),
    sa.Column("disposal_site", sa.String(L["disposal_site"]), nullable=False),
    sa.Column("document_name", sa.String(L["document_name"])),
    sa.Column("line", sa.Integer),
    *_who(),
    #: one manifest number per hauler among the manifests that count (checked by the import under the write
    #: lock; schema 0009: not a unique constraint, so a voided manifest's number can be imported again corrected)
    sa.Index("ix_hauler_manifests_hauler_manifest", "hauler_key", "manifest_key"),
    sa.Index("ix_hauler_manifests_fse_date", "fse_id", "on_date", "full"),
)

#: Schema version 0008: a record voided, never deleted: ``kind`` (:data:`VOID_KINDS`) and ``record_id`` name it,
#: ``reason`` says why; the record stays, and every reader leaves it out.
voids = sa.Table(
    "voids", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(40), nullable=False),
    sa.Column("record_id", sa.Integer, nullable=False),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("reason", sa.Text, nullable=False),
    *_who(),
    sa.UniqueConstraint("kind", "record_id", name="uq_voids_kind_record"),
)

def _mailing(prefix: str = "") -> list[sa.Column]:
    """A party's name, mailing address (street, city, state, ZIP), e-mail and phone."""
    return [sa.Column(prefix + "name", sa.String(L["party.name"])),
            sa.Column(prefix + "street", sa.String(L["party.street"])),
            sa.Column(prefix + "city", sa.String(L["party.city"])),
            sa.Column(prefix + "state", sa.String(2)),
            sa.Column(prefix + "zip", sa.String(10)),
            sa.Column(prefix + "email", sa.String(L["party.email"])),
            sa.Column(prefix + "phone", sa.String(L["party.phone"]))]


#: Schema version 0009: an FSE's contacts; the latest row of an (FSE, role) is the contact.
contacts = sa.Table(
    "contacts", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("role", sa.String(20), nullable=False),  # operator | owner
    *_mailing(),
    *_who(),
)

#: Schema version 0009: a property (the site and its owner); the latest row of a ``property_id`` is the property.
properties = sa.Table(
    "properties", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("property_id", sa.String(L["property_id"]), nullable=False, index=True),
    sa.Column("address", sa.String(L["party.street"])),
    sa.Column("city", sa.String(L["party.city"])),
    sa.Column("state", sa.String(2)),
    sa.Column("zip", sa.String(10)),
    *_mailing("owner_"),
    *_who(),
)

#: Schema version 0009: the property an FSE is on; the latest row of an FSE is its site.
sites = sa.Table(
    "sites", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("property_id", sa.String(L["property_id"]), nullable=False),
    *_who(),
)

#: Schema version 0009: an interceptor on a property and the FSEs it serves (``serves``: a list of FSE ids); the
#: latest row of a ``unit_id`` is the interceptor.
interceptor_units = sa.Table(
    "interceptor_units", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("unit_id", sa.String(L["unit_id"]), nullable=False, index=True),
    sa.Column("property_id", sa.String(L["property_id"])),
    sa.Column("type", sa.String(40)),
    sa.Column("volume_gal", sa.Float),
    sa.Column("serves", sa.JSON, nullable=False),
    *_who(),
)

#: Schema version 0010: how a user signs letters: the name and title printed under the signature line; the latest
#: row of an identity is its signature.
signers = sa.Table(
    "signers", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("identity", sa.String(L["identity"]), nullable=False, index=True),
    sa.Column("name", sa.String(L["party.name"]), nullable=False),
    sa.Column("title", sa.String(L["party.name"])),
    *_who(),
)

#: Schema version 0011: what the City sent an FSE: a letter mailed (its notices, to whom, signed by whom) or an
#: e-mail message (to one address, with its message id). ``event`` names what it was about (``notice 12``, ``due
#: FSE-0417 service 2027-01-04``): an e-mail is never sent twice for one event to one address.
correspondence = sa.Table(
    "correspondence", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("channel", sa.String(20), nullable=False),
    sa.Column("event", sa.String(L["event"]), nullable=False),
    sa.Column("subject", sa.String(L["party.name"]), nullable=False),
    sa.Column("notices", sa.JSON, nullable=False),
    sa.Column("sent_on", sa.Date, nullable=False),
    sa.Column("to_address", sa.Text, nullable=False),
    sa.Column("message_id", sa.String(L["party.name"])),
    sa.Column("signer", sa.String(L["party.name"])),
    *_who(),
    sa.Index("ix_correspondence_event", "event", "channel"),
)

#: Schema version 0012: FSEs reach the register (:mod:`sizing.program.submissions`): which FSEs a user with the
#: ``fse`` role is linked to (the latest row of an identity and FSE decides), what an FSE submits (a pump-out
#: receipt or a BMP self-certification, with its file) and staff's decision on each (an accepted pump-out is stored
#: as the hauler manifest ``manifest_id``).
user_scopes = sa.Table(
    "user_scopes", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("identity", sa.String(L["identity"]), nullable=False, index=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False),
    sa.Column("active", sa.Boolean, nullable=False),
    *_who(),
)
submissions = sa.Table(
    "submissions", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), nullable=False, index=True),
    sa.Column("kind", sa.String(40), nullable=False),
    sa.Column("on_date", sa.Date, nullable=False),
    sa.Column("details", sa.JSON, nullable=False),
    sa.Column("file_name", sa.String(L["document_name"])),
    sa.Column("file_data", sa.LargeBinary),
    *_who(),
)
hauler_registrations = sa.Table(
    "hauler_registrations", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("identity", sa.String(L["identity"]), nullable=False, index=True),
    sa.Column("company", sa.String(200), nullable=False),
    sa.Column("registration", sa.String(200), nullable=False),
    sa.Column("valid_until", sa.Date, nullable=False),
    *_who(),
)
submission_decisions = sa.Table(
    "submission_decisions", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("submission_id", sa.Integer, nullable=False, index=True),
    sa.Column("decision", sa.String(20), nullable=False),
    sa.Column("reason", sa.Text),
    sa.Column("manifest_id", sa.Integer),
    *_who(),
)

#: Schema version 0013: each FSE's row of the FSE list (its details, its compliance state, its dates) and its
#: items of the due list (``due``) as the readers made them from the records of the register at
#: ``fse_state_marks.marks`` (each record table's highest id then), under the profile, code and window ``key`` names, for the days ``valid_from`` to ``valid_until``
#: (excluded; None: no end). Made by the readers, never by a user; a row is replaced when a record of its FSE is
#: added (:mod:`sizing.program.stored_states`).
fse_states = sa.Table(
    "fse_states", metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("fse_id", sa.String(L["fse_id"]), primary_key=True),
    sa.Column("valid_from", sa.Date, nullable=False),
    sa.Column("valid_until", sa.Date),
    sa.Column("row", sa.JSON, nullable=False),
    sa.Column("due", sa.JSON, nullable=False),
)
fse_state_marks = sa.Table(
    "fse_state_marks", metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("code", sa.String(64), nullable=False),
    sa.Column("marks", sa.JSON, nullable=False),
    sa.Column("made_at", sa.DateTime, nullable=False),
)
#: The tables that hold no record (not exported, not part of the register's state).
DERIVED = ("fse_states", "fse_state_marks")

#: What may be voided: the kind's word -> its table.
VOID_KINDS = {"inspection": "inspections", "maintenance_log": "maintenance_logs", "manifest": "hauler_manifests"}

"""The top-level sections of an input document and the fields of its ``project``: the names the submittal
(:mod:`sizing.io.submittal`) and the maintenance log (:mod:`sizing.io.sections.maintenance`) both check a document
against, kept below both so that neither reads the other. The JSON Schema ``schema/submittal.schema.json`` lists
the same names (a test checks it)."""

from __future__ import annotations

from sizing.io.sections import declarations as declarations_section
from sizing.io.sections import interceptor as interceptor_section
from sizing.io.sections import review_notes as review_notes_section

#: Top-level sections. Sizing reads the first eight; the review's sections (sizing.io.sections) are parsed by the
#: submittal too; waiver, revocation, application and maintenance belong to their own parsers (same field-path
#: errors).
TOP_LEVEL = ("$schema", "edition", "application_date", "construction", "project", "fixtures", "inlet_pipe", "meals",
             interceptor_section.SECTION, *declarations_section.SECTIONS, "waiver", "revocation", "application",
             "maintenance", "notes", review_notes_section.SECTION)
PROJECT_FIELDS = ("name", "address", "applicant", "engineer", "permit", "fse_id", "date", "reviewer", "owner", "contact",
                  "engineer_license", "plan_check", "review_cycle", "applicant_address", "reviewer_title",
                  "property_owner", "property_owner_address", "apn")

"""Conditional waiver page (being built on sizing.ordinance.waiver)."""

from app_pages import common

common.header("Conditional waiver")
common.unavailable("Conditional waiver", "sizing.ordinance.waiver")

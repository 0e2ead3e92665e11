"""Inventory (batch) page (being built on sizing.batch)."""

from app_pages import common

common.header("Inventory (batch)")
common.unavailable("Inventory (batch)", "sizing.batch")

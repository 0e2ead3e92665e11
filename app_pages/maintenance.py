"""Maintenance page (being built on sizing.ordinance.maintenance)."""

from app_pages import common

common.header("Maintenance")
common.unavailable("Maintenance", "sizing.ordinance.maintenance")

"""Plan review page (being built on sizing.ordinance.review)."""

from app_pages import common

common.header("Plan review")
common.unavailable("Plan review", "sizing.ordinance.review")

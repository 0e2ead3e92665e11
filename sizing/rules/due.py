"""When a dated obligation is due or overdue: the one rule every command, report and page reads.

A deadline is the last day allowed: "within 180 working days" includes day 180, and a pump-out "due by" a date may
be done on that date. So a date is *due* up to and including itself and *overdue* from the day after.
"""

from __future__ import annotations

import datetime as dt

OVERDUE, DUE = "overdue", "due"
#: The longest look-ahead of the due list [day] (100 years).
MAX_WITHIN_DAYS = 36_500


def is_overdue(due: dt.date, as_of: dt.date) -> bool:
    """Past the last day allowed.

    >>> is_overdue(dt.date(2026, 11, 17), dt.date(2026, 11, 17)), is_overdue(dt.date(2026, 11, 17), dt.date(2026, 11, 18))
    (False, True)
    """
    return as_of > due


def status(due: dt.date, as_of: dt.date) -> str:
    """``'overdue'`` from the day after ``due``, else ``'due'``.

    >>> status(dt.date(2026, 2, 24), dt.date(2026, 3, 2)), status(dt.date(2026, 3, 2), dt.date(2026, 3, 2))
    ('overdue', 'due')
    """
    return OVERDUE if is_overdue(due, as_of) else DUE

"""The plan review's rules, one small function each, in modules named by what they check.

:mod:`context` (what a rule reads, and the findings rules share), :mod:`requirement` (whether and by when an
interceptor is required), :mod:`design` (size, type, compartments, fittings, location), :mod:`manholes`,
:mod:`connections` (which fixtures drain to the interceptor) and :mod:`prohibitions` (food grinders, discharge
temperature, additives). Each rule registers itself with what it reads (:mod:`registry`); importing this
package loads them all.
"""

from sizing.rules.review_rules import (  # noqa: F401
    by_device,
    connections,
    design,
    local_size,
    manholes,
    prohibitions,
    requirement,
)

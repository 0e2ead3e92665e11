"""The submittal's review sections, each parsed once at the boundary into a typed object.

One module per section of the submittal document: :mod:`interceptor` (the proposed interceptor and its access
manholes), :mod:`declarations` (discharge temperature, food grinder approval, additives authorization, existing-FSE
triggers, review date) and :mod:`review_notes` (the plan checker's notes per finding). Each module holds its
section's field list (``*_FIELDS``), the one the JSON Schema must list. :func:`sizing.submittal.from_dict` calls
the parsers; everything downstream reads the typed sections from the :class:`~sizing.submittal.Submittal`.
"""

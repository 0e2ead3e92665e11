"""Grease interceptor sizing and plan review under the California Plumbing Code and a jurisdiction's FOG ordinance.

Layers: parse (``sizing.io.submittal``, ``sizing.io.units``) -> decide (``sizing.cpc``, ``sizing.rules``)
-> present (``sizing.report``, ``sizing.cli.main``, ``app.py``).
"""

__version__ = "0.1.0"

"""Grease interceptor sizing and plan review under the California Plumbing Code and a jurisdiction's FOG ordinance.

Layers: parse (``sizing.submittal``, ``sizing.units``) -> decide (``sizing.cpc``, ``sizing.ordinance``)
-> present (``sizing.report``, ``sizing.cli``, ``app.py``).
"""

__version__ = "0.1.0"

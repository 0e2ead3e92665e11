"""How everything a person reads names the parts of a plan: counted from 1, as the plan and the form count them.

The JSON contract and the field paths of input errors keep their 0-based indexes (``fixtures[7]``); a finding,
a correction, a step title, a warning, a report or a letter says ``fixture 8 (Floor drain)``,
``manhole 1 over chamber 1`` or ``service 3 (2026-01-05)``.
"""

from __future__ import annotations

import datetime as dt
import re

#: A 0-based part of a document as its parser names it: ``fixtures[7]``, ``manholes[0]``, ``services[2]``.
PATH_INDEX = re.compile(r"\b(?:interceptor\.|maintenance\.)?(fixtures|manholes|services|measurements|training)\[(\d+)\]")
SINGULAR = {"fixtures": "fixture", "manholes": "manhole", "services": "service", "measurements": "measurement",
            "training": "training"}


def fixture(index: int, name: str | None = None, count: int | None = None, sheet: str | None = None) -> str:
    """A fixture line as the plan counts it.

    >>> fixture(7, "Floor drain"), fixture(1, "Food preparation sink", 3), fixture(0, "Mop sink", 1, "P-2")
    ('fixture 8 (Floor drain)', 'fixture 2 (3 x Food preparation sink)', 'fixture 1 (Mop sink, sheet P-2)')
    """
    what = ", ".join(x for x in ((f"{count} x {name}" if name and count not in (None, 1) else name),
                                 (f"sheet {sheet}" if sheet else None)) if x)
    return f"fixture {index + 1}" + (f" ({what})" if what else "")


def manhole(index: int, over: str | None = None, label: str | None = None) -> str:
    """An access manhole as the plan counts it, with what it is over when known.

    >>> manhole(0, "chamber 1"), manhole(1, None, "MH-2")
    ('manhole 1 over chamber 1', 'manhole 2 (MH-2)')
    """
    return f"manhole {index + 1}" + (f" ({label})" if label else "") + (f" over {over}" if over else "")


def service(index: int, day: dt.date | None = None) -> str:
    """A pump-out of a maintenance log, counted from 1, with its date.

    >>> service(2, dt.date(2026, 1, 5))
    'service 3 (2026-01-05)'
    """
    return f"service {index + 1}" + (f" ({day.isoformat()})" if day else "")


def counted_from_one(text: str) -> str:
    """Any 0-based part left in a text (``manholes[0]``) as a person counts it (``manhole 1``).

    >>> counted_from_one("services[2].date: expected a date")
    'service 3, date: expected a date'
    >>> counted_from_one("interceptor.manholes[0].diameter: expected a length")
    'manhole 1, diameter: expected a length'
    """
    def named(match: re.Match) -> str:
        return f"{SINGULAR[match.group(1)]} {int(match.group(2)) + 1}"

    return re.sub(r"(\b(?:fixture|manhole|service|measurement|training) \d+)\.(\w+)",
                  lambda m: f"{m.group(1)}, {m.group(2).replace('_', ' ')}", PATH_INDEX.sub(named, text))


#: The units a field's name may end in (``volume_gal``), shown after its words: ``volume (gal)``.
UNIT_ENDINGS = {"gal": "gal", "in": "in", "gpm": "gpm", "ft": "ft", "lb": "lb", "mm": "mm", "pct": "%"}
#: Words of a field's name written as people write them.
ACRONYMS = {"dfu": "DFU", "hgi": "HGI", "fse": "FSE", "fses": "FSEs", "cpc": "CPC", "fog": "FOG", "bmp": "BMP", "ics": "ICS"}


def field_words(path: str, capital: bool = True) -> str:
    """A field's or a column's name as a person reads it: words, not the key, counted from 1, with its unit (the
    first letter a capital unless ``capital`` is false: a name within a sentence).

    >>> field_words("dfu_total"), field_words("interceptor.volume_gal"), field_words("interceptor.manholes[0].diameter_in")
    ('DFU total', 'Interceptor, volume (gal)', 'Interceptor, manhole 1, diameter (in)')
    >>> field_words("fse_id"), field_words("hgi_capacity", capital=False), field_words("fses by status")
    ('FSE id', 'HGI capacity', 'FSEs by status')
    """
    parts = []
    for part in str(path).split("."):
        indexed = re.fullmatch(r"(\w+)\[(\d+)\]", part)
        if indexed:
            parts.append(f"{SINGULAR.get(indexed.group(1), indexed.group(1))} {int(indexed.group(2)) + 1}")
            continue
        words = [w for w in re.split(r"[_ ]", part) if w]
        unit = UNIT_ENDINGS.get(words[-1]) if len(words) > 1 else None
        words = words[:-1] if unit else words
        parts.append(" ".join(ACRONYMS.get(w, w) for w in words) + (f" ({unit})" if unit else ""))
    text = ", ".join(parts)
    return text[:1].upper() + text[1:] if capital else text

"""Field parsers shared by every input section: each error names the field path and what was expected."""

from __future__ import annotations

import datetime as dt
import difflib
import math
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from sizing.errors import SizingInputError, shown
from sizing.io.document import (  # noqa: E402, F401  (the document reader; its names stay importable from here)
    IDENTIFIER_KEYS,
    MAX_ALIAS_VALUES,
    MAX_FILE_BYTES,
    MAX_TEXT,
    load_document,
    parse_document,
    read_bytes,
    shown_path,
)

_TRUE = {"true", "yes", "y", "1", "on"}
_FALSE = {"false", "no", "n", "0", "off"}


#: The largest count any field takes (fixtures of one line, seats, compartments, ...).
MAX_COUNT = 1_000_000
#: The largest interceptor volume any field takes [gal] (a submittal's interceptor, an inventory's
#: installed_volume_gal).
MAX_VOLUME_GAL = 1_000_000
#: The longest id [characters]: an FSE's id in the register, a submittal_id in an inventory (which the
#: register imports as the FSE's id).
MAX_ID = 64


def whole(field: str, value: Any, minimum: int = 0, default: int | None = None, maximum: int = MAX_COUNT) -> int:
    """A whole number >= minimum and <= maximum (2 and 2.0 pass; 2.5, True, -1 and 10**400 do not).

    >>> whole("fixtures[2].count", 3)
    3
    """
    if value is None and default is not None:
        return default
    expected = f"a whole number >= {minimum}"
    original = value
    if isinstance(value, bool):
        raise SizingInputError(field, value, expected)
    value = _numeric(field, value, expected, 10 ** 15)
    if not isinstance(value, (int, float)) or not math.isfinite(value) or float(value) != int(value):
        raise SizingInputError(field, original, f"{expected} and <= {maximum:,}" if value == math.inf else expected)
    if value < minimum:
        raise SizingInputError(field, int(value) if float(value).is_integer() else value, expected)
    if value > maximum:
        raise SizingInputError(field, int(value), f"{expected} and <= {maximum:,}")
    return int(value)


#: The largest row number a register holds: its ids are PostgreSQL ``integer`` (32-bit); a larger number is no
#: record (said so, as typed), never sent to the database (SQLite overflows past 64 bits).
MAX_RECORD_NUMBER = 2**31 - 1
_DIGITS = re.compile("[0-9]+")


def record_number(field: str, value: Any, what: str = "record") -> int:
    """A record's number (a notice, a review cycle) as a user types it: ASCII digits only, whole and positive
    (``1e0``, ``1.0``, ``-1``, ``0``, full-width or Arabic-Indic digits are refused, naming the field); a number
    of any length is returned whole (:func:`no_record` tells whether it can name a record).

    >>> record_number("NOTICE", " 12 ")
    12
    >>> record_number("NOTICE", "1e0", "notice")
    Traceback (most recent call last):
    ...
    sizing.errors.SizingInputError: NOTICE: expected a notice number in the digits 0-9 (1, 2, 3 ...), got '1e0'
    """
    expected = f"a {what} number in the digits 0-9 (1, 2, 3 ...)"
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 1:
            raise SizingInputError(field, value, expected)
        return value
    if not isinstance(value, str) or len(value) > 1000 or not _DIGITS.fullmatch(value.strip()):
        raise SizingInputError(field, value, expected)
    number = int(value.strip())
    if number < 1:
        raise SizingInputError(field, value, expected)
    return number


def no_record(number: int) -> bool:
    """True for a number that no row of the register can have (see MAX_RECORD_NUMBER)."""
    return number > MAX_RECORD_NUMBER


def _numeric(field: str, value: Any, expected: str, huge: int) -> Any:
    """``value`` read as a number where it is text (text over 100 characters: infinite); a whole number larger than
    ``huge`` is infinite (so a bound names it); anything else as given, for the caller's checks."""
    if isinstance(value, str):
        try:
            return float(value.strip()) if len(value) <= 100 else math.inf
        except ValueError:
            raise SizingInputError(field, value, expected) from None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > huge:
        return math.inf if value > 0 else -math.inf
    return value


def number(field: str, value: Any, minimum: float | None = None, maximum: float | None = None,
           strict_minimum: bool = False, expected: str | None = None) -> float:
    """A plain (unitless) number within bounds."""
    want = expected or "a number"
    if minimum is not None:
        want += f" {'>' if strict_minimum else '>='} {minimum:g}"
    if maximum is not None:
        want += f" and <= {maximum:g}"
    original = value
    if isinstance(value, bool) or value is None:
        raise SizingInputError(field, value, want)
    value = _numeric(field, value, want, 10 ** 300)
    if not isinstance(value, (int, float)) or not math.isfinite(value):
        raise SizingInputError(field, original, want)
    if minimum is not None and (value < minimum or (strict_minimum and value <= minimum)):
        raise SizingInputError(field, value, want)
    if maximum is not None and value > maximum:
        raise SizingInputError(field, value, want)
    return float(value)


def boolean(field: str, value: Any, default: bool | None = None) -> bool:
    """true/false (also yes/no, 1/0 as text, for CSV and forms)."""
    if value is None and default is not None:
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise SizingInputError(field, value, "true or false")


def choice(field: str, value: Any, options: Iterable[str], default: str | None = None) -> str:
    """One of a fixed set of words; suggests the closest on a miss."""
    options = list(options)
    if value is None and default is not None:
        return default
    if isinstance(value, str):
        key = normalise_key(value)
        if key in options:
            return key
        expected = "one of " + ", ".join(options)
        close = difflib.get_close_matches(key, options, n=1, cutoff=0.6)
        if close:
            expected += f" (did you mean {close[0]!r}?)"
        raise SizingInputError(field, value, expected)
    raise SizingInputError(field, value, "one of " + ", ".join(options))


#: Dates outside these years are refused: an ordinance date near 9999 is a typo, and adding a deadline or
#: an interval to it would pass the calendar's end.
FIRST_YEAR, LAST_YEAR = 1900, 2199


def date(field: str, value: Any, default: dt.date | None = None) -> dt.date:
    """A calendar date, 'YYYY-MM-DD', from 1900 to 2199; dates that do not exist (2026-02-30) are errors."""
    if value is None and default is not None:
        return default
    day = None
    if isinstance(value, dt.datetime):
        day = value.date()
    elif isinstance(value, dt.date):
        day = value
    elif isinstance(value, str) and len(value) <= 40:
        try:
            day = dt.date.fromisoformat(value.strip())
        except ValueError:
            pass
    if day is None:
        raise SizingInputError(field, value, "a date that exists, as YYYY-MM-DD")
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise SizingInputError(field, day.isoformat(), f"a date from {FIRST_YEAR}-01-01 to {LAST_YEAR}-12-31")
    return day


def record_date(field: str, value: Any, *, today: dt.date | None = None, after: dt.date | None = None,
                after_what: str = "") -> dt.date:
    """The date of a record of something that happened (an inspection, a pump-out, a compliance record, a
    review or a decision stored in the register): a date as :func:`date`, never after ``today`` (default: the
    clock's day; a record dated ahead would stand in the way of the real one) and, with ``after``, never before
    it (``after_what`` names it: the notice a compliance record closes).

    >>> record_date("--date", "2026-03-02", today=dt.date(2026, 3, 2))
    datetime.date(2026, 3, 2)
    >>> record_date("--date", "2026-03-03", today=dt.date(2026, 3, 2))
    Traceback (most recent call last):
    ...
    sizing.errors.SizingInputError: --date: expected a date on or before today (2026-03-02), got '2026-03-03'
    """
    day = date(field, value)
    today = today or dt.date.today()
    if day > today:
        raise SizingInputError(field, day.isoformat(), f"a date on or before today ({today.isoformat()})")
    if after is not None and day < after:
        raise SizingInputError(field, day.isoformat(), f"a date on or after {after_what}{after.isoformat()}")
    return day


def text(field: str, value: Any, default: str | None = None, max_length: int = 2000, single_line: bool = False) -> str:
    """Text, stripped, in Unicode's composed form (NFC: 'e' + a combining acute is 'é'), that every report
    prints as written: no control characters (escape sequences, tabs), no character the PDF's font lacks, and
    no line break in a ``single_line`` field (a name, a label: a line break there could forge a line of a
    report)."""
    if value is None and default is not None:
        return default
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise SizingInputError(field, _kind(value), "text")
    if len(value) > max_length:
        raise SizingInputError(field, value, f"text of at most {max_length:,} characters")
    value = value.strip()
    if not value.isascii():
        value = unicodedata.normalize("NFC", value)
    printable(field, value, single_line)
    return value


_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")
#: The bidirectional controls (embeddings, overrides, isolates, and the marks LRM, RLM, ALM): they reorder the
#: text around them, so that what a report shows is not what was typed. Refused in every text.
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
#: What a one-line field (a name, an address, a signer, a hauler) may not hold beside a line break: the line and
#: paragraph separators (U+2028, U+2029) and every format character (Unicode category Cf: zero-width space,
#: joiners, soft hyphen, byte-order mark...), which print as nothing and make two names that look alike differ.
#: The zero-width joiner is refused with them: it only joins emoji (which the PDF's font cannot print) or the
#: letters of scripts the font lacks.
_INVISIBLE = ("Cf", "Zl", "Zp")


def printable(field: str, value: str, single_line: bool = False) -> None:
    """Refuse, naming ``field``, text that a report cannot show as written (see :func:`text`)."""
    if single_line and "\n" in value:
        raise SizingInputError(field, value, "", message=(
            f"{field}: holds a line break; give it on one line (got {shown(value)})"))
    if not value.isascii():
        _no_hidden(field, value, single_line)
    bad = _CONTROL.search(value)
    if bad:
        ch = bad.group()
        what = "a tab" if ch == "\t" else "a carriage return" if ch == "\r" else "a control character"
        fix = "use spaces" if ch == "\t" else "remove it"
        raise SizingInputError(field, value, "", message=(
            f"{field}: holds {what} (U+{ord(ch):04X}), which a report cannot show; {fix} (got {shown(value)})"))
    if not value.isascii():
        from sizing.io.fonts import printable_code_points

        points = printable_code_points()
        for ch in value:
            if ord(ch) > 127 and ord(ch) not in points and ch != "\n":
                name = unicodedata.name(ch, "unnamed")
                raise SizingInputError(field, value, "", message=(
                    f"{field}: holds the character U+{ord(ch):04X} ({name}), which the PDF report's font cannot "
                    "print; remove it, or write it with other letters"))


#: Fields that identify a record (an FSE, a permit, a plan check, a hauler's manifest): text exactly as written,
#: never a number. The YAML reader keeps their plain scalars as text (sizing.io.document), so that ``0417`` stays
#: ``0417`` rather than the octal 271 or ``12:30`` the base-60 750.
IDENTIFIER_FIELDS = tuple(sorted(IDENTIFIER_KEYS))
#: Dashes that print as a hyphen: an identifier is compared with ASCII hyphens.
_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2212\ufe63\uff0d"), "-")


def _no_hidden(field: str, value: str, single_line: bool) -> None:
    """Refuse a bidirectional control in any text, and an invisible character (see _INVISIBLE) in one line."""
    bad = BIDI.search(value)
    ch = bad.group() if bad else next((c for c in value if single_line and c not in "\t\n" and
                                       unicodedata.category(c) in _INVISIBLE), None)
    if ch is not None:
        what = "a bidirectional control, which reorders the text around it" if bad else (
            "a line separator" if unicodedata.category(ch) in ("Zl", "Zp") else "an invisible character")
        raise SizingInputError(field, None, "", message=(
            f"{field}: holds {what} (U+{ord(ch):04X}, {unicodedata.name(ch, 'unnamed')}); type it again "
            "without it"))


def identifier(field: str, value: Any, max_length: int = 200) -> str:
    """An identifier as text: NFKC-normalised (full-width letters become ASCII, Unicode dashes hyphens), trimmed;
    a number (a parser turned it into one) is refused with a request to quote it, and so is any invisible or control
    character (zero-width space, soft hyphen, bidirectional marks), which would make two ids that print alike.

    >>> identifier("project.fse_id", "ＦＳＥ\u20110417")
    'FSE-0417'
    >>> identifier("project.fse_id", 417)
    Traceback (most recent call last):
    ...
    sizing.errors.SizingInputError: project.fse_id: expected text: write the id in quotes, e.g. "0417", so that it is kept exactly as written, got 417
    """
    if isinstance(value, bool) or isinstance(value, (int, float)):
        raise SizingInputError(field, value, 'text: write the id in quotes, e.g. "0417", so that it is kept '
                                             "exactly as written")
    if not isinstance(value, str) or len(value) > max_length:
        raise SizingInputError(field, value, f"an identifier of at most {max_length:,} characters")
    if value.isascii() and value.isprintable():  # NFKC and the dashes leave printable ASCII as it is
        return value.strip()
    text = unicodedata.normalize("NFKC", value).translate(_DASHES).strip()
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Zl", "Zp"):
            raise SizingInputError(field, None, "", message=(
                f"{field}: the id contains an invisible or control character (U+{ord(ch):04X}, "
                f"{unicodedata.name(ch, 'unnamed')}); type the id again without it"))
    return text


def project(field: str, raw: Mapping[str, Any]) -> dict[str, str]:
    """A document's ``project`` section: identifiers by :func:`identifier`, every other field as text."""
    return {k: identifier(f"{field}.{k}", v) if k in IDENTIFIER_FIELDS else text(f"{field}.{k}", v, single_line=True)
            for k, v in raw.items() if v is not None}


def mapping(field: str, value: Any, allowed: Iterable[str] | None = None,
            default: Mapping | None = None) -> Mapping[str, Any]:
    """A mapping whose keys are all known: a mistyped key is an error, never silently ignored."""
    if value is None and default is not None:
        return default
    if not isinstance(value, Mapping):
        raise SizingInputError(field, _kind(value), "a mapping of field: value")
    if allowed is not None:
        allowed = list(allowed)
        for key in value:
            if key not in allowed:
                name = str(key) if len(str(key)) <= 60 else str(key)[:57] + "..."
                close = difflib.get_close_matches(name, allowed, n=1, cutoff=0.6)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                path = f"{field}.{name}" if field else name
                raise SizingInputError(path, None, "", message=(
                    f"{path}: unknown field{hint}; expected one of {', '.join(allowed)}"))
    return value


def sequence(field: str, value: Any, default: list | None = None) -> list:
    if value is None and default is not None:
        return default
    if not isinstance(value, list):
        raise SizingInputError(field, _kind(value), "a list")
    return value


def normalise_key(value: str) -> str:
    """'Three-compartment Sink' -> 'three_compartment_sink'."""
    return "_".join(value.strip().lower().replace("-", " ").replace("/", " ").split())


def _kind(value: Any) -> str:
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return value

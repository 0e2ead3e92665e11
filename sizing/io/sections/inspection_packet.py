"""An FSE's inspection packet, for an inspection where there is no signal: the profile's checklists as a CSV to
fill offline (in a phone's or a laptop's spreadsheet or text editor), the same lines as a printable PDF
(:mod:`sizing.report.inspection_packet`), and the filled CSV read back and checked line by line into the
inspection document the Inspection page makes (:func:`~sizing.io.sections.inspection.form_document`).

The CSV (UTF-8; ``sizing register inspection-packet FSE -o packet.csv``, or the Inspection page's download), one
line per field, the answer column to fill::

    section,item,answer,note,what to write,clause
    Inspection,FSE,FSE-0417,,"the FSE's id, as downloaded",
    Inspection,Jurisdiction,the profile's name,,as downloaded: the checklists below are its,
    Inspection,Date,,,"the day of the inspection, as YYYY-MM-DD",
    Inspection,Purpose,routine,,"routine, complaint, follow up, blockage or overflow or waiver condition",
    Inspection,Interceptor condition,,,"good, fair, poor, failed or not accessible; blank: not recorded",
    Readings,FOG,,,"the FOG layer, a length such as 2 in or 50 mm; with the solids",
    ...
    Best management practices,"Drain screens installed on all drainage pipes, ...",,,"yes, no or n/a",the clause
    ...
    Finding,Clause,,,the clause the finding cites,
    Photo,Photo,,,"a photo's file name (JPEG, PNG or WebP); note: its caption",
    Inspection,Note,,,anything else,

A line is known by its section and item as downloaded (their order may change; a blank line is skipped); only
the answer and note columns are read, the note only on a checklist item's or a photo's line. A photo's file is
read from the packet's folder (the command line) or is one of the photos uploaded with it (the app). Every
mistake is one line naming the file, the line and the column; nothing is stored.
"""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io.csv_files import csv_text, read_text
from sizing.io.sections.inspection import (
    CONDITIONS,
    PHOTO_MAX_COUNT,
    PURPOSES,
    InspectionRecord,
    Photo,
    answer,
    form_document,
    from_dict,
    photo,
    read_photo,
)
from sizing.jurisdiction.profile import Jurisdiction
from sizing.rules.inspection import checklist_items

COLUMNS = ("section", "item", "answer", "note", "what to write", "clause")
#: The columns read back (the others are the packet's help, ignored).
READ = COLUMNS[:4]
INSPECTION, READINGS, FINDING, PHOTO = "Inspection", "Readings", "Finding", "Photo"
#: The blank photo lines a packet offers (more may be added, one per photo).
PHOTO_LINES = 3
#: The most characters of an item shown in a message naming its line.
LABEL_CHARS = 40


@dataclass(frozen=True)
class Line:
    """One line of the packet: its section and item (how it is known), what it is (``key``: ``date``,
    ``fog``, a checklist item's ``bmp.drain_screens``), what to write, the clause, and the answer given."""

    section: str
    item: str
    key: str
    hint: str
    clause: str = ""
    answer: str = ""
    checklist: bool = False


@dataclass(frozen=True)
class Packet:
    """A filled packet, checked: its inspection document (as the Inspection page makes it), the record parsed
    from it (photos not yet added) and the photo lines (the field a message names, the file, the caption)."""

    name: str
    text: str
    document: dict[str, Any]
    record: InspectionRecord
    photos: tuple[tuple[str, str, str | None], ...] = ()


def _words(keys: Sequence[str]) -> str:
    names = [k.replace("_", " ") for k in keys]
    return ", ".join(names[:-1]) + " or " + names[-1]


def lines(place: Jurisdiction, fse_id: str | None = None) -> list[Line]:
    """The packet's lines for an inspection of ``fse_id`` under ``place``: the FSE, the jurisdiction and the
    purpose filled in, every other answer blank."""
    out = [Line(INSPECTION, "FSE", "fse", "the FSE's id, as downloaded", answer=fse_id or ""),
           Line(INSPECTION, "Jurisdiction", "jurisdiction", "as downloaded: the checklists below are its",
                answer=place.name),
           Line(INSPECTION, "Date", "date", "the day of the inspection, as YYYY-MM-DD"),
           Line(INSPECTION, "Purpose", "purpose", _words(PURPOSES), answer=PURPOSES[0]),
           Line(INSPECTION, "Interceptor condition", "condition", _words(CONDITIONS) + "; blank: not recorded"),
           Line(READINGS, "FOG", "fog", "the FOG layer, a length such as 2 in or 50 mm; with the solids"),
           Line(READINGS, "Solids", "solids", "the solids layer, a length such as 4 in or 100 mm; with the FOG"),
           Line(READINGS, "Liquid depth", "liquid_depth", "a length; blank: the FSE's last one on record")]
    out += [Line(item["checklist_title"], item["text"], key, "yes, no or n/a; note: optional", item["citation"],
                 checklist=True) for key, item in checklist_items(place).items()]
    out += [Line(FINDING, "Clause", "clause", "the clause the finding cites (optional)"),
            Line(FINDING, "What was found", "found", "what the inspector found (with the clause)")]
    types = notice_titles(place)
    if types:
        out.append(Line(FINDING, "Notice it opens", "notice", "blank: none; or " + "; ".join(types.values())))
    out += [Line(PHOTO, "Photo", "photo", "a photo's file name (JPEG, PNG or WebP); note: its caption")] * PHOTO_LINES
    out.append(Line(INSPECTION, "Note", "note", "anything else (optional)"))
    return out


def notice_titles(place: Jurisdiction) -> dict[str, str]:
    """The notice types a finding may open, by key: their titles."""
    return {k: v.get("title") or k.replace("_", " ")
            for k, v in ((place.inspections or {}).get("notices") or {}).items()}


def packet_csv(place: Jurisdiction, fse_id: str) -> str:
    """The packet to fill, as CSV text."""
    return csv_text(COLUMNS, [(x.section, x.item, x.answer, "", x.hint, x.clause) for x in lines(place, fse_id)])


def _norm(text: str) -> str:
    return " ".join(str(text).split()).casefold()


def _label(item: str) -> str:
    return item if len(item) <= LABEL_CHARS else item[:LABEL_CHARS - 1].rstrip() + "…"


def _where(name: str, line: int, item: str, column: str = "answer") -> str:
    """How a message names a cell: the file, the line, the item (cut short) and the column."""
    return f"{name}: line {line} ({_label(item)}): {column}"


def _cells(text: str, name: str, place: Jurisdiction) -> dict[str, list[tuple[int, Line, str, str]]]:
    """Each line of the packet by its key: (line number, the packet's line, answer, note) as given."""
    known = {(_norm(x.section), _norm(x.item)): x for x in lines(place)}
    reader = csv.reader(io.StringIO(text))
    try:
        header = [_norm(h) for h in next(reader, None) or ()]
        missing = [c for c in READ if header.count(c) != 1]
        if missing:
            raise SizingInputError(name, None, "", message=(
                f"{name}: line 1: expected the packet's header with the columns {', '.join(COLUMNS)} (each once); "
                f"{'missing' if missing[0] not in header else 'given twice'}: {missing[0]}"))
        at = {c: header.index(c) for c in READ}
        out: dict[str, list[tuple[int, Line, str, str]]] = {}
        for row in reader:
            if not any(c.strip() for c in row):
                continue
            n = reader.line_num
            section, item, given, note = (row[at[c]].strip() if at[c] < len(row) else "" for c in READ)
            line = known.get((_norm(section), _norm(item)))
            if line is None:
                raise SizingInputError(name, None, "", message=(
                    f"{_where(name, n, item or section, 'item')}: not a line of this packet (section "
                    f"{section!r}, item {item!r}); keep the section and item as downloaded"))
            before = out.get(line.key)
            if before and line.key != "photo":
                raise SizingInputError(name, None, "", message=(
                    f"{_where(name, n, line.item, 'item')}: given twice (lines {before[0][0]} and {n}); keep one"))
            if note and not line.checklist and line.key != "photo":
                raise SizingInputError(name, None, "", message=(
                    f"{_where(name, n, line.item, 'note')}: a note is read on a checklist item's or a photo's line "
                    "only; write it in the Note line"))
            out.setdefault(line.key, []).append((n, line, given, note))
    except csv.Error as exc:
        raise SizingInputError(name, None, "", message=f"{name}: line {reader.line_num}: not CSV: {exc}") from None
    return out


def read_packet(data: bytes | str, name: str, place: Jurisdiction, *, allow_unanswered: bool = False,
                today: dt.date | None = None) -> Packet:
    """A filled packet, checked line by line (each mistake one line naming the file, the line and the column);
    checklist items left blank are refused unless ``allow_unanswered`` (they are then not inspected)."""
    text = read_text(data, name, parse.MAX_FILE_BYTES, "the packet", "an inspection packet", field=name,
                     too_large=": is it the packet's CSV?")
    cells = _cells(text, name, place)
    by_key = {x.key: x for x in lines(place)}
    paths: dict[str, str] = {}

    def value(key: str, path: str | None = None) -> tuple[str, str]:
        """A line's answer and the field naming it (its line, or the line's words when it was left out)."""
        got = cells.get(key)
        field = _where(name, got[0][0], by_key[key].item) if got else _missing(name, by_key[key])
        if path:
            paths[path] = field
        return (got[0][2] if got else ""), field

    fse, field = value("fse")
    if not fse:
        raise SizingInputError(field, None, "the FSE's id, as downloaded (e.g. FSE-0417)")
    fse = parse.identifier(field, fse, max_length=64)  # the register's longest FSE id (checked again when stored)
    given, field = value("jurisdiction")
    if _norm(given) != _norm(place.name):
        raise SizingInputError(field, given, "", message=(
            f"{field}: the packet is {given or 'of no jurisdiction'}'s, and the inspection is being stored under "
            f"{place.name}: choose {given or 'its jurisdiction'} (the app's sidebar; --jurisdiction on the command "
            "line), or download the packet again"))
    given, field = value("date", "inspection.date")
    if not given:
        raise SizingInputError(field, None, "the day of the inspection, as YYYY-MM-DD")
    day = parse.record_date(field, given, today=today)
    answers = _answers(cells, [x for x in by_key.values() if x.checklist], name, allow_unanswered, paths)
    doc = form_document(fse, day, _word(*value("purpose"), PURPOSES),
                        _word(*value("condition"), CONDITIONS, blank=True),
                        {k: value(k, f"inspection.readings.{k}")[0] for k in ("fog", "solids", "liquid_depth")},
                        answers, (value("clause", "inspection.findings[0].clause")[0],
                                  value("found", "inspection.findings[0].text")[0], _notice(value, place)),
                        value("note", "inspection.note")[0])
    shots = _photo_lines(cells.get("photo", ()), name)
    if len(shots) > PHOTO_MAX_COUNT:
        raise SizingInputError(shots[PHOTO_MAX_COUNT][0], len(shots), f"at most {PHOTO_MAX_COUNT} photos")
    try:
        record = from_dict(doc, today=today)
    except SizingInputError as exc:
        raise _on_its_line(exc, paths) from None
    return Packet(name, text, doc, record, shots)


def _photo_lines(got: Sequence[tuple[int, Line, str, str]], name: str) -> tuple[tuple[str, str, str | None], ...]:
    """The Photo lines that name a file: (the field naming the line, the file, the caption)."""
    out = []
    for n, line, given, note in got:
        field = _where(name, n, line.item)
        if note and not given:
            raise SizingInputError(field, None, "", message=f"{field}: a caption without a photo: write the photo's "
                                   "file name in the answer column")
        if given:
            caption = parse.text(_where(name, n, line.item, "note"), note, max_length=300, single_line=True) \
                if note else None
            out.append((field, given, caption))
    return tuple(out)


def _missing(name: str, line: Line) -> str:
    """Where a line left out of the packet would be, for a message."""
    return f"{name}: the line {line.section}, {_label(line.item)} (left out): answer"


def _answers(cells: Mapping[str, list], items: Sequence[Line], name: str, allow_unanswered: bool,
             paths: dict[str, str]) -> dict[str, tuple[str | None, str | None]]:
    """Each checklist item's answer (yes, no or n/a) and note, by item; the items left blank (or left out)
    refused (naming the first line and counting the rest) unless allowed."""
    out: dict[str, tuple[str | None, str | None]] = {}
    blank = []
    for line in items:
        key = line.key
        n, _, given, note = cells.get(key, [(0, line, "", "")])[0]
        field = _where(name, n, line.item) if n else _missing(name, line)
        path = f"inspection.checklists.{key}"
        paths[path], paths[path + ".answer"] = field, field
        paths[path + ".note"] = field.removesuffix("answer") + "note"
        if not given:
            blank.append(field)
            out[key] = (None, None)
            continue
        out[key] = (answer(field, given), note or None)
    if blank and not allow_unanswered:
        more = f" ({len(blank) - 1} more checklist item(s) blank)" if len(blank) > 1 else ""
        raise SizingInputError(blank[0], None, "", message=(
            f"{blank[0]}: not answered; expected yes, no or n/a{more}. Answer them, or store the packet with "
            "checklist items unanswered (they are recorded as not inspected)"))
    return out


def _word(given: str, field: str, keys: Sequence[str], blank: bool = False) -> str | None:
    """One of ``keys`` as its words are written ('follow up' or 'follow_up'); blank: the first, or None."""
    if not given:
        return None if blank else keys[0]
    key = "_".join(given.casefold().replace("_", " ").split())
    if key not in keys:
        raise SizingInputError(field, given, _words(keys))
    return key


def _notice(value, place: Jurisdiction) -> str | None:
    """The notice a finding opens, written as its title or its words ('cctv order'); blank: none."""
    titles = notice_titles(place)
    if not titles:
        return None
    given, field = value("notice", "inspection.findings[0].notice")
    if not given:
        return None
    if not value("found")[0]:
        raise SizingInputError(field, given, "", message=(
            f"{field}: a notice opens with a finding: write what was found, and its clause, on the Finding lines"))
    for key, title in titles.items():
        if _norm(given) in (_norm(title), _norm(key.replace("_", " "))):
            return key
    raise SizingInputError(field, given, "blank (no notice) or one of: " + "; ".join(titles.values()))


def _on_its_line(exc: SizingInputError, paths: Mapping[str, str]) -> SizingInputError:
    """An inspection document's error (``inspection.readings.solids: ...``) told at the packet's line."""
    found = [p for p in paths if exc.field == p or exc.field.startswith(p + ".")]
    if not found:
        return exc
    field = paths[max(found, key=len)]
    rest = exc.message[len(exc.field):] if exc.message.startswith(exc.field) else ": " + exc.message
    return SizingInputError(field, exc.value, "", message=field + rest)


def with_photos(packet: Packet, photos: tuple[Photo, ...]) -> InspectionRecord:
    """The packet's inspection with its photos."""
    if len(photos) > PHOTO_MAX_COUNT:
        raise SizingInputError(f"{packet.name}: photos", len(photos), f"at most {PHOTO_MAX_COUNT} photos")
    return dataclasses.replace(packet.record, photos=photos)


def photo_files(packet: Packet, base: Path) -> tuple[Photo, ...]:
    """The photos the packet names, read from its folder ``base`` (the command line)."""
    return tuple(photo(field, Path(file).name, read_photo(field, file, base), caption)
                 for field, file, caption in packet.photos)


def uploaded_photos(packet: Packet, uploads: Sequence[tuple[str, bytes]]) -> tuple[Photo, ...]:
    """The photos uploaded with the packet (the app): those its lines name first, with their captions (a name
    not among the uploads is refused, naming its line), then the others as they came."""
    by_name = {Path(n).name.casefold(): (n, data) for n, data in uploads}
    out, used = [], set()
    for field, file, caption in packet.photos:
        key = Path(file).name.casefold()
        if key not in by_name:
            raise SizingInputError(field, file, "", message=(
                f"{field}: {file!r} is not among the photos uploaded with the packet; upload it too"))
        used.add(key)
        out.append(photo(field, by_name[key][0], by_name[key][1], caption))
    out += [photo(f"{packet.name}: photo {n}", n, data) for n, data in uploads if Path(n).name.casefold() not in used]
    return tuple(out)

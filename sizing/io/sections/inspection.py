"""A field inspection, parsed once into an :class:`InspectionRecord` (depths in inches, photos checked and hashed).

Input (``sizing register inspect FILE``; the app's Inspection page builds the same mapping)::

    project: {fse_id: FSE-0417}
    inspection:
      date: 2026-03-02                     # the day of the inspection (not after today)
      purpose: routine                     # routine | complaint | follow_up | blockage_or_overflow | waiver_condition
      interceptor_condition: good          # good | fair | poor | failed | not_accessible
      readings: {liquid_depth: 48 in, fog: 2 in, solids: 4 in}   # any length unit; liquid_depth optional
      checklists:                          # the profile's checklists: item -> yes | no | n/a, or {answer, note}
        bmp: {drain_screens: {answer: no, note: no screen on the mop sink}, food_waste: yes}
        records: {hauler_manifests: n/a}
      findings:                            # what the inspector saw, each citing its clause; `notice` opens one
        - {clause: "Reporting (b)", text: FOG in the lateral cleanout, notice: cctv_order}
      photos: [{file: mop-sink.jpg, caption: mop sink drain}]   # JPEG, PNG or WebP, at most 10 MB each, in the
                                                                  # inspection file's folder
      resolves: [{notice: 3, evidence: CCTV report received}]   # notices this inspection shows complied with
      note: free text

The field lists below are the only place the section's keys are named.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import os
import stat
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io.submittal import PROJECT_FIELDS
from sizing.io.units import parse_quantity
from sizing.quantities import show

TOP_FIELDS = ("project", "inspection")
FIELDS = ("date", "purpose", "interceptor_condition", "readings", "checklists", "findings", "photos", "resolves",
          "note")
PURPOSES = ("routine", "complaint", "follow_up", "blockage_or_overflow", "waiver_condition")
CONDITIONS = ("good", "fair", "poor", "failed", "not_accessible")
READING_FIELDS = ("liquid_depth", "fog", "solids")
ANSWER_FIELDS = ("answer", "note")
FINDING_FIELDS = ("clause", "text", "notice")
PHOTO_FIELDS = ("file", "caption")
RESOLVE_FIELDS = ("notice", "evidence")
YES, NO, NA = "yes", "no", "n/a"
_ANSWERS = {"yes": YES, "y": YES, "true": YES, "no": NO, "n": NO, "false": NO, "n/a": NA, "na": NA,
            "not applicable": NA, "not_applicable": NA}
#: The largest photo stored with an inspection [bytes] (a phone camera's JPEG is 2-6 MB) and how many.
PHOTO_MAX_BYTES = 10 * 1024 * 1024
PHOTO_MAX_COUNT = 20
#: The most pixels a photo may have (a 48-megapixel phone camera's photo is 8064 x 6048), checked before it is
#: decoded: a small file that would decode to gigabytes (a decompression bomb) is refused.
PHOTO_MAX_PIXELS = 50_000_000
#: The photo types accepted, as Pillow decodes them (the file's name or extension is not trusted). HEIC is not
#: among them: Pillow cannot decode it, and a photo is stored only once it has been decoded (export it as JPEG).
_FORMATS = {"JPEG": "image/jpeg", "PNG": "image/png", "WEBP": "image/webp"}
PHOTO_TYPES = tuple(_FORMATS.values())


@dataclass(frozen=True)
class Photo:
    name: str
    data: bytes = field(repr=False)
    media_type: str
    sha256: str
    caption: str | None = None

    @property
    def size_bytes(self) -> int:
        return len(self.data)


@dataclass(frozen=True)
class Answer:
    checklist: str
    key: str
    answer: str
    note: str | None = None


@dataclass(frozen=True)
class SeenFinding:
    clause: str
    text: str
    notice: str | None = None


@dataclass(frozen=True)
class InspectionRecord:
    """One inspection in code units: depths [in]."""

    date: dt.date
    purpose: str
    project: Mapping[str, str]
    condition: str | None = None
    liquid_depth_in: float | None = None
    fog_in: float | None = None
    solids_in: float | None = None
    answers: tuple[Answer, ...] = ()
    findings: tuple[SeenFinding, ...] = ()
    photos: tuple[Photo, ...] = ()
    resolves: tuple[tuple[int, str], ...] = ()
    note: str | None = None

    @property
    def has_readings(self) -> bool:
        return self.fog_in is not None


def media_type(field_name: str, data: bytes) -> str:
    """The photo's type, decoded by Pillow: opened, verified (``verify()``), reopened and decoded whole, within
    PHOTO_MAX_PIXELS (a decompression bomb is refused before it is decoded); anything else is refused, naming the
    field and never quoting the file's bytes.

    >>> media_type("photos[0]", b"GIF89a" + bytes(8))
    Traceback (most recent call last):
    ...
    sizing.errors.SizingInputError: photos[0]: expected a JPEG, PNG or WebP photo, got a file that is none of these
    """

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=tuple(_FORMATS)) as image:
                kind, pixels = _FORMATS[image.format], image.width * image.height
                if pixels > PHOTO_MAX_PIXELS:
                    raise SizingInputError(field_name, None, "", message=(
                        f"{field_name}: expected a photo of at most {PHOTO_MAX_PIXELS // 1_000_000} megapixels, got "
                        f"{image.width} x {image.height} pixels"))
                image.verify()
            with Image.open(io.BytesIO(data), formats=tuple(_FORMATS)) as image:
                image.load()
    except SizingInputError:
        raise
    except (Image.UnidentifiedImageError, KeyError):
        raise SizingInputError(field_name, None, "", message=(
            f"{field_name}: expected a JPEG, PNG or WebP photo, got a file that is none of these")) from None
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise SizingInputError(field_name, None, "", message=(
            f"{field_name}: expected a photo of at most {PHOTO_MAX_PIXELS // 1_000_000} megapixels, got more")) from None
    except (OSError, ValueError, SyntaxError, EOFError, MemoryError):  # truncated, damaged: Pillow's own errors
        raise SizingInputError(field_name, None, "", message=(
            f"{field_name}: the photo is damaged or cut short (it cannot be decoded); take or export it again")) from None
    return kind


def photo(field_name: str, name: str, data: bytes, caption: str | None = None) -> Photo:
    """A photo checked (size, decoded by Pillow: :func:`media_type`) and hashed (SHA-256)."""
    if not data:
        raise SizingInputError(field_name, name, "a photo file, got an empty file")
    if len(data) > PHOTO_MAX_BYTES:
        raise SizingInputError(field_name, None, "", message=(
            f"{field_name}: expected a photo of at most {PHOTO_MAX_BYTES // (1024 * 1024)} MB, got "
            f"{len(data) / (1024 * 1024):.1f} MB"))
    kind = media_type(field_name, data)
    return Photo(name=parse.text(f"{field_name}.file", name, max_length=300, single_line=True), data=bytes(data),
                 media_type=kind, sha256=hashlib.sha256(data).hexdigest(), caption=caption)


def from_dict(data: Mapping[str, Any], *, today: dt.date | None = None, base: Path | None = None,
              photos: tuple[Photo, ...] = ()) -> InspectionRecord:
    """Parse an inspection document; photo files are read relative to ``base`` (the document's folder), and
    ``photos`` already read (the app's camera) are added to them."""

    data = parse.mapping("", data, TOP_FIELDS)
    project = parse.project("project", parse.mapping("project", data.get("project"), PROJECT_FIELDS, default={}))
    if data.get("inspection") is None:
        raise SizingInputError("inspection", None, "the inspection section (date, purpose, readings, checklists, ...)")
    s = parse.mapping("inspection", data["inspection"], FIELDS)
    if s.get("date") is None:
        raise SizingInputError("inspection.date", None, "the day of the inspection, as YYYY-MM-DD")
    day = parse.record_date("inspection.date", s["date"], today=today)
    if s.get("purpose") is None:
        raise SizingInputError("inspection.purpose", None, "one of " + ", ".join(PURPOSES))
    purpose = parse.choice("inspection.purpose", s["purpose"], PURPOSES)
    condition = None if s.get("interceptor_condition") is None else parse.choice(
        "inspection.interceptor_condition", s["interceptor_condition"], CONDITIONS)
    depth, fog, solids = _readings(s.get("readings"))
    found = tuple(_finding(f"inspection.findings[{i}]", item) for i, item in
                  enumerate(parse.sequence("inspection.findings", s.get("findings"), default=[])))
    files = tuple(_photo_file(f"inspection.photos[{i}]", item, base) for i, item in
                  enumerate(parse.sequence("inspection.photos", s.get("photos"), default=[])))
    if len(files) + len(photos) > PHOTO_MAX_COUNT:
        raise SizingInputError("inspection.photos", len(files) + len(photos), f"at most {PHOTO_MAX_COUNT} photos")
    resolves = tuple(_resolve(f"inspection.resolves[{i}]", item) for i, item in
                     enumerate(parse.sequence("inspection.resolves", s.get("resolves"), default=[])))
    note = None if s.get("note") is None else parse.text("inspection.note", s["note"])
    return InspectionRecord(date=day, purpose=purpose, project=project, condition=condition, liquid_depth_in=depth,
                            fog_in=fog, solids_in=solids, answers=_answers(s.get("checklists")), findings=found,
                            photos=files + tuple(photos), resolves=resolves, note=note)


def form_document(fse_id: str | None, day: dt.date, purpose: str | None, condition: str | None = None,
                  readings: Mapping[str, Any] | None = None,
                  answers: Mapping[str, tuple[str | None, str | None]] | None = None,
                  finding: tuple[Any, Any, Any] | None = None, note: str | None = None) -> dict[str, Any]:
    """The inspection document of a form's fields (the Inspection page's, a filled inspection packet's: one
    shape for both): ``readings`` as typed by :data:`READING_FIELDS`, ``answers`` by checklist item
    (``bmp.drain_screens`` -> (answer, note)), ``finding`` (clause, text, notice); blank fields left out.

    >>> form_document("FSE-1", dt.date(2026, 3, 2), "routine", answers={"bmp.food_waste": ("yes", " ")})
    {'project': {'fse_id': 'FSE-1'}, 'inspection': {'date': '2026-03-02', 'purpose': 'routine', \
'checklists': {'bmp': {'food_waste': {'answer': 'yes', 'note': None}}}}}
    """
    lists: dict[str, dict[str, Any]] = {}
    for key, (given, item_note) in (answers or {}).items():
        if given:
            name, item = key.split(".", 1)
            lists.setdefault(name, {})[item] = {"answer": given, "note": _kept(item_note)}
    read = {k: _kept(v) for k, v in (readings or {}).items() if _kept(v) is not None}
    found = {k: _kept(v) for k, v in zip(FINDING_FIELDS, finding or (), strict=False) if _kept(v) is not None}
    section = {"date": day.isoformat(), "purpose": purpose, "interceptor_condition": _kept(condition),
               "readings": read or None, "checklists": lists or None,
               "findings": [found] if found.get("clause") or found.get("text") else None, "note": _kept(note)}
    return {"project": {"fse_id": fse_id}, "inspection": {k: v for k, v in section.items() if v is not None}}


def _kept(value: Any) -> Any:
    """A form's value as the document keeps it: text stripped, blank text as None."""
    if isinstance(value, str):
        return value.strip() or None
    return value


def _readings(raw: Any) -> tuple[float | None, float | None, float | None]:
    """The liquid depth (optional) and the FOG and solids layers (both or neither) [in]."""
    if raw is None:
        return None, None, None
    r = parse.mapping("inspection.readings", raw, READING_FIELDS)
    depth = None if r.get("liquid_depth") is None else parse_quantity(
        "inspection.readings.liquid_depth", r["liquid_depth"], "in", minimum=0, strict_minimum=True, maximum=600)
    given = [k for k in ("fog", "solids") if r.get(k) is not None]
    if len(given) == 1:
        other = "solids" if given[0] == "fog" else "fog"
        raise SizingInputError(f"inspection.readings.{other}", None,
                               f"the {other.upper() if other == 'fog' else other} layer depth with the {given[0]} "
                               "depth, a length such as '2 in' or '50 mm'")
    if not given:
        return depth, None, None
    top = 600.0 if depth is None else depth
    layers = [parse_quantity(f"inspection.readings.{k}", r[k], "in", minimum=0, maximum=top,
                             expected=f"a length such as '2 in' or '50 mm', no deeper than {show(top, 'in')}")
              for k in ("fog", "solids")]
    if depth is not None and layers[0] + layers[1] > depth * (1 + 1e-9):
        raise SizingInputError("inspection.readings.solids", r["solids"], "", message=(
            f"inspection.readings.solids: FOG {show(layers[0], 'in')} + solids {show(layers[1], 'in')} = "
            f"{show(layers[0] + layers[1], 'in')} is deeper than the liquid depth {show(depth, 'in')}"))
    return depth, layers[0], layers[1]


def answer(field_name: str, value: Any) -> str:
    """yes, no or n/a (YAML's yes/no booleans, 'not applicable' and 'na' read as written).

    >>> answer("a", True), answer("a", "No"), answer("a", "not applicable")
    ('yes', 'no', 'n/a')
    """
    if isinstance(value, bool):
        return YES if value else NO
    if isinstance(value, str) and value.strip().lower() in _ANSWERS:
        return _ANSWERS[value.strip().lower()]
    raise SizingInputError(field_name, value, "yes, no or n/a")


def _answers(raw: Any) -> tuple[Answer, ...]:
    out = []
    for list_key, items in parse.mapping("inspection.checklists", raw, default={}).items():
        path = f"inspection.checklists.{list_key}"
        for key, value in parse.mapping(path, items).items():
            item_path = f"{path}.{key}"
            note = None
            if isinstance(value, Mapping):
                value = parse.mapping(item_path, value, ANSWER_FIELDS)
                if value.get("answer") is None:
                    raise SizingInputError(f"{item_path}.answer", None, "yes, no or n/a")
                note = None if value.get("note") is None else parse.text(f"{item_path}.note", value["note"])
                value = value["answer"]
                item_path += ".answer"
            out.append(Answer(str(list_key), str(key), answer(item_path, value), note))
    return tuple(out)


def _finding(path: str, item: Any) -> SeenFinding:
    item = parse.mapping(path, item, FINDING_FIELDS)
    for key in ("clause", "text"):
        if item.get(key) is None:
            raise SizingInputError(f"{path}.{key}", None, "the clause the finding cites (chapter, topic "
                                   "and paragraph)" if key == "clause" else "what the inspector found")
    notice = None if item.get("notice") is None else parse.identifier(f"{path}.notice", item["notice"])
    return SeenFinding(clause=parse.text(f"{path}.clause", item["clause"], max_length=300, single_line=True),
                       text=parse.text(f"{path}.text", item["text"]), notice=notice)


def _photo_file(path: str, item: Any, base: Path | None) -> Photo:
    item = parse.mapping(path, item if isinstance(item, Mapping) else {"file": item}, PHOTO_FIELDS)
    if item.get("file") is None:
        raise SizingInputError(f"{path}.file", None, "the photo's file, relative to the inspection file")
    name = parse.text(f"{path}.file", item["file"], max_length=300, single_line=True)
    data = read_photo(f"{path}.file", name, base or Path.cwd())
    caption = None if item.get("caption") is None else parse.text(f"{path}.caption", item["caption"], max_length=300,
                                                                   single_line=True)
    return photo(path, Path(name).name, data, caption)


def read_photo(field_name: str, name: str, base: Path) -> bytes:
    """The bytes of the photo ``name``, a path relative to the folder ``base`` (the inspection file's) that stays
    in it (no absolute path, no "..", no link that leads out); only a regular file is read (not a device, a FIFO,
    a folder or a socket), its size checked before it is read and the read bounded by PHOTO_MAX_BYTES."""
    relative = Path(name)
    if relative.is_absolute() or ".." in relative.parts or not relative.parts:
        raise SizingInputError(field_name, name, "a photo file in the inspection file's folder, named relative to it "
                               "(no absolute path, no '..')")
    folder = base.resolve()
    file = (folder / relative).resolve()
    if not file.is_relative_to(folder):
        raise SizingInputError(field_name, name, "", message=(
            f"{field_name}: {name!r} leads out of the inspection file's folder (a link); copy the photo into it"))
    try:  # a socket cannot be opened: its kind is told first; a FIFO is opened without waiting for a writer
        _regular(field_name, name, os.stat(file).st_mode)
        fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        raise SizingInputError(field_name, name, "", message=f"{field_name}: cannot read {name!r}: "
                               f"{exc.strerror or exc.__class__.__name__}") from None
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fh.fileno())
        _regular(field_name, name, info.st_mode)  # what was opened, whatever the name led to by then
        if info.st_size > PHOTO_MAX_BYTES:
            raise SizingInputError(field_name, None, "", message=(
                f"{field_name}: expected a photo of at most {PHOTO_MAX_BYTES // (1024 * 1024)} MB, got "
                f"{info.st_size / (1024 * 1024):.1f} MB"))
        return fh.read(PHOTO_MAX_BYTES + 1)


def _regular(field_name: str, name: str, mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise SizingInputError(field_name, name, "", message=(
            f"{field_name}: {name!r} is not a regular file (a device, a pipe, a folder or a socket)"))


def _resolve(path: str, item: Any) -> tuple[int, str]:
    item = parse.mapping(path, item, RESOLVE_FIELDS)
    if item.get("notice") is None:
        raise SizingInputError(f"{path}.notice", None, "the number of the notice complied with")
    if item.get("evidence") is None:
        raise SizingInputError(f"{path}.evidence", None, "what shows compliance (a report received, a repair seen)")
    return parse.record_number(f"{path}.notice", item["notice"], "notice"), parse.text(f"{path}.evidence", item["evidence"])

"""The shipped examples and uploads: pick one, read it, load it into a page."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import streamlit as st

import sizing
from app_pages.widgets.grid import fixtures_from_csv
from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io.document import MAX_FILE_BYTES

#: The largest submittal or fixture schedule an uploader takes [MB]: sizing refuses a file above
#: ``MAX_FILE_BYTES`` (1 MB), so the uploader says and enforces the same limit (not the server's larger one).
MAX_UPLOAD_MB = MAX_FILE_BYTES // 1_000_000


def examples_dir() -> Path:
    here = Path(sizing.__file__).resolve().parent
    for candidate in (here / "_examples", here.parent / "examples"):
        if candidate.is_dir():
            return candidate
    return here / "_examples"  # pragma: no cover


@functools.cache
def example_names() -> list[str]:
    """The example files (listed once per process)."""
    return sorted(p.name for p in examples_dir().glob("*") if p.suffix in (".yaml", ".yml", ".json"))


def read_example(name: str) -> dict[str, Any]:
    return parse.load_document(examples_dir() / name)


def read_upload(name: str, raw: bytes) -> dict[str, Any]:
    """An uploaded submittal (YAML/JSON) or fixture schedule (CSV) as a submittal mapping (not yet validated); a
    file above 1 MB is refused, whatever its kind."""
    if len(raw) > MAX_FILE_BYTES:
        raise SizingInputError("FILE", name, "", message=(
            f"FILE: {name} is larger than {MAX_UPLOAD_MB} MB, the limit for a submittal file"))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SizingInputError("FILE", name, "", message=f"FILE: {name} is not UTF-8 text") from None
    if not text.strip():
        raise SizingInputError("FILE", name, "", message=f"FILE: {name}: the file is empty")
    if name.lower().endswith(".csv"):
        return {"fixtures": fixtures_from_csv(text, name)}
    return parse.parse_document(text, name)


def example_picker(container: Any, prefix: str, select_key: str, button_key: str, on_click: Any,
                   label: str = "Example") -> None:
    """A selectbox of the examples whose names start with ``prefix`` (all when none do) and a load button."""
    names = [n for n in example_names() if n.startswith(prefix)] or example_names()
    container.selectbox(label, names, key=select_key)
    container.button("Load example", key=button_key, on_click=on_click)


def example_loader(select_key: str, message_key: str, load: Any) -> Any:
    """An on_click callback: read the example chosen in ``select_key`` and hand it to ``load(doc, source)``;
    a bad file becomes the page's error message in ``message_key`` (nothing typed is touched)."""
    def on_example() -> None:
        name = st.session_state.get(select_key)
        try:
            load(read_example(name), f"example {name}")
        except SizingInputError as exc:
            st.session_state[message_key] = ("error", f"{name}: {exc}")
    return on_example


def upload_loader(upload_key: str, message_key: str, load: Any) -> Any:
    """An on_change callback for a file uploader: read the upload and hand it to ``load(doc, source)``."""
    def on_upload() -> None:
        upload = st.session_state.get(upload_key)
        if upload is None:
            return
        try:
            load(read_upload(upload.name, upload.getvalue()), upload.name)
        except SizingInputError as exc:
            st.session_state[message_key] = ("error", str(exc))
    return on_upload

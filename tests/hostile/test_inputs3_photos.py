"""Inspection photos named in an inspection file: only a regular file in the inspection file's folder is read (its
size checked first, the read bounded), decoded whole by Pillow within a pixel limit, and never quoted back; a
stored photo reads back as its bytes and media type."""

from __future__ import annotations

import io
import os
import socket
import sqlite3
import struct
import zlib

import pytest
from PIL import Image

from sizing.io.sections.inspection import PHOTO_MAX_PIXELS
from tests.hostile.conftest import EXAMPLES, one_line_error

CYCLE = str(EXAMPLES / "register" / "corner-cafe-cycle1.yaml")


def picture(fmt: str, size=(64, 48)) -> bytes:
    out = io.BytesIO()
    Image.effect_noise(size, 60).convert("RGB").save(out, fmt)
    return out.getvalue()


def png_header(width: int, height: int) -> bytes:
    """A PNG that says it is ``width`` x ``height`` pixels in a few bytes (what a decompression bomb claims)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + \
        chunk(b"IEND", b"")


def inspect(cli, tmp_path, photo: str, folder: str = "."):
    """`register inspect` of an inspection in ``folder`` naming the photo ``photo``."""
    where = tmp_path / folder
    where.mkdir(exist_ok=True)
    (where / "i.yaml").write_text("project: {fse_id: FSE-0417}\ninspection: {date: 2026-03-02, purpose: routine, "
                                  f"photos: [{{file: '{photo}', caption: mop sink}}]}}\n")
    assert cli("register", "add", CYCLE, "--db", "r.db").rc == 1
    return cli("register", "inspect", f"{folder}/i.yaml", "--db", "r.db")


def stored_count(tmp_path) -> int:
    conn = sqlite3.connect(tmp_path / "r.db")
    try:
        return conn.execute("SELECT count(*) FROM inspection_photos").fetchone()[0]
    finally:
        conn.close()


@pytest.mark.parametrize("fmt, kind", [("JPEG", "image/jpeg"), ("PNG", "image/png"), ("WEBP", "image/webp")])
def test_a_photo_is_decoded_stored_and_read_back(cli, tmp_path, fmt, kind):
    from sizing.program.inspections import stored_photo, stored_photos
    from sizing.program.store import open_register

    data = picture(fmt)
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "sink.img").write_bytes(data)
    run = inspect(cli, tmp_path, "sink.img", "in")
    assert run.rc == 0, run.err
    reg = open_register(str(tmp_path / "r.db"))
    try:
        [listed] = stored_photos(reg, 1)
        assert (listed["name"], listed["caption"], listed["media_type"], listed["size_bytes"]) == (
            "sink.img", "mop sink", kind, len(data))
        assert stored_photo(reg, listed["id"]) == (data, kind)
        with pytest.raises(Exception, match=r"^photo: no photo 99 in the register$"):
            stored_photo(reg, 99)
    finally:
        reg.db.engine.dispose()
    conn = sqlite3.connect(tmp_path / "r.db")
    with conn:
        conn.execute("UPDATE inspection_photos SET data = ?", (data[:10] + bytes([data[10] ^ 0xFF]) + data[11:],))
    conn.close()
    reg = open_register(str(tmp_path / "r.db"))
    try:
        with pytest.raises(Exception, match="does not match the SHA-256 stored with it"):
            stored_photo(reg, listed["id"])
    finally:
        reg.db.engine.dispose()


@pytest.mark.parametrize("name", ["/dev/zero", "../outside.jpg", "in/../../outside.jpg", "/etc/passwd"])
def test_a_photo_path_may_not_leave_the_inspection_folder(cli, tmp_path, name):
    """`photos: [{file: /dev/zero}]` read /dev/zero up to the limit (10 MB of zeros, then "not a photo");
    `../outside.jpg` read a file beside the inspection's folder."""
    (tmp_path / "outside.jpg").write_bytes(picture("JPEG"))
    line = one_line_error(inspect(cli, tmp_path, name, "in"), "register", "inspection.photos[0].file: expected a "
                          "photo file in the inspection file's folder")
    assert "no '..'" in line and stored_count(tmp_path) == 0


@pytest.mark.parametrize("target", ["/dev/zero", "/etc/hostname", "../outside.jpg"])
def test_a_link_out_of_the_folder_is_refused(cli, tmp_path, target):
    (tmp_path / "outside.jpg").write_bytes(picture("JPEG"))
    (tmp_path / "in").mkdir()
    os.symlink(target, tmp_path / "in" / "link.jpg")
    one_line_error(inspect(cli, tmp_path, "link.jpg", "in"), "register",
                   "inspection.photos[0].file: 'link.jpg' leads out of the inspection file's folder")


@pytest.mark.parametrize("kind", ["fifo", "folder", "socket", "link to a fifo"])
def test_only_a_regular_file_is_read(cli, tmp_path, kind):
    """A FIFO named as a photo hung `register inspect` (read() waits for a writer); a folder said "Is a
    directory"."""
    folder = tmp_path / "in"
    folder.mkdir()
    target = folder / "p.jpg"
    held = None
    if kind in ("fifo", "link to a fifo"):
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    else:
        held = socket.socket(socket.AF_UNIX)
        held.bind(str(target))
    name = "p.jpg"
    if kind == "link to a fifo":
        os.symlink("p.jpg", folder / "l.jpg")
        name = "l.jpg"
    try:
        one_line_error(inspect(cli, tmp_path, name, "in"), "register",
                       f"inspection.photos[0].file: '{name}' is not a regular file")
    finally:
        if held is not None:
            held.close()


SECRET = b"DB_PASSWORD=hunter2-not-a-photo\n" * 4


@pytest.mark.parametrize("data, expected", [
    (SECRET, "expected a JPEG, PNG or WebP photo, got a file that is none of these"),
    (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + SECRET, "expected a JPEG, PNG or WebP photo"),
    (b"GIF89a" + SECRET, "expected a JPEG, PNG or WebP photo"),
    (b"\x00\x00\x00\x18ftypheic" + SECRET, "expected a JPEG, PNG or WebP photo"),
])
def test_a_file_that_only_starts_like_a_photo_is_refused_without_its_bytes(cli, tmp_path, data, expected):
    """A JPEG's first three bytes followed by anything was stored as a photo; a refusal quoted the file's first
    bytes ("it starts 'DB_PAS'")."""
    (tmp_path / "p.jpg").write_bytes(data)
    line = one_line_error(inspect(cli, tmp_path, "p.jpg"), "register", f"inspection.photos[0]: {expected}")
    assert "DB_PAS" not in line and "hunter" not in line and "JFIF" not in line
    assert stored_count(tmp_path) == 0


def test_a_photo_cut_short_is_refused(cli, tmp_path):
    """Only the first bytes were checked: half a JPEG was stored."""
    whole = picture("JPEG", (400, 300))
    (tmp_path / "p.jpg").write_bytes(whole[: len(whole) // 2])
    one_line_error(inspect(cli, tmp_path, "p.jpg"), "register",
                   "inspection.photos[0]: the photo is damaged or cut short")


@pytest.mark.parametrize("width, height", [(8000, 7000), (20000, 20000), (1, 2**31 - 1)])
def test_a_decompression_bomb_is_refused_before_it_is_decoded(cli, tmp_path, width, height):
    """A PNG of a few bytes that claims 56 to 400 megapixels (Pillow's own limit warns past 89)."""
    assert width * height > PHOTO_MAX_PIXELS
    (tmp_path / "p.png").write_bytes(png_header(width, height))
    run = inspect(cli, tmp_path, "p.png")
    one_line_error(run, "register", f"inspection.photos[0]: expected a photo of at most "
                   f"{PHOTO_MAX_PIXELS // 1_000_000} megapixels")
    assert run.cpu_seconds < 5


def test_the_size_is_checked_before_the_file_is_read(cli, tmp_path):
    """A sparse file of 1 GB is refused from its size (the read would take 1 GB of memory)."""
    with open(tmp_path / "big.jpg", "wb") as fh:
        fh.truncate(2**30)
    run = inspect(cli, tmp_path, "big.jpg")
    one_line_error(run, "register", "inspection.photos[0].file: expected a photo of at most 10 MB, got 1024.0 MB")

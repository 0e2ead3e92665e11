"""``sizing register inspection-packet FSE`` and ``inspect-packet FILE.csv``: an inspection without signal on the
command line. The packet's CSV is the one the Inspection page offers; filled, it is checked line by line before the
register is opened (exit 2, one line naming the line and the column, nothing written) and stored as an
inspection: exit 1 when an item failed (a "no" to Best management practices (b)(1) opens a notice of violation due
30 calendar days after 2026-03-02: 2026-04-01, the program default of tables/jurisdictions/tracy.yaml), else 0.
The CSV's lines: 1 the header, 4 Date, 7 FOG, 10 the first BMP item (drain screens), 24-26 Photo."""

from __future__ import annotations

import csv
import io

import pypdf
import sqlalchemy as sa
from PIL import Image

from sizing.io.sections.inspection_packet import packet_csv
from sizing.jurisdiction.profile import get
from sizing.program import schema as t
from tests.register.test_inspections import FSE, register_with_fse, run

DRAIN = ("Drain screens installed on all drainage pipes, floor drains included, in food preparation, dishwashing "
         "and mop sink areas")


def fill(path, answers: dict[str, tuple[str, str]], every: str = "") -> None:
    """The downloaded packet at ``path`` with ``answers`` (item -> (answer, note)) written in, and every other
    checklist item answered ``every`` (if given)."""
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    todo = dict(answers)
    for row in rows[1:]:
        if row[1] in todo:
            row[2], row[3] = todo.pop(row[1])
        elif every and row[4].startswith("yes, no or n/a"):
            row[2] = every
    with path.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh, lineterminator="\n").writerows(rows)


def counts(db) -> tuple[int, int, int]:
    engine = sa.create_engine(f"sqlite:///{db}")
    try:
        with engine.connect() as conn:
            return tuple(conn.execute(sa.select(sa.func.count()).select_from(x)).scalar()
                         for x in (t.inspections, t.inspection_photos, t.notices))
    finally:
        engine.dispose()


def packet(capsys, tmp_path):
    db = tmp_path / "r.db"
    register_with_fse(capsys, db, tmp_path)
    path = tmp_path / "packet.csv"
    code, _, err = run(capsys, "register", "inspection-packet", FSE, "--db", db, "-o", path)
    assert code == 0, err
    return db, path


def test_the_packet_is_the_pages_csv_or_a_pdf_to_print(capsys, tmp_path):
    db, path = packet(capsys, tmp_path)
    assert path.read_text(encoding="utf-8") == packet_csv(get("tracy"), FSE)
    assert path.read_text(encoding="utf-8").splitlines()[9].startswith(f'Best management practices,"{DRAIN}",,,')
    code, out, _ = run(capsys, "register", "inspection-packet", FSE, "--db", db)  # standard output: the CSV
    assert code == 0 and out == packet_csv(get("tracy"), FSE)
    pdf = tmp_path / "packet.pdf"
    assert run(capsys, "register", "inspection-packet", FSE, "--db", db, "-o", pdf)[0] == 0
    text = " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(pdf).pages)
    assert "Inspection packet: Corner Cafe" in text and "Drain screens installed on all drainage pipes" in text
    code, _, err = run(capsys, "register", "inspection-packet", FSE, "--db", db, "-o", tmp_path / "packet.txt")
    assert code == 2 and ("--output: expected a file name ending in .csv (the packet to fill) or .pdf (to print), "
                          "got '") in err and not (tmp_path / "packet.txt").exists()
    code, _, err = run(capsys, "register", "inspection-packet", "FSE-9999", "--db", db)
    assert code == 2 and "no FSE 'FSE-9999' in the register" in err


def test_a_filled_packet_is_stored_exit_1_with_a_failure_0_without(capsys, tmp_path):
    db, path = packet(capsys, tmp_path)
    shot = tmp_path / "mop-sink.jpg"
    Image.new("RGB", (64, 48), (200, 30, 30)).save(shot, "JPEG")
    fill(path, {"Date": ("2026-03-02", ""), DRAIN: ("no", "no screen on the mop sink"),
                "Photo": ("mop-sink.jpg", "mop sink drain")}, every="yes")
    code, out, err = run(capsys, "register", "inspect-packet", path, "--db", db)
    assert code == 1, err
    assert ("opened notice 1: Notice of violation (Drain screens installed on all drainage pipes, floor drains "
            "included, in food preparation, dishwashing and mop sink areas), due 2026-04-01") in out
    assert "bmp." not in out  # the packet's items by their words
    assert counts(db) == (1, 1, 1)
    engine = sa.create_engine(f"sqlite:///{db}")
    with engine.connect() as conn:
        caption = conn.execute(sa.select(t.inspection_photos.c.caption, t.inspection_photos.c.name)).one()
    engine.dispose()
    assert tuple(caption) == ("mop sink drain", "mop-sink.jpg")
    fill(path, {"Date": ("2026-03-09", ""), DRAIN: ("yes", ""), "Photo": ("", "")})
    code, out, err = run(capsys, "register", "inspect-packet", path, "--db", db)
    assert code == 0, err
    assert "stored inspection 2 of FSE-0417 (2026-03-09, routine): passed" in out
    assert "closed notice 1 on 2026-03-09 (follow up inspection)" in out


def test_bad_input_is_exit_2_one_line_and_nothing_written(capsys, tmp_path):
    db, path = packet(capsys, tmp_path)
    original = path.read_text(encoding="utf-8")
    for answers, extra, expected in (
        ({DRAIN: ("maybe", "")}, (), "packet.csv: line 10 (Drain screens installed on all drainage…): answer: "
                                     "expected yes, no or n/a, got 'maybe'"),
        ({"Date": ("", "")}, (), "packet.csv: line 4 (Date): answer: expected the day of the inspection, as "
                                 "YYYY-MM-DD, got nothing"),
        ({}, ("--allow-unanswered",), None),  # no date still: refused whatever else is allowed
        ({DRAIN: ("", "")}, (), "packet.csv: line 10 (Drain screens installed on all drainage…): answer: not "
                                "answered; expected yes, no or n/a"),
        ({"Photo": ("missing.jpg", "")}, (), "packet.csv: line 24 (Photo): answer: cannot read 'missing.jpg'"),
    ):
        path.write_text(original, encoding="utf-8")
        fill(path, {"Date": ("2026-03-02", ""), **answers}, every="yes")
        if not answers:
            fill(path, {"Date": ("", "")})
        code, _, err = run(capsys, "register", "inspect-packet", path, "--db", db, *extra)
        assert code == 2, err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        assert expected is None or expected in err, err
        assert counts(db) == (0, 0, 0)
    path.write_text(original.replace("section,item,answer,note", "section,item,reply,note"), encoding="utf-8")
    code, _, err = run(capsys, "register", "inspect-packet", path, "--db", db)
    assert code == 2 and "packet.csv: line 1: expected the packet's header" in err
    code, _, err = run(capsys, "register", "inspect-packet", path, "--db", db, "--jurisdiction", "placerville")
    assert code == 2 and counts(db) == (0, 0, 0)


def test_a_user_who_may_not_store_an_inspection_is_refused(capsys, tmp_path):
    """The process's user is an admin of this register: admins change users, they do not store inspections."""
    from sizing.program import access
    from sizing.program.store import open_register

    db, path = packet(capsys, tmp_path)
    reg = open_register(str(db))
    try:
        access.add_user(reg.db, reg.identity, "admin", by=reg.identity)
    finally:
        reg.db.engine.dispose()
    fill(path, {"Date": ("2026-03-02", "")}, every="yes")
    code, _, err = run(capsys, "register", "inspect-packet", path, "--db", db)
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert counts(db) == (0, 0, 0)

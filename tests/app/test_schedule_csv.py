"""The fixture schedule CSV accepts the grid's own headings and type labels as well as the keys, and a file
separated by semicolons is told so."""

from __future__ import annotations

from tests.app.conftest import errors, metrics, open_examples


def upload(app, name: str, data: bytes):
    open_examples(app).file_uploader(key="upload_submittal").set_value((name, data, "text/csv")).run()
    assert not app.exception


def test_the_grid_s_headings_and_labels_are_read(app):
    data = (b"type,count,trap size [in],connected,DFU (override)\n"
            b"Floor drain,3,,,\n"
            b"Three-compartment (pot) sink,1,,,\n"
            b"Floor sink (indirect waste receptor),1,3 in,yes,\n")
    upload(app, "schedule.csv", data)
    assert errors(app) == []
    # 3 floor drains x 2 + 3 (pot sink) + a 3 in floor sink by Table 702.2(1) (6 DFU) = 15 DFU -> 750 gal
    assert metrics(app)["DFU total"] == "15 DFU"
    assert metrics(app)["Gravity interceptor, required"] == "750 gal"


def test_a_semicolon_file_is_told_about_its_separator(app):
    upload(app, "schedule.csv", b"type;count\nfloor_drain;2\n")
    (message,) = errors(app)
    assert "schedule.csv: the header is one column, 'type;count'" in message
    assert "separated by ';', tabs or '|', not commas" in message


def test_the_grid_s_new_short_headings_are_read_too(app):
    """The headings the grid shows now (Type, Count, Trap, Connected, DFU) name the same fields."""
    data = (b"Type,Count,Trap,Connected,DFU\n"
            b"Floor drain,3,,,\n"
            b"Floor sink (indirect waste receptor),1,3 in,yes,\n")
    upload(app, "schedule.csv", data)
    assert errors(app) == []
    assert metrics(app)["DFU total"] == "12 DFU"  # 3 x 2 + a 3 in floor sink by Table 702.2(1) (6 DFU)


def test_a_schedule_over_the_uploaders_1_mb_is_refused_as_every_submittal_is(app):
    """The uploader says and enforces 1 MB (max_upload_size); a CSV just over 1,000,000 bytes, which the
    browser's MiB passes, is refused by the same one line as a YAML file."""
    from app_pages.widgets import examples

    assert examples.MAX_UPLOAD_MB == 1
    row = b"floor_drain,1\n"
    data = b"type,count\n" + row * (1_000_001 // len(row) + 1)
    upload(app, "big.csv", data)
    assert errors(app) == ["big.csv is larger than 1 MB, the limit for a submittal file"]

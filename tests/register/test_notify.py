"""Letters in a batch and notices by e-mail (on SQLite and PostgreSQL), against a local SMTP server (aiosmtpd).

The register: the Oak Plaza property file (FSE-0610, Oak Plaza Noodle House: owner Noodle House LLC,
owner@noodlehouse.example, operator Mai Tran, mai@noodlehouse.example; FSE-0611, Oak Plaza Taqueria: owner Ortega
Family Foods Inc, no e-mail on file) and an inspection of each on Wednesday 2026-12-02 failing drain screens, so
notice 1 (FSE-0611) and notice 2 (FSE-0610), each due Monday 2027-01-04 (30 days end on New Year's Day; the weekend
follows). Nothing else is due within 14 days of 2026-12-03: no pump-out is on record to start a schedule.
Hand-counted: `notify --staff fog@city.example` sends notice 2 to the two Noodle House addresses with its letter,
and notice 1 to staff (the Taqueria has no address: "mail the letter"): three messages; a second run sends none.
"""

from __future__ import annotations

import csv
import email
import email.policy
import io
import socket

import pytest

from tests.conftest import EXAMPLES
from tests.register.test_inspections import run, write

pypdf = pytest.importorskip("pypdf")
controller = pytest.importorskip("aiosmtpd.controller")

AS_OF = "2026-12-03"


class Inbox:
    """What the server received: each message, parsed."""

    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp(monkeypatch):
    inbox, port = Inbox(), free_port()
    server = controller.Controller(inbox, hostname="127.0.0.1", port=port)
    server.start()
    for k, v in {"SIZING_SMTP_HOST": "127.0.0.1", "SIZING_SMTP_PORT": str(port), "SIZING_SMTP_FROM":
                 "fog@city.example", "SIZING_SMTP_STARTTLS": "no"}.items():
        monkeypatch.setenv(k, v)
    yield inbox
    server.stop()


@pytest.fixture
def noticed(db, capsys, tmp_path):
    assert run(capsys, "register", "init", "--db", db)[0] == 0
    assert run(capsys, "register", "property", EXAMPLES / "register" / "property-oak-plaza.yaml", "--db", db)[0] == 0
    text = (EXAMPLES / "register" / "corner-cafe-inspection.yaml").read_text(encoding="utf-8").replace(
        "2026-03-02", "2026-12-02")
    for fse in ("FSE-0611", "FSE-0610"):
        path = write(tmp_path, f"{fse}.yaml", text.replace("FSE-0417", fse))
        assert run(capsys, "register", "inspect", path, "--db", db)[0] == 1
    assert run(capsys, "register", "users", "sign", "ana@city.example", "--name", "Ana Ruiz", "--title",
               "FOG Inspector", "--db", db)[0] == 0
    return db


def history(capsys, db, fse) -> list[str]:
    code, out, err = run(capsys, "register", "history", fse, "--db", db)
    assert code == 0, err
    return out.splitlines()


def test_notify_delivers_each_message_once_with_its_letter_and_records_it(noticed, smtp, capsys):
    code, _, err = run(capsys, "register", "notify", "--db", noticed, "--as-of", AS_OF, "--staff", "fog@city.example",
                       "--signer", "ana@city.example")
    assert code == 1, err  # FSE-0611 has no e-mail address on file
    assert "3 messages sent and recorded; 0 sent before" in err
    got = sorted((m["To"], m["Subject"]) for m in smtp.messages)
    assert got == [("fog@city.example", "Notice of violation 1: Oak Plaza Taqueria, comply by 2027-01-04"),
                   ("mai@noodlehouse.example", "Notice of violation 2: Oak Plaza Noodle House, comply by 2027-01-04"),
                   ("owner@noodlehouse.example", "Notice of violation 2: Oak Plaza Noodle House, comply by 2027-01-04")]
    to_owner = next(m for m in smtp.messages if m["To"] == "owner@noodlehouse.example")
    body = to_owner.get_body(("plain",)).get_content()
    assert "The Director requires it corrected within 30 days, that is by 2027-01-04" in body
    assert "3900 Holly Dr" in body and "program default" not in body
    (attachment,) = list(to_owner.iter_attachments())
    assert attachment.get_filename() == "notice-2.pdf"
    letter = " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(
        io.BytesIO(attachment.get_content())).pages)
    assert "Noodle House LLC" in letter and "2027-01-04" in letter and "Ana Ruiz" in letter
    to_staff = next(m for m in smtp.messages if m["To"] == "fog@city.example")
    assert to_staff.get_body(("plain",)).get_content().startswith(
        "No e-mail address is on file for the owner or operator of FSE-0611: mail the letter.")
    assert all(m["Message-ID"] and m["Message-ID"].endswith("@city.example>") for m in smtp.messages)
    ids = {m["To"]: m["Message-ID"] for m in smtp.messages}
    lines = history(capsys, noticed, "FSE-0610")
    assert sum("e-mail sent to" in line for line in lines) == 2
    assert any("e-mail sent to owner@noodlehouse.example: Notice of violation 2: Oak Plaza Noodle House, comply by "
               "2027-01-04 (notice 2); signed by Ana Ruiz" in line for line in lines), lines
    assert ids["owner@noodlehouse.example"]
    # a second run: every event has gone to every address: nothing is sent
    code, _, err = run(capsys, "register", "notify", "--db", noticed, "--as-of", AS_OF, "--staff", "fog@city.example")
    assert "0 messages sent and recorded; 3 sent before" in err, err
    assert len(smtp.messages) == 3


def test_a_dry_run_sends_and_writes_nothing(noticed, smtp, capsys):
    code, out, err = run(capsys, "register", "notify", "--db", noticed, "--as-of", AS_OF, "--dry-run")
    assert code == 1
    assert out.splitlines() == [
        "would send to owner@noodlehouse.example: Notice of violation 2: Oak Plaza Noodle House, comply by 2027-01-04 "
        "[notice 2] + letter",
        "would send to mai@noodlehouse.example: Notice of violation 2: Oak Plaza Noodle House, comply by 2027-01-04 "
        "[notice 2] + letter"]
    assert "FSE-0611: no e-mail address on file for its owner or operator (1 message: not sent; give --staff)" in err
    assert smtp.messages == []
    assert not any("e-mail" in line for line in history(capsys, noticed, "FSE-0610"))


def test_smtp_settings_and_a_refused_connection_are_one_line_and_send_nothing(noticed, smtp, capsys, monkeypatch):
    monkeypatch.delenv("SIZING_SMTP_HOST")
    code, _, err = run(capsys, "register", "notify", "--db", noticed, "--as-of", AS_OF)
    assert (code, err.strip()) == (2, "sizing register: SIZING_SMTP_HOST: expected the SMTP server's host name (an "
                                      "environment setting), got nothing")
    monkeypatch.setenv("SIZING_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("SIZING_SMTP_USER", "fog")
    code, _, err = run(capsys, "register", "notify", "--db", noticed, "--as-of", AS_OF)
    assert code == 2 and "SIZING_SMTP_PASSWORD: expected both SIZING_SMTP_USER and SIZING_SMTP_PASSWORD" in err
    monkeypatch.delenv("SIZING_SMTP_USER")
    closed = free_port()
    monkeypatch.setenv("SIZING_SMTP_PORT", str(closed))
    code, _, err = run(capsys, "register", "notify", "--db", noticed, "--as-of", AS_OF)
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert f"SMTP 127.0.0.1:{closed} (no TLS): cannot connect: " in err
    assert smtp.messages == [] and not any("e-mail" in line for line in history(capsys, noticed, "FSE-0610"))


def test_starttls_and_login_never_show_the_password(noticed, capsys, monkeypatch, tmp_path):
    trustme = pytest.importorskip("trustme")
    from aiosmtpd.smtp import AuthResult

    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1")
    server_context = __import__("ssl").create_default_context(__import__("ssl").Purpose.CLIENT_AUTH)
    cert.configure_cert(server_context)
    ca.cert_pem.write_to_path(str(tmp_path / "ca.pem"))

    def authenticator(server, session, envelope, mechanism, auth_data):
        return AuthResult(success=auth_data.login == b"fog" and auth_data.password == b"s3cret-pw", handled=False)

    inbox, port = Inbox(), free_port()
    server = controller.Controller(inbox, hostname="127.0.0.1", port=port, tls_context=server_context,
                                   require_starttls=True, authenticator=authenticator, auth_require_tls=True)
    server.start()
    try:
        for k, v in {"SIZING_SMTP_HOST": "127.0.0.1", "SIZING_SMTP_PORT": str(port), "SIZING_SMTP_FROM":
                     "fog@city.example", "SIZING_SMTP_USER": "fog", "SIZING_SMTP_PASSWORD": "wrong-pw",
                     "SIZING_SMTP_CAFILE": str(tmp_path / "ca.pem")}.items():
            monkeypatch.setenv(k, v)
        code, out, err = run(capsys, "register", "notify", "--db", noticed, "--as-of", AS_OF)
        assert code == 2 and "the server refused the login of fog (535)" in err, err
        assert "wrong-pw" not in out + err
        monkeypatch.setenv("SIZING_SMTP_PASSWORD", "s3cret-pw")
        code, out, err = run(capsys, "register", "notify", "--db", noticed, "--as-of", AS_OF)
        assert "2 messages sent and recorded" in err, err
        assert "s3cret-pw" not in out + err
        assert sorted(m["To"] for m in inbox.messages) == ["mai@noodlehouse.example", "owner@noodlehouse.example"]
    finally:
        server.stop()


def test_letters_in_one_pdf_with_a_mail_merge_list_recorded_as_mailed(noticed, capsys, tmp_path):
    code, _, err = run(capsys, "register", "letters", "--db", noticed, "--as-of", AS_OF, "-o", tmp_path / "all.pdf",
                       "--merge", tmp_path / "merge.csv", "--signer", "ana@city.example", "--mailed")
    assert code == 0, err
    assert "2 letters (2 notices), 2 pages; recorded 2 as mailed on 2026-12-03" in err
    pages = [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(tmp_path / "all.pdf").pages]
    assert "Oak Plaza Noodle House" in pages[0] and "letter 1 of 2" in pages[0] and "page 1 of 1" in pages[0]
    assert "Ortega Family Foods Inc" in pages[1] and "letter 2 of 2" in pages[1]
    assert all("Date 2026-12-03" in p and "Ana Ruiz" in p for p in pages)
    rows = list(csv.DictReader(io.StringIO((tmp_path / "merge.csv").read_text(encoding="utf-8"))))
    assert [(r["letter"], r["first_page"], r["fse_id"], r["notices"], r["name"], r["street"], r["city"], r["zip"],
             r["mailing_address_complete"]) for r in rows] == [
        ("1", "1", "FSE-0610", "2", "Noodle House LLC", "1450 W 11th St, Suite A", "Tracy", "95376", "yes"),
        ("2", "2", "FSE-0611", "1", "Ortega Family Foods Inc", "88 Grant Line Rd", "Tracy", "95304", "yes")]
    assert any("letter mailed to Ortega Family Foods Inc: Notice of violation (notice 1); signed by Ana Ruiz" in line
               for line in history(capsys, noticed, "FSE-0611"))


def test_a_letter_that_cannot_be_mailed_is_printed_not_recorded(noticed, capsys, tmp_path):
    assert run(capsys, "register", "add", EXAMPLES / "register" / "corner-cafe-cycle1.yaml", "--db", noticed)[0] == 1
    assert run(capsys, "register", "inspect", EXAMPLES / "register" / "corner-cafe-inspection.yaml",
               "--db", noticed)[0] == 1
    code, _, err = run(capsys, "register", "letters", "--db", noticed, "--as-of", AS_OF, "-o", tmp_path / "all.pdf",
                       "--mailed", "--overdue")
    assert code == 1, err
    assert "1 letters (1 notices), 1 pages; recorded 0 as mailed" in err
    assert "FSE-0417: the mailing address is incomplete: the letter says so; not recorded as mailed" in err
    assert "MAILING ADDRESS INCOMPLETE" in pypdf.PdfReader(tmp_path / "all.pdf").pages[0].extract_text()
    code, _, err = run(capsys, "register", "letters", "--db", noticed, "--as-of", AS_OF, "-o", tmp_path / "x.pdf",
                       "--fse", "FSE-9999")
    assert code == 0 and "no open notices on 2026-12-03 for FSE-9999; nothing written" in err
    assert not (tmp_path / "x.pdf").exists()

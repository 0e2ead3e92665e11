"""Sending e-mail over SMTP (the standard library's ``smtplib``), with its settings from the environment.

Settings: ``SIZING_SMTP_HOST`` (required), ``SIZING_SMTP_PORT`` (default 587), ``SIZING_SMTP_FROM`` (the sender's
address, required), ``SIZING_SMTP_USER`` and ``SIZING_SMTP_PASSWORD`` (to log in; both or neither),
``SIZING_SMTP_STARTTLS`` (``yes``, the default: the session is upgraded to TLS before logging in, and a server that
cannot is refused; ``no`` only for a relay on this machine or a test server), ``SIZING_SMTP_CAFILE`` (a CA bundle to
trust besides the system's). The password is never printed: errors name the setting, the server and the user.
"""

from __future__ import annotations

import os
import smtplib
import socket
import ssl
from collections.abc import Mapping
from dataclasses import dataclass, field
from email.message import EmailMessage

from sizing.errors import SizingInputError
from sizing.io.sections.parties import value

YES, NO = ("yes", "true", "1"), ("no", "false", "0")


@dataclass(frozen=True)
class Settings:
    host: str
    port: int
    sender: str
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    starttls: bool = True
    cafile: str | None = None

    def shown(self) -> str:
        """Where messages go, as a message may say it (never the password)."""
        return f"{self.host}:{self.port}" + (f" as {self.user}" if self.user else "") + \
            ("" if self.starttls else " (no TLS)")


def settings(env: Mapping[str, str] | None = None) -> Settings:
    """The SMTP settings from ``env`` (default the process's environment), each checked: one line naming the
    setting and what was expected."""
    env = os.environ if env is None else env
    host = env.get("SIZING_SMTP_HOST", "").strip()
    if not host:
        raise SizingInputError("SIZING_SMTP_HOST", None, "the SMTP server's host name (an environment setting)")
    port_text = env.get("SIZING_SMTP_PORT", "587").strip()
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise SizingInputError("SIZING_SMTP_PORT", port_text, "a port number from 1 to 65535")
    sender = value("SIZING_SMTP_FROM", "email", env.get("SIZING_SMTP_FROM", "").strip())  # as a contact's e-mail
    if sender is None:
        raise SizingInputError("SIZING_SMTP_FROM", None, "the sender's e-mail address (fog@city.example)")
    user, password = env.get("SIZING_SMTP_USER") or None, env.get("SIZING_SMTP_PASSWORD") or None
    if (user is None) != (password is None):
        missing = "SIZING_SMTP_PASSWORD" if password is None else "SIZING_SMTP_USER"
        raise SizingInputError(missing, None, "both SIZING_SMTP_USER and SIZING_SMTP_PASSWORD, or neither")
    tls = env.get("SIZING_SMTP_STARTTLS", "yes").strip().lower()
    if tls not in YES + NO:
        raise SizingInputError("SIZING_SMTP_STARTTLS", tls, "yes or no")
    cafile = env.get("SIZING_SMTP_CAFILE") or None
    if cafile is not None and not os.path.isfile(cafile):
        raise SizingInputError("SIZING_SMTP_CAFILE", cafile, "a CA bundle file (PEM) that exists")
    return Settings(host, int(port_text), sender, user, password, tls in YES, cafile)


class Mailer:
    """One SMTP session: ``with Mailer(settings) as m: m.send(message)``. Errors are one line
    (:class:`SizingInputError` on the field ``SMTP``), never the password."""

    def __init__(self, s: Settings, timeout: float = 30) -> None:
        self.s, self.timeout, self.smtp = s, timeout, None

    def __enter__(self) -> Mailer:
        s = self.s
        try:
            self.smtp = smtplib.SMTP(s.host, s.port, timeout=self.timeout)
            self.smtp.ehlo()
            if s.starttls:
                if not self.smtp.has_extn("starttls"):
                    raise self._error("the server does not offer STARTTLS (set SIZING_SMTP_STARTTLS=no only for a "
                                      "relay on this machine)")
                self.smtp.starttls(context=ssl.create_default_context(cafile=s.cafile))
                self.smtp.ehlo()
            if s.user:
                self.smtp.login(s.user, s.password or "")
        except SizingInputError:
            self._close()
            raise
        except smtplib.SMTPAuthenticationError as exc:
            self._close()
            raise self._error(f"the server refused the login of {s.user} ({exc.smtp_code})") from None
        except (OSError, smtplib.SMTPException) as exc:  # ssl.SSLError is an OSError
            self._close()
            raise self._error(f"cannot connect: {_reason(exc)}") from None
        return self

    def send(self, message: EmailMessage) -> None:
        try:
            self.smtp.send_message(message)
        except (OSError, smtplib.SMTPException) as exc:
            raise self._error(f"sending to {message['To']} failed: {_reason(exc)}") from None

    def __exit__(self, *exc: object) -> None:
        if self.smtp is not None:
            try:
                self.smtp.quit()
            except (OSError, smtplib.SMTPException):
                self._close()

    def _close(self) -> None:
        if self.smtp is not None:
            self.smtp.close()
            self.smtp = None

    def _error(self, what: str) -> SizingInputError:
        return SizingInputError("SMTP", None, "", message=f"SMTP {self.s.shown()}: {what}")


def _reason(exc: BaseException) -> str:
    if isinstance(exc, smtplib.SMTPResponseException):
        text = exc.smtp_error.decode("utf-8", "replace") if isinstance(exc.smtp_error, bytes) else str(exc.smtp_error)
        return f"{exc.smtp_code} {' '.join(text.split())}"
    if isinstance(exc, socket.timeout):
        return "timed out"
    return getattr(exc, "strerror", None) or str(exc) or exc.__class__.__name__

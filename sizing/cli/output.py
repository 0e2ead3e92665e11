"""What every command shares to write its output: ``emit`` (a whole file or stdout), ``check_output``,
``to_json``, ``write_pdf``, and the argument parser that reports a usage error on one line (exit 2).

The command line (:mod:`sizing.cli.main`) dispatches to :mod:`sizing.cli`; a command never imports the command
line.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import secrets
import stat
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sizing.errors import SizingInputError, one_line, visible

if TYPE_CHECKING:
    import datetime as dt

    from matplotlib.figure import Figure

#: Called just before an output file is renamed into place (set by the command line while a command runs: from
#: then on Ctrl-C lets the command finish its outputs, so they are all written or none).
on_commit: Callable[[], None] | None = None


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2; a value quoted at most 80 characters
        self.exit(2, one_line(f"{self.prog}: {message}") + "\n")


def emit(text: str | bytes, output: str | None, option: str = "--output", source: str | None = None) -> None:
    """Write a rendered result to ``option``'s PATH (created with its folder) or stdout; text with its
    control characters shown escaped (:func:`sizing.errors.visible`; JSON escapes its own).

    A file is written whole or not at all: to a temporary file in the same folder, then renamed over the
    old one, so a failure halfway (disk full, a size limit) leaves the old file as it was. A symbolic link is
    followed (the file it points to is replaced, the link kept). A PATH that exists and is not a regular file
    (a device such as /dev/null or /dev/full, a pipe, /dev/stdout) is written in place, never replaced. An
    empty PATH and a PATH that is the input file ``source`` are refused.
    """
    if isinstance(text, str):  # no text may clear the screen, hide itself or forge a line (sizing.errors.visible)
        text = visible(text)
    if output is None:
        _write_stdout(text if isinstance(text, bytes) or text.endswith("\n") else text + "\n")
        return
    _write_file([text if isinstance(text, bytes) else text.encode("utf-8")], output, option, source)


def emit_chunks(chunks: Iterable[str], output: str | None, option: str = "--output", source: str | None = None
                ) -> None:
    """:func:`emit` for a text made in pieces (the JSON of a large inventory): each piece is written as it
    comes, so the whole text is never in memory; the same file, standard output and error behaviour."""
    pieces = (visible(c) for c in chunks)
    if output is None:
        last = ""
        for piece in pieces:
            if piece:
                _write_stdout(piece)
                last = piece
        if not last.endswith("\n"):
            _write_stdout("\n")
        return
    _write_file((p.encode("utf-8") for p in pieces), output, option, source)


def _write_file(data: Iterable[bytes], output: str, option: str, source: str | None) -> None:
    """Write the pieces to PATH whole or not at all (see :func:`emit`)."""
    check_output(output, option, source)
    shown = _shown(output)
    path = Path(output)
    tmp = None
    try:
        if not is_regular_target(output):
            with open(path, "wb") as fh:  # a device or pipe: as the shell's '>' does
                fh.writelines(data)
            return
        path = Path(os.path.realpath(path)) if path.is_symlink() else path
        path.parent.mkdir(parents=True, exist_ok=True)
        # the name is kept before the file is made: a Ctrl-C during mkstemp's open (handled as it returns,
        # before its result was assigned) left the temporary file behind
        tmp = _temporary_name(path)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # not ours: never removed (48 random bits; reported as a write error)
            tmp = None
            raise
        with os.fdopen(fd, "wb") as fh:
            fh.writelines(data)
        mode = path.stat().st_mode & 0o7777 if path.exists() else 0o666 & ~_umask()
        os.chmod(tmp, mode)
        if on_commit is not None:
            on_commit()
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise SizingInputError(option, output, "", message=(
            f"{option}: cannot write {shown}: {exc.strerror or exc.__class__.__name__}")) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _temporary_name(path: Path) -> str:
    """A fresh name for the temporary file beside PATH (48 random bits: a clash is retried, never overwritten)."""
    return str(path.parent / f".{path.name[:40]}.{secrets.token_hex(6)}.tmp")


def is_regular_target(output: str | Path) -> bool:
    """Whether PATH is (or will be) a regular file, written by renaming a temporary file over it: false for
    what exists and is not one (a device, a pipe, a socket) and for what resolves into /dev or /proc
    (/dev/stdout is a link to the process's own standard output)."""
    try:
        st = os.stat(output)
    except OSError:  # missing (or unreadable: reported when writing)
        return True
    if not stat.S_ISREG(st.st_mode):
        return False
    real = os.path.realpath(output)
    return not (real.startswith(("/dev/", "/proc/")) or " (deleted)" in real)


def check_distinct(*outputs: tuple[str, str | None]) -> None:
    """Refuse two options that name one file: ``-o x.md --letter x.md`` would write one over the other.
    Paths are compared resolved (``./x.md``, a symbolic link and a hard link are the same file); a device
    or pipe (``/dev/null`` twice) may take both."""
    seen: list[tuple[str, str]] = []
    for option, path in outputs:
        if path is None or path == "-" or not path.strip():
            continue
        for first, other in seen:
            if _same_file(path, other) and is_regular_target(path):
                raise SizingInputError(option, path, "", message=(
                    f"{option}: {_shown(path)} is the same file as {first}; give another"))
        seen.append((option, path))


def _same_file(a: str, b: str) -> bool:
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:  # one does not exist yet: different unless their resolved names match
        return False


def check_output(output: str, option: str = "--output", source: str | None = None) -> None:
    """Refuse an empty output PATH, a folder, and the input file itself (it would be overwritten)."""
    if not output.strip():
        raise SizingInputError(option, output, "a file path")
    path = Path(output)
    try:
        is_dir = path.is_dir()
    except OSError:  # a name too long, ...: reported when writing
        is_dir = False
    if is_dir:
        raise SizingInputError(option, output, "", message=f"{option}: {_shown(output)} is a folder; give a file path")
    if source is not None:
        try:
            same = path.exists() and Path(source).exists() and os.path.samefile(path, source)
        except OSError:
            same = False
        if same or os.path.abspath(output) == os.path.abspath(source):
            raise SizingInputError(option, output, "", message=(
                f"{option}: {_shown(output)} is the input file; write the output to another file"))


def _write_stdout(data: str | bytes) -> None:
    try:
        if isinstance(data, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
        else:
            sys.stdout.write(data)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        silence_stdout()
        raise SizingInputError("stdout", None, "", message=(
            f"cannot write to standard output: {exc.strerror or exc.__class__.__name__}")) from None


def silence_stdout() -> None:
    """After a failed write, point stdout at /dev/null so the interpreter's last flush cannot fail again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _shown(path: str) -> str:
    return path if len(path) <= 80 else path[:77] + "..."


def to_json(data: dict[str, Any]) -> str:
    """JSON text; a control character that json leaves as it is (DEL, C1, a bidirectional override) is written
    as a \\u escape, which reads back as the same character."""
    return json_safe(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def json_safe(text: str) -> str:
    """JSON text (whole or a piece of it) with the control characters json leaves as they are escaped."""
    if text.isascii() and "\x7f" not in text:  # nothing to escape (a scan at C speed)
        return text
    return _JSON_CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_JSON_CONTROL = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def pdf_path(output: str | None, source: str, suffix: str) -> str | None:
    """Where a PDF goes: --output, standard output for '-', or '<source stem>-<suffix>.pdf' here."""
    if output == "-":
        return None
    return f"{Path(source).stem}-{suffix}.pdf" if output is None else output


def write_pdf(data: bytes, output: str | None, source: str, suffix: str) -> None:
    """Write PDF bytes to --output, to stdout for '-', or to '<source stem>-<suffix>.pdf' here."""
    if output == "-":
        if sys.stdout.isatty():
            raise SizingInputError("--output", output, "", message=(
                "--output: standard output is a terminal and a PDF is binary; give -o FILE.pdf "
                "(or pipe the output elsewhere)"))
        emit(data, None)
        return
    path = pdf_path(output, source, suffix)
    emit(data, path, source=source)
    if output is None:
        print(visible(f"wrote {path}"), file=sys.stderr)


def save_figure(fig: Figure, path: str | Path, field: str = "--plot", created: dt.date | None = None) -> Path:
    """Write a figure (whole or not at all, see :func:`emit`); the suffix (.png, .svg,
    .pdf) picks the format."""
    from sizing.report.figures import FORMATS, figure_bytes

    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise SizingInputError(field, str(path), f"a file name ending in {', '.join(FORMATS)}")
    emit(figure_bytes(fig, path.suffix, created, field), str(path), option=field)
    return path

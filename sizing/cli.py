"""Command line: ``sizing size|review|waiver|maintenance|batch|register``.

Exit codes: 0 ok; 1 a finding (not compliant, not grantable, service due, rows rejected); 2 bad input,
with one line on stderr naming the field and what was expected.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sizing import __version__
from sizing.errors import SizingInputError, TableError

#: Subcommand -> module. Each module has ``add_arguments(parser)`` and ``run(args) -> int``, and keeps its
#: heavy imports inside ``run`` so that ``sizing batch`` starts fast.
COMMANDS = {
    "size": "sizing.commands.size",
    "waiver": "sizing.commands.waiver",
    "review": "sizing.commands.review",
    "maintenance": "sizing.commands.maintenance",
    "batch": "sizing.commands.batch",
    "register": "sizing.commands.register",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        self.exit(2, f"{self.prog}: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="sizing", description="Grease interceptor sizing and plan review (CPC, and a "
                     "jurisdiction's FOG ordinance: --jurisdiction ID)")
    parser.add_argument("--version", action="version", version=f"sizing {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, module in COMMANDS.items():
        mod = importlib.import_module(module)
        # argparse %-formats a subcommand's help: a literal '%' (the 25 % rule) must be doubled there
        p = sub.add_parser(name, help=mod.HELP.replace("%", "%%"), description=mod.HELP)
        mod.add_arguments(p)
        p.set_defaults(_module=mod)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args._module.run(args))
    except SizingInputError as exc:
        print(f"sizing {args.command}: {exc}", file=sys.stderr)
        return 2
    except TableError as exc:
        print(f"sizing {args.command}: {exc}", file=sys.stderr)
        return 2
    except (MemoryError, RecursionError) as exc:
        print(f"sizing {args.command}: the input is too large or nested too deeply to process "
              f"({exc.__class__.__name__})", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into head
        _silence_stdout()
        return 0


def emit(text: str | bytes, output: str | None, option: str = "--output", source: str | None = None) -> None:
    """Write a rendered result to ``option``'s PATH (created with its folder) or stdout.

    A file is written whole or not at all: to a temporary file in the same folder, then renamed over the
    old one, so a failure halfway (disk full, a size limit) leaves the old file as it was. An empty PATH and
    a PATH that is the input file ``source`` are refused.
    """
    if output is None:
        _write_stdout(text if isinstance(text, bytes) or text.endswith("\n") else text + "\n")
        return
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    check_output(output, option, source)
    path = Path(output)
    shown = _shown(output)
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:40]}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        mode = path.stat().st_mode & 0o7777 if path.exists() else 0o666 & ~_umask()
        os.chmod(tmp, mode)
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise SizingInputError(option, output, "", message=(
            f"{option}: cannot write {shown}: {exc.strerror or exc.__class__.__name__}")) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


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
        _silence_stdout()
        raise SizingInputError("stdout", None, "", message=(
            f"cannot write to standard output: {exc.strerror or exc.__class__.__name__}")) from None


def _silence_stdout() -> None:
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
    return path if len(path) <= 120 else path[:117] + "..."


def to_json(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, default=str)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

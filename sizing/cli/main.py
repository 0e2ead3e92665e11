"""Command line: ``sizing size|review|waiver|maintenance|batch|register|jurisdictions``.

Exit codes: 0 ok; 1 a finding (not compliant, not grantable, service due, rows rejected); 2 bad input,
with one line on stderr naming the field and what was expected.
"""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any

from sizing import __version__
from sizing.cli import output
from sizing.cli.output import Parser, silence_stdout
from sizing.errors import SizingInputError, TableError, one_line

#: Subcommand -> module. Each module has ``add_arguments(parser)`` and ``run(args) -> int``, and keeps its
#: heavy imports inside ``run`` so that ``sizing batch`` starts fast.
COMMANDS = {
    "size": "sizing.cli.size",
    "waiver": "sizing.cli.waiver",
    "review": "sizing.cli.review",
    "maintenance": "sizing.cli.maintenance",
    "batch": "sizing.cli.batch",
    "register": "sizing.cli.register",
    "jurisdictions": "sizing.cli.jurisdictions",
}


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="sizing", description="Grease interceptor sizing and plan review (CPC, and a "
                     "jurisdiction's FOG ordinance: --jurisdiction ID)")
    parser.add_argument("--version", action="version", version=f"sizing {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, module in COMMANDS.items():
        mod = importlib.import_module(module)
        # argparse %-formats a subcommand's help: a literal '%' (a percentage in a help text) must be doubled there
        p = sub.add_parser(name, help=mod.HELP.replace("%", "%%"), description=mod.HELP)
        mod.add_arguments(p)
        p.set_defaults(_module=mod)
    return parser


#: The exit code after Ctrl-C (128 + SIGINT), as a shell reports it.
INTERRUPTED = 130


class _Interrupts:
    """While a command runs: Ctrl-C raises KeyboardInterrupt as usual, and is remembered, so that an error it
    causes on its way out (pandas reports an interrupted read as a CSV error) is reported as the interrupt.
    Once the command's first output file is about to be renamed into place (``output.on_commit``), Ctrl-C no
    longer stops it: it writes its other outputs and ends as it would have, so its outputs are all written or
    none (a Ctrl-C during the rename raised after it, leaving the file in place and the exit 130)."""

    def __init__(self) -> None:
        self.seen = False
        self.committing = False
        self._before: Any = None

    def __enter__(self) -> _Interrupts:
        if threading.current_thread() is threading.main_thread() and \
                signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self._before = signal.signal(signal.SIGINT, self._handle)
            output.on_commit = self._commit
        return self

    def _commit(self) -> None:
        self.committing = True

    def _handle(self, signum: int, frame: Any) -> None:
        if self.committing:  # the outputs are being put in place: finish them
            return
        self.seen = True
        raise KeyboardInterrupt

    def __exit__(self, *exc: object) -> None:
        if self._before is not None:
            output.on_commit = None
            signal.signal(signal.SIGINT, self._before)


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    # named before the parser is built, so that a Ctrl-C while it starts names the command too
    command = f"sizing {words[0]}" if words and words[0] in COMMANDS else "sizing"
    with _Interrupts() as interrupts:
        try:
            parser = build_parser()
            args = parser.parse_args(argv)
            if not getattr(args, "command", None):
                parser.print_help(sys.stderr)
                return 2
            command = f"sizing {args.command}"
            return _run(args, interrupts)
        except BaseException as exc:  # Ctrl-C, or what it broke: one line, nothing written (outputs are whole)
            if isinstance(exc, KeyboardInterrupt) or interrupts.seen:
                print(f"{command}: interrupted", file=sys.stderr)
                return INTERRUPTED
            raise


def _run(args: argparse.Namespace, interrupts: _Interrupts) -> int:
    try:
        return int(args._module.run(args))
    except (SizingInputError, TableError) as exc:
        if interrupts.seen:
            raise
        print(one_line(f"sizing {args.command}: {exc}"), file=sys.stderr)
        return 2
    except (MemoryError, RecursionError) as exc:
        if interrupts.seen:
            raise
        print(f"sizing {args.command}: the input is too large or nested too deeply to process "
              f"({exc.__class__.__name__})", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into head
        silence_stdout()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

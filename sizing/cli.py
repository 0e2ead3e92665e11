"""Command line: ``sizing size|review|waiver|maintenance|batch|register|jurisdictions``.

Exit codes: 0 ok; 1 a finding (not compliant, not grantable, service due, rows rejected); 2 bad input,
with one line on stderr naming the field and what was expected.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from sizing import __version__
from sizing.commands.output import Parser, silence_stdout
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
    "jurisdictions": "sizing.commands.jurisdictions",
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
        silence_stdout()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

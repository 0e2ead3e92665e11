"""Command line: ``sizing size|review|waiver|maintenance|batch``.

Exit codes: 0 ok; 1 a finding (not compliant, not grantable, service due, rows rejected); 2 bad input,
with one line on stderr naming the field and what was expected.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
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
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        self.exit(2, f"{self.prog}: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="sizing", description="Grease interceptor sizing and plan review (CPC, Tracy FOG ordinance)")
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
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0


def emit(text: str | bytes, output: str | None) -> None:
    """Write a rendered result to --output (created with its folder) or stdout."""
    if output:
        path = Path(output)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(text, bytes):
                path.write_bytes(text)
            else:
                path.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise SizingInputError("--output", output, "", message=f"--output: cannot write {output}: {exc.strerror}") from None
    elif isinstance(text, bytes):
        sys.stdout.buffer.write(text)
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")


def to_json(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, default=str)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

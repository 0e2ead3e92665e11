"""MkDocs hook: the reference pages made from the code at build time, so they cannot go stale.

- ``reference/cli.md``: every command's and subcommand's ``--help``, from ``sizing.cli.main.build_parser``;
- ``reference/rules.md``: the review rules as registered (``registry.rules_table``) with the profiles that apply
  each one;
- ``reference/register-schema.md``: the register's tables and columns, from ``sizing.program.schema``;
- ``reference/provenance-levels.md``: what each provenance level means, from ``sizing.provenance``.
"""

from __future__ import annotations

import argparse
import ast
import os
import sys
from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _subcommands(parser: argparse.ArgumentParser):
    for action in parser._actions:  # argparse keeps its subcommands there; there is no public accessor
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def _cli_sections(parser: argparse.ArgumentParser, path: str, depth: int) -> list[str]:
    out = [f"{'#' * depth} `{path}`", "", "```text", parser.format_help().rstrip(), "```", ""]
    for name, child in _subcommands(parser):
        out += _cli_sections(child, f"{path} {name}", min(depth + 1, 4))
    return out


def cli_page() -> str:
    from sizing.cli.main import build_parser

    os.environ["COLUMNS"] = "100"  # argparse wraps its help to the terminal's width: one width for the page
    head = ["# Command line", "",
            "Every command and subcommand as `--help` prints it (generated from the code when the site is built).",
            "Exit codes: 0 ok; 1 a finding (not compliant, not grantable, service due, rows rejected, overdue);",
            "2 bad input, a refused write or a busy register, with one line on stderr naming the field.", ""]
    return "\n".join(head + _cli_sections(build_parser(), "sizing", 2))


def rules_page() -> str:
    from sizing.jurisdiction import profile as jurisdiction
    from sizing.rules.review_rules import registry

    profiles = {j: jurisdiction.get(j) for j in jurisdiction.available()}
    rows = ["| rule | applied by |", "|---|---|"]
    for r in registry.rules():
        users = [f"`{j}`" for j, p in profiles.items() if r.id in p.review_rules]
        rows.append(f"| `{r.id}` | {', '.join(users) or '—'} |")
    return "\n".join([
        "# Review rules", "",
        "Each rule as it is registered (`sizing/rules/review_rules/registry.py`): its id, the profile parameters it",
        "reads with their units, the interceptor types it can check and the model ordinance's clause (a city's own",
        "citation is in its profile). Generated from the code when the site is built.", "",
        registry.rules_table(), "", "## Which profile applies which rule", "", *rows, ""])


def schema_page() -> str:
    from sizing.program import schema

    out = ["# Register schema", "",
           "The register's tables as `sizing/program/schema.py` declares them (generated when the site is built).",
           "Records are appended, never updated in place; every row says who wrote it and when.", ""]
    for table in schema.metadata.sorted_tables:
        out += [f"## `{table.name}`", "", "| column | type | null | key |", "|---|---|---|---|"]
        for col in table.columns:
            fks = ", ".join(f"→ `{fk.target_fullname}`" for fk in col.foreign_keys)
            key = " ".join(filter(None, ["primary" if col.primary_key else "", fks]))
            out.append(f"| `{col.name}` | {col.type} | {'yes' if col.nullable else 'no'} | {key} |")
        out.append("")
    return "\n".join(out)


def _comment(path: Path) -> str:
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        if not line.lstrip("# ").startswith(("sizing ", "Evaluate with")):
            lines.append(line.lstrip("# ").rstrip())
    return " ".join(lines)


def examples_page() -> str:
    """The published worked examples (tests/validation, one module per source) and the sizing examples, each
    sized by the code as it stands when the site is built."""
    from sizing.cpc import size
    from sizing.io import submittal

    out = ["# Published examples", "",
           "Each published example the tool is checked against, with its source, as the tests in",
           "`tests/validation/` state it (one module per source); the suite fails if the tool's answer differs.", ""]
    for mod in sorted((ROOT / "tests" / "validation").glob("test_*.py")):
        doc = ast.get_docstring(ast.parse(mod.read_text(encoding="utf-8"))) or ""
        title, _, rest = doc.partition("\n")
        out += [f"## {title.strip().rstrip('.')}", "", rest.strip(), "", f"Test: `tests/validation/{mod.name}`.", ""]
    out += ["## The sizing examples, sized now", "",
            "The example submittals in `examples/` as `sizing size` sizes them under the default profile.", "",
            "| file | what it is | DFU | required gravity volume |", "|---|---|---|---|"]
    for name in ("cpc-code-example.yaml", "restaurant.yaml", "inlet-pipe-only.yaml"):
        path = ROOT / "examples" / name
        result = size.size(submittal.load(path)).to_dict()
        gravity = result.get("gravity") or {}
        out.append(f"| `examples/{name}` | {_comment(path)} | {result.get('dfu_total')} | "
                   f"{gravity.get('required_volume_gal')} gal |")
    return "\n".join(out + [""])


def provenance_page() -> str:
    from sizing import provenance

    return provenance.docs_page()


PAGES = {"reference/cli.md": cli_page, "engineer/examples.md": examples_page, "reference/rules.md": rules_page,
         "reference/register-schema.md": schema_page, "reference/provenance-levels.md": provenance_page}


def on_files(files, config):
    for uri, make in PAGES.items():
        files.append(File.generated(config, uri, content=make()))
    return files

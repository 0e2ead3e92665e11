"""Text of ``sizing batch`` on standard error: the rejected rows and the one-line summary of what was not sized."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd


def reject_lines(rejects: pd.DataFrame, limit: int) -> list[str]:
    """One line per rejected row (the first ``limit``), then how many more there are."""
    out = [f"sizing batch: line {line}: {reason}"
           for line, reason in zip(rejects["line"][:limit], rejects["reason"][:limit], strict=True)]
    if len(rejects) > limit:
        out.append(f"sizing batch: ... and {len(rejects) - limit:,} more rejected rows; "
                   "write them all with --rejects PATH")
    return out


def rejects_summary(rejected: int, not_sized: Sequence[str], rejects_path: str | None) -> str:
    """``sizing batch: 8 rows rejected; 6 submittals not sized: C, D, ...`` (at most ten ids named)."""
    shown = ", ".join(not_sized[:10]) + (", ..." if len(not_sized) > 10 else "")
    return (f"sizing batch: {rejected:,} row{'s' if rejected != 1 else ''} rejected; "
            f"{len(not_sized):,} submittal{'s' if len(not_sized) != 1 else ''} not sized"
            + (f": {shown}" if not_sized else "") + (f" (rejects written to {rejects_path})" if rejects_path else ""))

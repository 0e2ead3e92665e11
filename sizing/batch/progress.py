"""A one-line progress bar for ``sizing batch`` on a terminal (stdlib only)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

#: ``progress(done_rows, total_rows, stage)``; stage is "reading", "sizing" or "done".
ProgressCallback = Callable[[int, int, str], None]


class TextProgress:
    """A one-line progress bar on a stream (stderr), redrawn in place; stdlib only."""

    def __init__(self, stream: Any = None, width: int = 30, label: str = "sizing batch"):
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.label = label
        self._last = -1

    def __call__(self, done: int, total: int, stage: str) -> None:
        if stage == "done":
            self.stream.write("\n")
            self.stream.flush()
            return
        fraction = 1.0 if total <= 0 else min(done / total, 1.0)
        filled = int(round(fraction * self.width))
        shown = int(fraction * 100)
        if stage == "reading" and shown == self._last:
            return
        self._last = shown
        bar = "#" * filled + "-" * (self.width - filled)
        rows = f" {done:,}/{total:,} rows" if stage == "reading" else ""
        self.stream.write(f"\r{self.label} [{bar}] {shown:3d}% {stage}{rows}   ")
        self.stream.flush()

"""The cyclic garbage collector paused while the register reads or writes rows by the ten thousand.

The rows, documents, results and list items made by an import, the due list or the FSE list hold no reference
cycles: reference counting frees them as usual, and the collector's passes over them (a third of a 200,000-line
import, a tenth of the due list of 20,000 FSEs) find nothing to collect. The collector resumes after.
"""

from __future__ import annotations

import contextlib
import functools
import gc
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


@contextlib.contextmanager
def few_collections() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block (as it was before, after)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def with_few_collections(fn: F) -> F:
    """``fn`` run with the collector paused (:func:`few_collections`)."""
    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        with few_collections():
            return fn(*args, **kwargs)
    return run  # type: ignore[return-value]

"""The DFU of an inventory's rows by the very rules ``sizing size`` applies, each distinct kind of line once.

A row's DFU, footnote-3 volume, connection and warnings depend only on its fixture type, trap size, flow,
``connected_to_interceptor`` cell and whether its count is above 0 (the count multiplies). Each distinct
combination met is made into a one-unit :class:`sizing.io.submittal.Fixture` (:func:`sizing.io.submittal.make_fixture`:
the type's compartments, indirect drain and the jurisdiction's default connection) and resolved by
:func:`sizing.cpc.fixture_lines.fixture_line` and :func:`sizing.cpc.fixture_lines.line_warnings` twice, without and with a connected
receptor in the submittal; the rows take the results by their line code. No rule is written here.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from sizing.cpc.fixture_lines import INVENTORY, Run, fixture_line, line_warnings
from sizing.errors import SizingInputError
from sizing.io.submittal import fixture_types, make_fixture, resolve_type
from sizing.jurisdiction.profile import Jurisdiction

#: The warnings ``sizing.cpc.fixture_lines`` gives a line, as bits of a row's warning mask (an inventory has no dfu column,
#: so no ``dfu_override``).
WARNING_BITS = {"indirect_no_receptor": 1, "unlisted": 2, "forbidden_connection": 4, "default_trap": 8,
                "unconfirmed_default": 16}


class Resolver:
    """Fixture types (codes given as they are met) and distinct fixture lines (line codes) of one run."""

    def __init__(self, edition: str, jurisdiction: Jurisdiction):
        self.edition = edition
        self.jurisdiction = jurisdiction
        self._type_codes: dict[str, int] = {}
        self.keys: list[str] = []
        self.listed: list[bool] = []
        self._lines: dict[tuple, int] = {}
        self.error: list[str | None] = []
        self.connected: list[bool] = []
        self.receptor: list[bool] = []
        self.dfu_each: list[float] = []
        #: footnote-3 volume [gal] of one unit, and warning bits: [without, with] a connected receptor listed
        self.fn3_each: tuple[list[float], list[float]] = ([], [])
        self.bits: tuple[list[int], list[int]] = ([], [])
        for key in fixture_types():   # listed types in table order (type names in a warning follow it)
            self.type_code(key)

    # --- fixture types ---------------------------------------------------------------------------------

    def type_code(self, value: Any) -> int:
        """Code of a fixture_type cell, normalised as a submittal's type (:func:`sizing.io.submittal.resolve_type`:
        aliases, case, spaces); an unknown type gets a code too; -1 when the cell is not a fixture type."""
        try:
            key = resolve_type("fixture_type", value, accept_unknown=True)
        except SizingInputError:
            return -1
        if key not in self._type_codes:
            self._type_codes[key] = len(self.keys)
            self.keys.append(key)
            self.listed.append(key in fixture_types())
        return self._type_codes[key]

    # --- fixture lines ---------------------------------------------------------------------------------

    def line_codes(self, type_codes: np.ndarray, trap: np.ndarray, flow: np.ndarray, connected_given: np.ndarray,
                   counted: np.ndarray, eligible: np.ndarray) -> np.ndarray:
        """The line code of each row (-1 where not ``eligible``): rows alike in type code, trap [in] (NaN: none),
        flow [gpm] (NaN: none), ``connected_given`` (-1 none, 0 no, 1 yes) and ``counted`` (count > 0) share one,
        resolved once."""
        out = np.full(len(type_codes), -1, dtype=np.int64)
        idx = np.flatnonzero(eligible)
        if not idx.size:
            return out
        t_codes, t_values = pd.factorize(trap[idx])   # NaN -> -1
        f_codes, f_values = pd.factorize(flow[idx])
        key = type_codes[idx].astype(np.int64) * (len(t_values) + 1) + t_codes + 1
        key = key * (len(f_values) + 1) + f_codes + 1
        key = (key * 3 + connected_given[idx] + 1) * 2 + counted[idx]
        k_codes, k_values = pd.factorize(key)
        first = np.empty(len(k_values), dtype=np.int64)
        first[k_codes[::-1]] = np.arange(len(idx) - 1, -1, -1)   # each distinct key's first row
        codes = np.array([self._line(int(type_codes[idx[i]]), trap[idx[i]], flow[idx[i]],
                                     int(connected_given[idx[i]]), bool(counted[idx[i]])) for i in first],
                         dtype=np.int64)
        out[idx] = codes[k_codes]
        return out

    def _line(self, type_code: int, trap: float, flow: float, connected_given: int, counted: bool) -> int:
        key = (type_code, None if math.isnan(trap) else float(trap), None if math.isnan(flow) else float(flow),
               None if connected_given < 0 else bool(connected_given), counted)
        code = self._lines.get(key)
        if code is None:
            code = self._lines[key] = len(self.error)
            self._resolve(self.keys[type_code], *key[1:])
        return code

    def _resolve(self, ftype: str, trap: float | None, flow: float | None, connected_given: bool | None,
                 counted: bool) -> None:
        f = make_fixture(0, ftype, self.jurisdiction, count=1 if counted else 0, connected_given=connected_given,
                         trap_size_in=trap, flow_gpm=flow)
        self.connected.append(f.connected)
        self.receptor.append(f.connected and f.kind.receptor)
        error, each = None, 0.0
        for receptor in (False, True):
            run = Run(self.edition)
            try:
                line = fixture_line(f, run, receptor, INVENTORY)
            except SizingInputError as exc:
                error = str(exc)
                self.fn3_each[receptor].append(0.0)
                self.bits[receptor].append(0)
                continue
            line_warnings(f, line, self.jurisdiction, receptor, run)
            each = line.dfu_each
            self.fn3_each[receptor].append(line.footnote3_volume_gal)
            self.bits[receptor].append(sum(WARNING_BITS.get(k, 0) for k in run.warned))
        self.error.append(error)
        self.dfu_each.append(each)

    def arrays(self) -> dict[str, np.ndarray]:
        """Per line code: error (object), connected, receptor, dfu_each, fn3_each_0/1, bits_0/1; a last entry
        stands for code -1 (a row not resolved: not connected, 0 DFU)."""
        return {
            "connected": np.array(self.connected + [False], dtype=bool),
            "receptor": np.array(self.receptor + [False], dtype=bool),
            "dfu_each": np.array(self.dfu_each + [0.0], dtype=np.float64),
            "fn3_each_0": np.array(self.fn3_each[0] + [0.0], dtype=np.float64),
            "fn3_each_1": np.array(self.fn3_each[1] + [0.0], dtype=np.float64),
            "bits_0": np.array(self.bits[0] + [0], dtype=np.int64),
            "bits_1": np.array(self.bits[1] + [0], dtype=np.int64),
        }

"""A jurisdiction: its profile (data, checked when loaded), its calendar of working days and months."""

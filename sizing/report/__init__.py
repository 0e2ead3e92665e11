"""Presentation: text, markdown, PDF and figures. Formats result objects; never recomputes."""

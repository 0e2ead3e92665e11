"""The sections of an input document, each parsed once into a typed object (its field lists in one place)."""

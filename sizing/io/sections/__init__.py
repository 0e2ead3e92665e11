"""The sections of an input document, each parsed once into a typed object (field-path errors, every field
list in one place)."""

"""The submittal's sections parsed once into typed objects (field-path errors, every field list in one place)."""

"""The command line: ``sizing`` and its commands (one module each); the entry point is :func:`sizing.cli.main.main`."""

"""Gridsmith's command line: thin wiring of formats, engine and editor."""
__version__ = "0.1.0"

"""The one base of every exception formats defines.

Problems in content files are never raised: they reach users as located diagnostics
(formats.diagnostics, through formats.loader). These exceptions are for code that asks formats for
something outside validation and has to handle a refusal: the engine loading the ruleset a scenario
names, the editor opening a file, a coordinate typed at a prompt. Each says why in one line.
"""
from __future__ import annotations


class FormatError(Exception):
    """Something formats was asked for cannot be given; the message says why."""

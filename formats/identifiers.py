"""Identifier hygiene: ids and names used as references refuse invisible characters and compare in
one normal form, so two ids that look the same are the same (issue 28, "look-alike ids").

An id that holds a format character (Unicode category Cf: zero-width space and joiners, the byte
order mark, bidi marks) looks like another id that does not; NFKC folds compatibility forms (a
full-width `ａ`, a ligature) into the plain ones. Checks use `invisible` to refuse the first and
`same_key` to compare ids for duplicates.
"""
from __future__ import annotations

import unicodedata


def invisible(text: str) -> int | None:
    """The index of the first invisible (format, Cf) character of `text`, or None."""
    return next((i for i, ch in enumerate(text) if unicodedata.category(ch) == "Cf"), None)


def same_key(text: str) -> str:
    """The form two ids are compared in: NFKC, without format characters."""
    return unicodedata.normalize("NFKC", "".join(ch for ch in text if unicodedata.category(ch) != "Cf"))

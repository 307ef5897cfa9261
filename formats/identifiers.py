"""Identifier hygiene: ids, names used as references and call signs refuse invisible and look-alike
characters and compare in one normal form, so two ids that look the same are the same (issue 28,
"look-alike ids").

An id that holds a format character (Unicode category Cf: zero-width space and joiners, the byte
order mark, bidi marks) or another character that draws nothing (a variation selector, a Hangul
filler) looks like an id that does not; NFKC folds compatibility forms (a full-width `ａ`, a
ligature, a non-breaking space) into the plain ones. A field typed `Ident` (or a list of them) is
checked by the shared stage of formats.model_base (S308, every game); checks compare ids for
duplicates with `same_key`.
"""
from __future__ import annotations

import unicodedata
from typing import Annotated, Any

#: characters that draw nothing but are not format characters (Unicode's default-ignorable code
#: points outside Cf): the combining grapheme joiner, Hangul fillers, Khmer inherent vowels,
#: variation selectors
_IGNORABLE = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0, *range(0xFE00, 0xFE10),
              *range(0xE0100, 0xE01F0)}


class _Identifier:
    """The marker of `Ident` fields (metadata of `Annotated`)."""

    def __repr__(self) -> str:
        return "IDENT"


IDENT = _Identifier()
#: an id, a name that refers to something (a file, a card, a setup), or a call sign
Ident = Annotated[str, IDENT]


def invisible(text: str) -> int | None:
    """The index of the first invisible (format, Cf) character of `text`, or None."""
    return next((i for i, ch in enumerate(text) if unicodedata.category(ch) == "Cf"), None)


def look_alike(text: str) -> tuple[int, str] | None:
    """(index, why) of the first character of `text` that makes it look like another id: an
    invisible one, or one that NFKC reads as something else; None when there is none."""
    for i, ch in enumerate(text):
        if unicodedata.category(ch) == "Cf" or ord(ch) in _IGNORABLE:
            return i, f"an invisible character (U+{ord(ch):04X})"
        folded = unicodedata.normalize("NFKC", ch)
        if folded != ch and not unicodedata.combining(ch):
            return i, f"a look-alike character (U+{ord(ch):04X}, which reads as {folded!r})"
    return None


def visible(text: str) -> str:
    """`text` with its invisible and look-alike characters written as `\\uXXXX`, for messages."""
    return "".join(f"\\u{ord(ch):04x}" if look_alike(ch) is not None else ch for ch in text)


def same_key(text: str) -> str:
    """The form two ids are compared in: NFKC, without format characters."""
    return unicodedata.normalize("NFKC", "".join(ch for ch in text if unicodedata.category(ch) != "Cf"
                                                 and ord(ch) not in _IGNORABLE))


def is_ident(metadata: Any) -> bool:
    """True when a field's (or a type's) metadata marks it `Ident`."""
    return any(m is IDENT for m in metadata or ())

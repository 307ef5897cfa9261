"""The base class of every file model: unknown keys are errors and types are strict.

One policy for numbers and text in every kind (docs/formats.md, "Numbers and text"):

- a **whole number** field (`int`, or a choice of whole numbers such as `Literal[1, 2, 3]`) takes
  only a YAML integer: `2.0`, `true` and `"2"` are refused (S303). JSON Schema would accept `2.0`
  as an integer; Gridsmith is stricter on purpose, so a typo is never silently rounded;
- a **number** field (`float`) takes integers and decimals (`2` means 2.0), never `true` or `"2"`;
- a **text** field takes only strings (`name: 1992` is a number: quote it), and text may not hold
  control characters (tab and line break aside), lone surrogates or bidirectional formatting
  characters (S306). A file with them is refused earlier, by the reader (Y114-Y116); this rule
  keeps the editor from writing what the reader would refuse;
- numbers beyond 64 bits are refused by the reader (Y117).

Strict types because YAML already says what a value is: `turns: "20"` is a string, and a designer
who quoted a number made a mistake worth hearing about.
"""
from __future__ import annotations

import re
import typing
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

#: characters no text field may hold (the reader's Y114, Y115 and Y116)
UNSAFE_TEXT = re.compile("[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f\\ud800-\\udfff\\u061c\\u200e\\u200f"
                         "\\u202a-\\u202e\\u2066-\\u2069]")


def _whole_number_choice(annotation: Any) -> bool:
    """True for `Literal[1, 2, 3]` (or an optional one): a choice among whole numbers."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)] \
        if typing.get_origin(annotation) in (typing.Union, getattr(__import__("types"), "UnionType")) else [annotation]
    for a in args:
        if typing.get_origin(a) is Literal:
            values = typing.get_args(a)
            return bool(values) and all(type(v) is int for v in values)
    return False


class FileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, validate_assignment=True)

    @field_validator("*", mode="before")
    @classmethod
    def _numbers_and_text(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, str):
            bad = UNSAFE_TEXT.search(value)
            if bad:
                raise PydanticCustomError("unsafe_text", "text holds the character U+{code}, which content text "
                                          "may not hold", {"code": f"{ord(bad.group()):04X}"})
        elif isinstance(value, (float, bool)) and info.field_name is not None:
            field = cls.model_fields.get(info.field_name)
            if field is not None and _whole_number_choice(field.annotation):
                raise PydanticCustomError("int_type", "Input should be a valid integer")
        return value


def schema_only(**constraints: Any) -> dict[str, Any]:
    """JSON-Schema constraints that published schemas carry but pydantic does not enforce.

    Used where a semantic check reports the same rule with its own diagnostic code and a message
    that names the rule of the manual; third-party validators still get the constraint.
    """
    return {"json_schema_extra": constraints}

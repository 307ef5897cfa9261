"""The base class of every file model: unknown keys are errors and types are strict.

Strict types because YAML already says what a value is: `turns: "20"` is a string, and a designer
who quoted a number made a mistake worth hearing about.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class FileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, validate_assignment=True)


def schema_only(**constraints: Any) -> dict:
    """JSON-Schema constraints that published schemas carry but pydantic does not enforce.

    Used where a semantic check reports the same rule with its own diagnostic code and a message
    that names the rule of the manual; third-party validators still get the constraint.
    """
    return {"json_schema_extra": constraints}


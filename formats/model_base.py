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
- numbers beyond 64 bits are refused by the reader (Y117);
- a constraint the published schema carries and pydantic does not enforce (`schema_only`) is
  reported by the kind's check that `by` names, or else by the shared stage here (S307); an id, a
  name used as a reference or a call sign (`identifiers.Ident`) holds no invisible or look-alike
  character (S308, the same stage).

Strict types because YAML already says what a value is: `turns: "20"` is a string, and a designer
who quoted a number made a mistake worth hearing about.
"""
from __future__ import annotations

import re
import typing
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from . import registry
from .diagnostics import Path, Problem, shown
from .identifiers import is_ident, look_alike, visible

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


def schema_only(*, by: str | None = None, **constraints: Any) -> dict[str, Any]:
    """JSON-Schema constraints that published schemas carry but pydantic does not enforce.

    `by`: the code(s) of the kind's semantic check that reports the rule, with a message that names the
    rule of the manual (e.g. `PND414`). Without one, the shared stage `schema_problems` enforces the
    constraints (S307), so whatever the published schema refuses the validator refuses too.
    Third-party validators get the constraints either way.
    """
    return {"json_schema_extra": constraints if by is not None else _Enforced(constraints)}


class _Enforced(dict[str, Any]):
    """The constraints of a field that the shared stage enforces (a dict as pydantic expects, which
    writes it into the field's schema as it is)."""


def _enforced(field: Any) -> dict[str, Any] | None:
    extra = field.json_schema_extra
    return extra if isinstance(extra, _Enforced) else None


def _breaks(value: Any, rules: dict[str, Any]) -> str | None:
    """How `value` breaks the JSON-Schema `rules` (the keywords schema_only is given), or None.
    A value of another type is pydantic's business: it is not looked at here."""
    if isinstance(value, str):
        if "pattern" in rules and not re.search(rules["pattern"], value):
            return f"{shown(visible(value))} does not match the pattern {rules['pattern']}"
        if len(value) > rules.get("maxLength", len(value)):
            return f"{len(value)} characters; at most {rules['maxLength']}"
        if len(value) < rules.get("minLength", 0):
            return f"{len(value)} characters; at least {rules['minLength']}"
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        for key, word, below in (("minimum", "at least", True), ("maximum", "at most", False),
                                 ("exclusiveMinimum", "more than", True), ("exclusiveMaximum", "less than", False)):
            bound = rules.get(key)
            if bound is None:
                continue
            beyond = (value < bound or (key.startswith("exclusive") and value == bound)) if below else \
                (value > bound or (key.startswith("exclusive") and value == bound))
            if beyond:
                return f"{value}; {word} {bound}"
    elif isinstance(value, list):
        if len(value) > rules.get("maxItems", len(value)):
            return f"{len(value)} items; at most {rules['maxItems']}"
        if len(value) < rules.get("minItems", 0):
            return f"{len(value)} items; at least {rules['minItems']}"
    return None


def _ident_shape(annotation: Any, metadata: Any) -> str | None:
    """"one" for a field typed `Ident` (or an optional one), "each" for a list of them, else None."""
    if is_ident(metadata):
        return "one"
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType")):
        return next((shape for a in args if (shape := _ident_shape(a, ())) is not None), None)
    if origin is typing.Annotated:
        return "one" if is_ident(args[1:]) else None
    if origin is list and args:
        return "each" if _ident_shape(args[0], ()) == "one" else None
    return None


def _idents(node: BaseModel) -> list[tuple[str, str]]:
    """(field name, shape) of the `Ident` fields of a model's class, worked out once per class."""
    cls = type(node)
    found = _IDENT_FIELDS.get(cls)
    if found is None:
        found = _IDENT_FIELDS[cls] = [(n, shape) for n, f in cls.model_fields.items()
                                      if (shape := _ident_shape(f.annotation, f.metadata)) is not None]
    return found


_IDENT_FIELDS: dict[type, list[tuple[str, str]]] = {}


def _look_alikes(value: Any, where: Path) -> Iterator[Problem]:
    bad = look_alike(value) if isinstance(value, str) else None
    if bad is not None:
        yield Problem("S308", f"{'.'.join(map(str, where))}: {shown(visible(value))} holds {bad[1]} at position {bad[0] + 1}; "
                      "an id, a name that refers to something or a call sign must not look like another", where)


def _walk(node: Any, path: Path) -> Iterator[Problem]:
    if isinstance(node, BaseModel):
        for name, shape in _idents(node):
            value, where = getattr(node, name), (*path, type(node).model_fields[name].alias or name)
            if shape == "one":
                yield from _look_alikes(value, where)
            elif isinstance(value, list):
                for i, v in enumerate(value):
                    yield from _look_alikes(v, (*where, i))
        for name, field in type(node).model_fields.items():
            value, where = getattr(node, name), (*path, field.alias or name)
            rules = _enforced(field)
            if rules is not None:
                yield from _check(value, rules, where)
            yield from _walk(value, where)
    elif isinstance(node, (list, tuple)):
        for i, v in enumerate(node):
            if isinstance(v, (BaseModel, list, tuple, dict)):
                yield from _walk(v, (*path, i))
    elif isinstance(node, dict):
        for k, v in node.items():
            if isinstance(v, (BaseModel, list, tuple, dict)):
                yield from _walk(v, (*path, k))


def _check(value: Any, rules: dict[str, Any], where: Path) -> Iterator[Problem]:
    why = _breaks(value, rules)
    if why is not None:
        yield Problem("S307", f"{'.'.join(map(str, where))}: {why}", where)
    items = rules.get("items")
    if isinstance(items, dict) and isinstance(value, list):
        for i, v in enumerate(value):
            yield from _check(v, items, (*where, i))


def schema_problems(kind: str, model: Any, ctx: registry.CheckContext) -> list[Problem]:
    """The checks every kind gets, in one walk of the model: S307 for every value that breaks a
    constraint schema_only declares without a checking code (the validator refuses what the published
    schema refuses), S308 for an `Ident` (an id, a name used as a reference, a call sign) that holds
    an invisible or look-alike character (formats.identifiers)."""
    return list(_walk(model, ()))


registry.add_stage(schema_problems)  # the loader runs it before every kind's checks

"""The fast path of validation: libyaml (through PyYAML's C parser) with YAML 1.2 core-schema
resolution, so values mean what they mean in the round-trip reader (`yes` is a string, `012` is 12).

It only answers "is this file clean?". Anything unusual — a syntax error, an unknown tag, a
duplicate key, an alias, deep nesting — raises `NotFast`, and the caller falls back to the
position-keeping reader, which reports it properly. Clean files (nearly all of a content tree)
never pay for positions.
"""
from __future__ import annotations

import re
from typing import Any

import yaml
from yaml._yaml import CParser

from yaml.constructor import SafeConstructor
from yaml.resolver import BaseResolver

from .errors import FormatError
from .limits import MAX_DEPTH, MAX_INT, MAX_NODES, MAX_NUMBER_CHARS


class NotFast(FormatError):
    """The fast path cannot decide; use the full reader (the loader always catches it)."""


class _Core12Resolver(BaseResolver):
    pass


_CORE12 = [
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+.0123456789",
    ),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
]
for _tag, _pattern, _first in _CORE12:
    _Core12Resolver.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))

#: tag -> pattern of the YAML 1.2 core schema; the full reader resolves plain scalars with the same
#: patterns (formats.loader), so both paths agree on what `0b11`, `1_000` or `1914-08-04` are: strings
CORE_SCHEMA = {tag: re.compile(pattern) for tag, pattern, _ in _CORE12}
# ruamel tries float before int: keep whole numbers out of the float pattern
CORE_SCHEMA["tag:yaml.org,2002:float"] = re.compile(r"^(?![-+]?[0-9]+$)" + dict(
    (t, p) for t, p, _ in _CORE12)["tag:yaml.org,2002:float"][1:])


class _Core12Constructor(SafeConstructor):
    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        v: str = self.construct_scalar(node)
        if len(v) > MAX_NUMBER_CHARS:
            raise NotFast("oversized number")
        if v.startswith("0o"):
            n = int(v[2:], 8)
        elif v.startswith("0x"):
            n = int(v[2:], 16)
        else:
            n = int(v, 10)
        if abs(n) > MAX_INT:
            raise NotFast("oversized number")
        return n

    def construct_yaml_bool(self, node: yaml.ScalarNode) -> bool:
        return str(self.construct_scalar(node)).lower() == "true"

    def construct_yaml_float(self, node: yaml.ScalarNode) -> float:
        value: float = super().construct_yaml_float(node)
        if value in (float("inf"), float("-inf")) and "inf" not in node.value.lower():
            raise NotFast("oversized number")  # 1e999: the guard names it
        return value

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        keys = [k.value for k, _ in node.value if isinstance(k, yaml.ScalarNode)]
        if len(keys) != len(set(keys)) or len(keys) != len(node.value) or "<<" in keys:
            raise NotFast("duplicate, complex or merge key")
        return super().construct_mapping(node, deep=deep)


# the ignores: types-PyYAML types constructors for PyYAML's own loader classes only
_Core12Constructor.add_constructor("tag:yaml.org,2002:int", _Core12Constructor.construct_yaml_int)  # type: ignore[type-var]
_Core12Constructor.add_constructor("tag:yaml.org,2002:bool", _Core12Constructor.construct_yaml_bool)  # type: ignore[type-var]
_Core12Constructor.add_constructor("tag:yaml.org,2002:float", _Core12Constructor.construct_yaml_float)  # type: ignore[type-var]


class _FastLoader(CParser, _Core12Constructor, _Core12Resolver):
    def __init__(self, stream: str) -> None:
        CParser.__init__(self, stream)
        _Core12Constructor.__init__(self)
        _Core12Resolver.__init__(self)


def load(text: str) -> object:
    """Plain Python data of a clean single-document file, or NotFast."""
    return load_nodes(text)[0]


def load_nodes(text: str, events_plain: bool = False) -> tuple[object, yaml.Node]:
    """Plain Python data of a clean single-document file and its libyaml node graph (every node
    keeps its start mark, so problems found in the data are located without another parse), or
    NotFast. `events_plain`: the caller has read the events already (formats.yaml_guard.prescan_plain)
    and found them within the limits, with no anchor, alias or explicit tag."""
    if _DISPUTED.search(text) or _GUARDED.search(text):
        # libyaml and ruamel (the full reader) disagree about these: tabs as separators and inside
        # plain scalars, a BOM after the start, YAML 1.1's extra line breaks (NEL, LS, PS); let the
        # full reader decide, so `validate` and the editor give the same answer
        raise NotFast("disputed character")
    try:
        if not events_plain:
            _refuse_unusual_events(text)
        loader = _FastLoader(text)
        try:
            node = loader.get_single_node()
            if node is None:
                raise NotFast("empty")
            if not events_plain:  # (plain events resolve to core-schema tags, and repeat no node)
                _refuse_aliases_and_tags(node)
            return loader.construct_document(node), node
        finally:
            loader.dispose()
    except NotFast:
        raise
    except Exception as e:  # noqa: BLE001 - whatever libyaml or the constructor raise: the full reader explains
        raise NotFast(str(e)) from e


_DISPUTED = re.compile("[\t\ufeff\x85\u2028\u2029]")
#: what the guard refuses inside values (control, bidi and surrogate characters, also as escapes):
#: the full reader reports them with their codes
_GUARDED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\u061c\u200e\u200f\u202a-\u202e"
                      "\u2066-\u2069\ud800-\udfff]" r"|\\[xuUabefv0NLP]")


def _refuse_unusual_events(text: str) -> None:
    # PyYAML's C composer recurses once per nesting level on the C stack: some 30,000 levels (a
    # 60 KB file of `[`) crash the interpreter with a segfault, and composing a few thousand is
    # already slow. The event stream is flat, so measure the depth there first and stop early.
    # Explicit tags go the slow way too: `!!bool yes` is true to ruamel but false to PyYAML's
    # constructor, and the full reader is the one that decides what a tagged value means.
    parser = CParser(text)
    try:
        depth = nodes = 0
        while True:
            ev = parser.get_event()
            if ev is None or isinstance(ev, yaml.StreamEndEvent):
                return
            if isinstance(ev, yaml.NodeEvent):
                nodes += 1
                if nodes > MAX_NODES:
                    raise NotFast("too many nodes")
            if isinstance(ev, yaml.AliasEvent) or (isinstance(ev, yaml.NodeEvent) and ev.anchor is not None):
                # libyaml and ruamel disagree about some anchor names (`&0:0`), and an alias's
                # problems are located at the alias by the guard's scan
                raise NotFast("anchor or alias")
            if isinstance(ev, (yaml.ScalarEvent, yaml.CollectionStartEvent)) and ev.tag is not None:
                raise NotFast("tag")
            if isinstance(ev, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise NotFast("deep nesting")
            elif isinstance(ev, yaml.CollectionEndEvent):
                depth -= 1
    finally:
        parser.dispose()


def _refuse_aliases_and_tags(root: yaml.Node) -> None:
    # An alias makes the same node object appear twice; refusing any repeat keeps the fast path
    # linear (the full reader measures alias expansion properly). Explicit tags go the slow way too.
    seen: set[int] = set()
    todo = [root]
    while todo:
        node = todo.pop()
        if id(node) in seen:
            raise NotFast("alias")
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            if node.style is None and node.tag not in _IMPLICIT_TAGS:
                raise NotFast("tag")
            continue
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                todo.append(k)
                todo.append(v)
        else:
            todo.extend(node.value)


_IMPLICIT_TAGS = frozenset(t for t, _, _ in _CORE12) | {"tag:yaml.org,2002:str"}

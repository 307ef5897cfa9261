"""One streaming pass over the YAML events before anything is built from them.

It finds what must never reach the constructor or pydantic — nesting deep enough to overflow the
stack, aliases that expand exponentially (billion laughs) or refer to themselves, tags that ask for
Python objects or anything else outside YAML's core schema (ruamel's round-trip mode would keep them
silently), several documents in one file — and every duplicate key, which ruamel would report one
at a time. The pass is iterative (the parser is a state machine), so its cost is linear in the file.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionEndEvent,
    CollectionStartEvent,
    DocumentStartEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceStartEvent,
)
from ruamel.yaml.reader import ReaderError

import yaml
from yaml._yaml import CParser

from .diagnostics import shown
from .limits import (MAX_DEPTH, MAX_EXPANDED_NODES, MAX_GRID_SIDE, MAX_INT, MAX_NODES, MAX_NUMBER_CHARS,
                     MAX_SCALAR_CHARS, grid_keys)
from .yaml_fast import CORE_SCHEMA

CORE_TAGS = frozenset(
    "tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "map", "seq")
) | {"!"}


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    line: int  # 0-based, as marks are
    col: int


#: the last item of an `aliases` path whose key (not value) is an alias
KEY_MARK = "\x00key"


@dataclass
class _Frame:
    is_map: bool
    anchor: str | None
    path: tuple[Any, ...] = ()
    size: int = 1
    expect_key: bool = True
    keys: dict[str, int] = field(default_factory=dict)  # key -> its line
    key: object = None  # the key whose value comes next (a mapping)
    index: int = 0  # the index of the next item (a list)

    def child_path(self) -> tuple[Any, ...]:
        return (*self.path, self.key if self.is_map else self.index)


# characters refused inside keys and values, each class with its own code (docs/formats.md)
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # tab and line feed are text
_SURROGATE = re.compile("[\ud800-\udfff]")
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_INT = CORE_SCHEMA["tag:yaml.org,2002:int"]
_FLOAT = CORE_SCHEMA["tag:yaml.org,2002:float"]


def _character_finding(value: str, is_key: bool, line: int, col: int) -> Finding | None:
    where = "a key" if is_key else "a value"
    m = _CONTROL.search(value)
    if m:
        return Finding("Y114", f"{where} holds a control character (U+{ord(m.group()):04X}); content text "
                       "may hold tabs and line breaks but no other control characters", line, col)
    m = _SURROGATE.search(value)
    if m:
        return Finding("Y115", f"{where} holds a lone surrogate (U+{ord(m.group()):04X}), which is not a "
                       "character and cannot be written as UTF-8", line, col)
    m = _BIDI.search(value)
    if m:
        return Finding("Y116", f"{where} holds a bidirectional formatting character (U+{ord(m.group()):04X}), "
                       "which makes text display in another order than it reads", line, col)
    return None


def _number_finding(ev: ScalarEvent, line: int, col: int) -> Finding | None:
    if ev.style is not None and str(ev.tag) not in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float"):
        return None
    value = ev.value
    if _INT.match(value):
        if len(value) > MAX_NUMBER_CHARS:
            return Finding("Y117", f"a number of {len(value):,} characters; whole numbers are limited to "
                           f"{MAX_INT:,} (64 bits)", line, col)
        try:
            n = int(value[2:], 8) if value.startswith("0o") else int(value[2:], 16) if value.startswith("0x") \
                else int(value)
        except ValueError:
            return None
        if abs(n) > MAX_INT:
            return Finding("Y117", f"{n} is too large: whole numbers are limited to {MAX_INT:,} (64 bits)",
                           line, col)
    elif _FLOAT.match(value) and "inf" not in value.lower() and "nan" not in value.lower():
        if len(value) > MAX_NUMBER_CHARS or float(value) in (float("inf"), float("-inf")):
            return Finding("Y117", f"the number {value[:MAX_NUMBER_CHARS]}{'...' if len(value) > MAX_NUMBER_CHARS else ''} "
                           "is beyond the range of numbers (about 1.8e308) or too long", line, col)
    return None


def prescan(text: str) -> Finding | None:
    """Y112 (too many values), Y107 (too deep) or Y118 (a grid or a text far too large), found on
    libyaml's C event stream.

    Runs before the pure-Python parse so that a huge file of tiny values, a deep pile of brackets
    or a 700x700 map is refused in milliseconds; text libyaml cannot parse is measured up to where
    it stops (ruamel then reports the syntax problem in its own words).
    """
    return prescan_plain(text)[0]


def prescan_plain(text: str) -> tuple[Finding | None, bool]:
    """`prescan`'s finding, and whether the events were read to the end with no finding, no error,
    no anchor, alias or explicit tag: what the fast path (formats.yaml_fast) would check on a second
    reading of the events, which it then skips."""
    nodes = depth = 0
    plain = True
    kind = None
    grids: frozenset[str] = frozenset()
    # per open collection: [is_map, expecting a key, the key of the coming value, items, is a grid]
    stack: list[list[Any]] = []
    try:
        parser = CParser(text)
    except (UnicodeError, ValueError, TypeError):  # e.g. lone surrogates: the reader says why
        return None, False
    try:
        while True:
            ev = parser.get_event()
            if ev is None or isinstance(ev, yaml.StreamEndEvent):
                return None, plain
            if isinstance(ev, yaml.CollectionEndEvent):
                depth -= 1
                stack.pop()
                _done(stack)
            if not isinstance(ev, yaml.NodeEvent):
                continue
            if plain and (isinstance(ev, yaml.AliasEvent) or ev.anchor is not None or getattr(ev, "tag", None) is not None):
                plain = False
            nodes += 1
            m = ev.start_mark
            assert m is not None  # libyaml marks every event
            top = stack[-1] if stack else None
            if isinstance(ev, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return Finding("Y107", f"nesting deeper than {MAX_DEPTH} levels", m.line, m.column), False
                is_grid = (isinstance(ev, yaml.SequenceStartEvent) and top is not None and top[0]
                           and not top[1] and top[2] in grids)
                stack.append([isinstance(ev, yaml.MappingStartEvent), True, None, 0, is_grid])
            elif isinstance(ev, yaml.ScalarEvent):
                if top is not None and top[0] and top[1]:
                    top[2] = ev.value
                elif len(ev.value) > MAX_SCALAR_CHARS:
                    return Finding("Y118", f"a text of {len(ev.value):,} characters; values are limited to "
                                   f"{MAX_SCALAR_CHARS:,}", m.line, m.column), False
                elif top is not None and top[4] and len(ev.value) > MAX_GRID_SIDE:
                    return Finding("Y118", f"a grid row of {len(ev.value):,} squares; grids are limited to "
                                   f"{MAX_GRID_SIDE} x {MAX_GRID_SIDE} before anything else is read",
                                   m.line, m.column), False
                elif top is not None and top[0] and len(stack) == 1 and top[2] == "kind":
                    kind = ev.value
                    grids = grid_keys(kind)
                _done(stack)
            else:
                _done(stack)
            if top is not None and top[4] and top[3] > MAX_GRID_SIDE:
                return Finding("Y118", f"a grid of more than {MAX_GRID_SIDE} rows; grids are limited to "
                               f"{MAX_GRID_SIDE} x {MAX_GRID_SIDE} before anything else is read",
                               m.line, m.column), False
            if nodes > MAX_NODES:
                return Finding("Y112", f"more than {MAX_NODES:,} values in one file; content files are far "
                               "smaller (a complete 50x50 game saves as about 2,100)", m.line, m.column), False
    except (yaml.YAMLError, UnicodeError, ValueError):
        return None, False
    finally:
        parser.dispose()


def _done(stack: list[list[Any]]) -> None:
    """One child of the innermost collection is complete."""
    if stack:
        top = stack[-1]
        if top[0]:
            top[1] = not top[1]
        else:
            top[3] += 1


def scan(text: str, aliases: dict[tuple[Any, ...], tuple[int, int]] | None = None) -> list[Finding]:
    """Every guard finding of `text`; a fatal one (syntax, depth, bomb, size) ends the scan.
    `aliases`, when given, receives the path and position of every alias used as a value, and of
    every alias used as a key (its path followed by `KEY_MARK`), so that problems the alias causes
    are located at it, not at the anchor."""
    early = prescan(text)
    if early is not None:
        return [early]
    findings: list[Finding] = []
    stack: list[_Frame] = []
    anchors: dict[str, int] = {}  # anchor -> expanded size of its node
    anchored_text: dict[str, str] = {}  # anchor -> text of an anchored scalar (an alias may be a key)
    expanded = 0
    documents = 0

    def child_done(size: int) -> None:
        if stack:
            top = stack[-1]
            top.size += size
            if top.is_map:
                top.expect_key = not top.expect_key
            else:
                top.index += 1

    def key_seen(key: str, line: int, col: int) -> None:
        top = stack[-1]
        first = top.keys.get(key)
        if first is not None:
            findings.append(Finding("Y104", f"duplicate key {shown(key)} (first defined on line "
                                    f"{first + 1}); the second value would silently win", line, col))
        else:
            top.keys[key] = line
        top.key = key

    try:
        for ev in YAML(typ="rt").parse(text):
            mark = ev.start_mark
            if isinstance(ev, DocumentStartEvent):
                documents += 1
                if documents > 1:
                    findings.append(Finding("Y110", "more than one YAML document in the file; "
                                            "a content file holds exactly one", mark.line, mark.column))
                    return findings
                continue
            if isinstance(ev, (ScalarEvent, CollectionStartEvent)):  # every node event but an alias
                tag = ev.tag
                if tag is not None and str(tag) not in CORE_TAGS:
                    tag_text = str(tag).replace("tag:yaml.org,2002:", "!!")
                    findings.append(Finding("Y105", f"tag {shown(tag_text)} is not allowed: content files hold "
                                            "plain data (strings, numbers, booleans, lists, mappings)",
                                            mark.line, mark.column))
            if isinstance(ev, ScalarEvent):
                expanded += 1
                top = stack[-1] if stack else None
                is_key = top is not None and top.is_map and top.expect_key
                # ruamel marks the folds of a folded scalar (`>`) with BEL characters of its own
                value = ev.value.replace("\a", "") if ev.style == ">" else ev.value
                bad = _character_finding(value, is_key, mark.line, mark.column) or \
                    _number_finding(ev, mark.line, mark.column)
                if bad is not None:
                    findings.append(bad)
                if is_key:
                    if ev.value == "<<" and ev.style is None:
                        findings.append(Finding("Y113", "merge keys (`<<`) are not allowed: they are not part "
                                                "of YAML 1.2, validators disagree about them, and a key given "
                                                "again after a merge is a duplicate; write the values out",
                                                mark.line, mark.column))
                    key_seen(ev.value, mark.line, mark.column)
                if ev.anchor:
                    anchors[ev.anchor] = 1
                    anchored_text[ev.anchor] = ev.value
                child_done(1)
            elif isinstance(ev, (MappingStartEvent, SequenceStartEvent)):
                expanded += 1
                if stack and stack[-1].is_map and stack[-1].expect_key:
                    findings.append(Finding("Y111", "a mapping or list used as a key is not allowed",
                                            mark.line, mark.column))
                path = stack[-1].child_path() if stack else ()
                stack.append(_Frame(isinstance(ev, MappingStartEvent), ev.anchor, path))
                if len(stack) > MAX_DEPTH:
                    findings.append(Finding("Y107", f"nesting deeper than {MAX_DEPTH} levels",
                                            mark.line, mark.column))
                    return findings
            elif isinstance(ev, CollectionEndEvent):
                done = stack.pop()
                if done.anchor:
                    anchors[done.anchor] = done.size
                child_done(done.size)
            elif isinstance(ev, AliasEvent):
                if any(f.anchor == ev.anchor for f in stack):
                    findings.append(Finding("Y106", f"alias *{ev.anchor} refers to a node that contains it "
                                            "(a recursive structure)", mark.line, mark.column))
                    return findings
                if ev.anchor not in anchors:
                    findings.append(Finding("Y102", f"alias *{ev.anchor} refers to no anchor: `&{ev.anchor}` "
                                            "must come before it", mark.line, mark.column))
                    return findings
                size = anchors[ev.anchor]
                expanded += size
                top = stack[-1] if stack else None
                if top is not None and top.is_map and top.expect_key:
                    if ev.anchor in anchored_text:  # `*k: v` is a key like any other
                        key_seen(anchored_text[ev.anchor], mark.line, mark.column)
                        if aliases is not None:  # a problem on this key is here, not at `&k`
                            aliases[(*top.child_path(), KEY_MARK)] = (mark.line, mark.column)
                    else:
                        findings.append(Finding("Y111", "a mapping or list used as a key is not allowed "
                                                f"(through the alias *{ev.anchor})", mark.line, mark.column))
                elif top is not None and aliases is not None:
                    aliases[top.child_path()] = (mark.line, mark.column)
                child_done(size)
            if expanded > MAX_EXPANDED_NODES:
                why = ("aliases expand to more than {:,} values (an alias bomb?)" if anchors else
                       "more than {:,} values: far more than any content file holds")
                findings.append(Finding("Y106", why.format(MAX_EXPANDED_NODES), mark.line, mark.column))
                return findings
    except ReaderError as e:
        line, col = _reader_position(text, e.position)
        char = e.character if isinstance(e.character, str) else chr(e.character) if isinstance(e.character, int) else ""
        # a raw control character is Y114; a lone surrogate here comes from bytes that are not UTF-8
        finding = _character_finding(char, False, line, col) if _CONTROL.match(char or "x") and char != "\x00" else None
        findings.append(finding or Finding("Y101", f"not a text file: {e.reason} (character {shown(char)})", line, col))
    except MarkedYAMLError as e:
        m = e.problem_mark or e.context_mark
        problem = e.problem or "invalid YAML"
        context = f" {e.context}" if e.context else ""
        cm = e.context_mark
        if context and cm is not None and m is not None and (cm.line, cm.column) != (m.line, m.column):
            # an unclosed bracket is found where the parser gives up: say where it was opened
            context += f" that starts at line {cm.line + 1}, column {cm.column + 1}"
        findings.append(Finding("Y102", f"YAML syntax: {problem}{context}", m.line if m else 0,
                                m.column if m else 0))
    except Exception as e:  # noqa: BLE001 - anything else the parser raises (e.g. an assert on `%YAML 1.3`)
        line, col = _reader_position(text, max(0, text.find("%YAML"))) if "%YAML" in text else (0, 0)
        findings.append(Finding("Y102", f"YAML syntax: {e}", line, col))
    return findings


def _reader_position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index)
    col = index - (text.rfind("\n", 0, index) + 1)
    return line, col

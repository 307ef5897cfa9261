"""One streaming pass over the YAML events before anything is built from them.

It finds what must never reach the constructor or pydantic — nesting deep enough to overflow the
stack, aliases that expand exponentially (billion laughs) or refer to themselves, tags that ask for
Python objects or anything else outside YAML's core schema (ruamel's round-trip mode would keep them
silently), several documents in one file — and every duplicate key, which ruamel would report one
at a time. The pass is iterative (the parser is a state machine), so its cost is linear in the file.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionEndEvent,
    DocumentStartEvent,
    MappingStartEvent,
    NodeEvent,
    ScalarEvent,
    SequenceStartEvent,
)
from ruamel.yaml.reader import ReaderError

import yaml
from yaml._yaml import CParser

from .limits import MAX_DEPTH, MAX_EXPANDED_NODES, MAX_NODES

CORE_TAGS = frozenset(
    "tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "map", "seq")
) | {"!"}


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    line: int  # 0-based, as marks are
    col: int


@dataclass
class _Frame:
    is_map: bool
    anchor: str | None
    size: int = 1
    expect_key: bool = True
    keys: dict = field(default_factory=dict)


def prescan(text: str) -> Finding | None:
    """Y112 (too many values) or Y107 (too deep), found on libyaml's C event stream.

    Runs before the pure-Python parse so that a huge file of tiny values or a deep pile of
    brackets is refused in milliseconds; text libyaml cannot parse is measured up to where it
    stops (ruamel then reports the syntax problem in its own words).
    """
    nodes = depth = 0
    try:
        parser = CParser(text)
    except (UnicodeError, ValueError, TypeError):  # e.g. lone surrogates: the reader says why
        return None
    try:
        while True:
            ev = parser.get_event()
            if ev is None or isinstance(ev, yaml.StreamEndEvent):
                return None
            if isinstance(ev, yaml.CollectionEndEvent):
                depth -= 1
            if not isinstance(ev, yaml.NodeEvent):
                continue
            nodes += 1
            m = ev.start_mark
            if isinstance(ev, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return Finding("Y107", f"nesting deeper than {MAX_DEPTH} levels", m.line, m.column)
            if nodes > MAX_NODES:
                return Finding("Y112", f"more than {MAX_NODES:,} values in one file; content files are far "
                               "smaller (a complete 50x50 game saves as about 2,100)", m.line, m.column)
    except (yaml.YAMLError, UnicodeError, ValueError):
        return None
    finally:
        parser.dispose()


def scan(text: str) -> list[Finding]:
    """Every guard finding of `text`; a fatal one (syntax, depth, bomb, size) ends the scan."""
    early = prescan(text)
    if early is not None:
        return [early]
    findings: list[Finding] = []
    stack: list[_Frame] = []
    anchors: dict[str, int] = {}  # anchor -> expanded size of its node
    expanded = 0
    documents = 0

    def child_done(size: int) -> None:
        if stack:
            top = stack[-1]
            top.size += size
            if top.is_map:
                top.expect_key = not top.expect_key

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
            if isinstance(ev, NodeEvent) and not isinstance(ev, AliasEvent):
                tag = ev.tag
                if tag is not None and str(tag) not in CORE_TAGS:
                    shown = str(tag).replace("tag:yaml.org,2002:", "!!")
                    findings.append(Finding("Y105", f"tag {shown!r} is not allowed: content files hold "
                                            "plain data (strings, numbers, booleans, lists, mappings)",
                                            mark.line, mark.column))
            if isinstance(ev, ScalarEvent):
                expanded += 1
                top = stack[-1] if stack else None
                if top is not None and top.is_map and top.expect_key:
                    first = top.keys.get(ev.value)
                    if first is not None:
                        findings.append(Finding("Y104", f"duplicate key {ev.value!r} (first defined on line "
                                                f"{first + 1}); the second value would silently win",
                                                mark.line, mark.column))
                    else:
                        top.keys[ev.value] = mark.line
                if ev.anchor:
                    anchors[ev.anchor] = 1
                child_done(1)
            elif isinstance(ev, (MappingStartEvent, SequenceStartEvent)):
                expanded += 1
                if stack and stack[-1].is_map and stack[-1].expect_key:
                    findings.append(Finding("Y111", "a mapping or list used as a key is not allowed",
                                            mark.line, mark.column))
                stack.append(_Frame(isinstance(ev, MappingStartEvent), ev.anchor))
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
                child_done(size)
            if expanded > MAX_EXPANDED_NODES:
                why = ("aliases expand to more than {:,} values (an alias bomb?)" if anchors else
                       "more than {:,} values: far more than any content file holds")
                findings.append(Finding("Y106", why.format(MAX_EXPANDED_NODES), mark.line, mark.column))
                return findings
    except ReaderError as e:
        findings.append(Finding("Y101", f"not a text file: {e.reason} (character {e.character!r})",
                                *_reader_position(text, e.position)))
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

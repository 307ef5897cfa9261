"""A property-based fuzz test of the whole validation pipeline (issue 10, item 6).

Three sources of input, each through both readers (`validate_file`, fast path first, and
`load_file`, the editor's round-trip reader): arbitrary bytes; YAML event streams (anchors, aliases,
tags, every scalar style, odd keys) emitted by libyaml; and valid files of every kind — every
bundled content file and a saved game of each game — mutated a few characters at a time.

Properties: no exception escapes; every diagnostic has a code and a line and column within the
file; the same file always gives the same diagnostics; both readers agree; a file that validates
clean loads into its model.

`make test` runs a small budget; `make fuzz` sets GRIDSMITH_FUZZ_EXAMPLES for a long run.
"""
from __future__ import annotations

import os
import re
import tempfile
from functools import lru_cache
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fmtkit import REPO
from gridsmith.formats.loader import load_file, validate_file

EXAMPLES = int(os.environ.get("GRIDSMITH_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="GRIDSMITH_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CODE = re.compile(r"^[A-Z]{1,4}[1-9]\d\d$")  # a stable code: a prefix of capitals (per game or stage) and 3 digits


@lru_cache(maxsize=1)
def seeds() -> dict[str, str]:
    """A valid file of every kind: the bundled content and one saved game per game."""
    from gridsmith.engine.pendulous.api import GAME as PENDULOUS
    from gridsmith.engine.pendulous.saves import save_game, save_text
    from gridsmith.engine.pyramids.api import GAME as PYRAMIDS
    from gridsmith.engine.pyramids.saves import to_save
    from gridsmith.formats.document import FileDocument
    from gridsmith.formats.loader import load_file as load

    out = {p.name: p.read_text("utf-8") for p in sorted((REPO / "content").rglob("*.yaml"))}
    state = PENDULOUS.new_game(load(REPO / "content/pendulous/duel.scn.yaml").model, seed=3)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    out["duel.sav.yaml"] = save_text(save_game(state))
    pyr = PYRAMIDS.new_game(load(REPO / "content/pyramids/sample.scn.yaml").model, seed=5)
    for _ in range(4):
        pyr.apply(pyr.legal_actions()[0])
    out["sample.sav.yaml"] = FileDocument.new(to_save(pyr, 5, "sample")).to_text()
    return out


def check_file(data: bytes, name: str = "x.scn.yaml") -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        first = validate_file(path)
        again = validate_file(path)
        full = load_file(path)
    assert [d.format_text() for d in first] == [d.format_text() for d in again], "not deterministic"
    assert [(d.code, d.line, d.col) for d in first] == [(d.code, d.line, d.col) for d in full.diagnostics]
    try:
        lines = data.decode("utf-8").removeprefix("\ufeff").split("\n")
    except UnicodeDecodeError:
        lines = data.split(b"\n")
    for d in first:
        assert CODE.match(d.code), d.code
        assert d.message and d.severity.value in ("error", "warning")
        assert 1 <= d.line <= len(lines), d.format_text()
        assert 1 <= d.col <= len(lines[d.line - 1]) + 1, d.format_text()
    if not any(d.is_error for d in first):
        assert full.model is not None and full.ok, "validates clean but does not load"


@FUZZ
@given(st.binary(max_size=400))
def test_bytes(data):
    check_file(data)


# --- YAML event streams ----------------------------------------------------------------------------

SCALAR_TEXT = st.one_of(
    st.sampled_from(["kind", "version", "name", "pendulous.scenario", "pyramids.board", "1", "0", "-1", "2.0",
                     "1e999", "true", "~", "<<", "", "map", "rows", "ruleset", "board", "default", "x.scn.yaml",
                     "../a.rules.yaml", "/etc/passwd", "9" * 30, "\x1b[2J", "\u202e", "\t", "a\nb"]),
    st.text(max_size=12),
)
STYLES = st.sampled_from([None, "'", '"', "|", ">"])
TAGS = st.sampled_from([None, None, None, "tag:yaml.org,2002:int", "tag:yaml.org,2002:str", "!x",
                        "tag:yaml.org,2002:python/object"])


@st.composite
def node_events(draw, depth=0, anchors=None):
    anchors = anchors if anchors is not None else []
    choice = draw(st.integers(0, 9 if depth < 4 else 4))
    anchor = draw(st.sampled_from([None, None, None, f"a{len(anchors)}"]))
    if anchors and choice == 0:
        return [yaml.AliasEvent(draw(st.sampled_from(anchors + ["nope"])))]
    if choice <= 4:
        value = draw(SCALAR_TEXT)
        style = draw(STYLES)
        tag = draw(TAGS)
        if anchor:
            anchors.append(anchor)
        return [yaml.ScalarEvent(anchor, tag, (tag is None, tag is None), value, style=style)]
    flow = draw(st.booleans())
    items = draw(st.integers(0, 4))
    if choice <= 6:
        out = [yaml.SequenceStartEvent(anchor, None, True, flow_style=flow)]
        for _ in range(items):
            out += draw(node_events(depth + 1, anchors))
        out.append(yaml.SequenceEndEvent())
    else:
        out = [yaml.MappingStartEvent(anchor, None, True, flow_style=flow)]
        for _ in range(items):
            out += [yaml.ScalarEvent(None, None, (True, True), draw(SCALAR_TEXT))]
            out += draw(node_events(depth + 1, anchors))
        out.append(yaml.MappingEndEvent())
    if anchor:
        anchors.append(anchor)
    return out


@st.composite
def documents(draw):
    head = draw(st.sampled_from([[], ["pendulous.scenario"], ["pyramids.scenario"], ["pyramids.setups"]]))
    body = [yaml.MappingStartEvent(None, None, True)]
    for kind in head:
        body += [yaml.ScalarEvent(None, None, (True, True), "kind"), yaml.ScalarEvent(None, None, (True, True), kind),
                 yaml.ScalarEvent(None, None, (True, True), "version"), yaml.ScalarEvent(None, None, (True, True), "1")]
    anchors: list[str] = []
    for _ in range(draw(st.integers(0, 5))):
        body += [yaml.ScalarEvent(None, None, (True, True), draw(SCALAR_TEXT))]
        body += draw(node_events(1, anchors))
    body.append(yaml.MappingEndEvent())
    events = [yaml.StreamStartEvent(), yaml.DocumentStartEvent(explicit=False), *body,
              yaml.DocumentEndEvent(explicit=False), yaml.StreamEndEvent()]
    try:
        return yaml.emit(events, allow_unicode=True)
    except yaml.YAMLError:  # the emitter refuses some combinations (e.g. a tag it cannot write)
        return ""


@FUZZ
@given(documents())
def test_yaml_event_streams(text):
    check_file(text.encode("utf-8", "surrogatepass"))


# --- valid files of every kind, mutated ------------------------------------------------------------

EDITS = st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.sampled_from(["insert", "delete", "replace", "dup"]),
                           st.sampled_from(list(":-[]{}#&*!|>'\"~ \n,?%@`\\aZ19.\t\x1b\u202e\x85")
                                           + ["<<: *x\n", "&x ", "*x", "9" * 25, "/etc/passwd", "../", "default"])),
                 min_size=0, max_size=5)


@FUZZ
@given(name=st.sampled_from(sorted(seeds())), edits=EDITS)
def test_mutated_valid_files_of_every_kind(name, edits):
    text = list(seeds()[name])
    for where, op, piece in edits:
        k = int(where * len(text))
        if op == "insert":
            text[k:k] = list(piece)
        elif op == "delete" and text:
            del text[k]
        elif op == "replace" and text:
            text[k] = piece
        elif op == "dup":  # a line given twice: duplicate keys and list items
            start = "".join(text).rfind("\n", 0, k) + 1
            end = "".join(text).find("\n", k)
            text[start:start] = list("".join(text)[start:end + 1 if end >= 0 else len(text)])
    check_file("".join(text).encode("utf-8", "surrogatepass"), name)


def test_every_seed_is_valid():
    """The unmutated seeds validate clean and load (the clean-file property, for every kind)."""
    for name, text in seeds().items():
        check_file(text.encode(), name)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / name
            path.write_text(text)
            assert validate_file(path) == [], name
            assert load_file(path).ok, name

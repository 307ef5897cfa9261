"""What the server knows about a buffer, without the protocol (gridsmith.lsp_analysis): which
buffers it serves, the YAML path at a cursor on half-typed text, ranges, schema lookups, grid cells."""
from __future__ import annotations

from pathlib import Path

from gridsmith import lsp_analysis as A
from gridsmith.formats.diagnostics import Diagnostic, Severity

ROOT = Path(__file__).resolve().parents[2]
DUEL = (ROOT / "content" / "pendulous" / "duel.scn.yaml").read_text("utf-8")


def test_served_buffers():
    assert A.is_gridsmith("", "x.scn.yaml")
    assert A.is_gridsmith("kind: pendulous.scenario\n", "notes.yaml")
    assert A.is_gridsmith("kind: pendulous.scenari\n", "notes.yaml")  # a misspelt kind: K202 says so
    assert not A.is_gridsmith("kind: Deployment\n", "deploy.yaml")
    assert not A.is_gridsmith("kind: other.tool\n", "x.yaml")


def test_line_shapes():
    s = A.shape("  - name: Red Army")
    assert (s.dashes, s.key, s.key_col, s.value_col) == ((2,), "name", 4, 10)
    assert A.shape('  - "~1A:1"').key is None
    assert A.shape('"quoted key": 1').key == "quoted key"
    assert A.shape("- - x: 1").dashes == (0, 2)


def test_paths_at_a_cursor_on_half_typed_text():
    lines = ["players:", "  - name: Red", "    reinf", "settings:", "  turns: 12", "  vic"]
    assert A.cursor_at(lines, 2, 9).path == ("players", "*")
    assert A.cursor_at(lines, 5, 5).path == ("settings",)
    cur = A.cursor_at(lines, 4, 9)
    assert (cur.path, cur.key, cur.on) == (("settings",), "turns", "value")
    assert A.cursor_at(["map:", '  - "~~1"'], 1, 6).on == "item"


def test_keys_already_written_in_one_list_item():
    lines = ["players:", "  - name: A", "    max_forces: 3", "  - name: B", "    resource_rate: 2"]
    assert A.sibling_keys(lines, 2, 4) == {"name"}
    assert A.sibling_keys(lines, 4, 4) == {"name"}


def test_schema_lookups():
    assert "army_effectiveness" in A.properties("pendulous.scenario", ("players", "*"))
    assert A.values(A.schema_at("kongbots.bot", ("chassis",))) == ["scout", "warrior", "marauder"]
    assert A.schema_at("pendulous.scenario", ("no", "such", "key")) == {}
    assert A.reference_at("pyramids.scenario", ("sides", "*", "pieceset")).kind == "pyramids.pieceset"
    assert A.reference_at("pyramids.scenario", ("sides", 0, "pieceset")).kind == "pyramids.pieceset"


def test_ranges():
    lines = ["settings:", "  turnz: 12", '  - "~1A11X2"']
    key = Diagnostic("f", 2, 3, Severity.ERROR, "S301", "unknown key")
    assert A.span_of(key, lines) == A.Span(1, 2, 1, 7)
    cell = Diagnostic("f", 3, 10, Severity.ERROR, "PND401", "bad square")
    assert A.span_of(cell, lines) == A.Span(2, 9, 2, 10)
    ended = Diagnostic("f", 2, 3, Severity.ERROR, "S301", "x", end_line=2, end_col=12)
    assert A.span_of(ended, lines) == A.Span(1, 2, 1, 11)
    beyond = Diagnostic("f", 9, 1, Severity.ERROR, "Y103", "empty")
    assert A.span_of(beyond, lines) == A.Span(8, 0, 8, 0)


def test_grid_cells_and_their_meaning():
    lines = DUEL.split("\n")
    row = next(i for i, line in enumerate(lines) if "~1A111222222" in line)
    at = lines[row].index("~1A") + 2
    assert A.grid_cell(lines, row, at, "pendulous.scenario") == ("map", (2, 1), "A")
    assert A.grid_cell(lines, row, 0, "pendulous.scenario") is None
    description = A.schema_at("pendulous.scenario", ("map",))["description"]
    assert A.cell_meaning(description, "~") == "`~` water"
    assert A.cell_meaning(description, "3") == "`1`-`4` land of seat N"
    assert A.cell_meaning(description, "Z") is None
    assert A.cell_label((2, 1)) == "column 3, row 2"


def test_a_buffer_is_checked_like_a_file(tmp_path):
    file = tmp_path / "duel.scn.yaml"
    found, deps = A.check_buffer_with_deps(DUEL.replace("turns: 12", "turns: twelve"), file)
    assert [d.code for d in found] == ["S303"]
    assert A.check_buffer(DUEL, file) == []
    _, deps = A.check_buffer_with_deps(DUEL, file)
    assert any(p.name == "default.rules.yaml" for p in deps)  # the bundled ruleset it read


def _broken(text: str, k: int) -> str:
    """A few ways a designer breaks a file: a misspelt key, a wrong type, a missing reference."""
    if k == 0:
        return text.replace("\nname:", "\nnmae:", 1)
    if k == 1:
        return text.replace("version: 1", "version: one", 1)
    return text.replace("ruleset: default", "ruleset: missing.rules.yaml", 1) + "\nextra_key: 1\n"


def test_the_buffer_gets_what_validate_reports_for_the_same_file(tmp_path):
    """For every bundled file, clean and broken three ways: the server's diagnostics are validate's."""
    import shutil

    from gridsmith.cmd_validate import register_engine_checks
    from gridsmith.formats.loader import validate_file
    from gridsmith.formats.session import session

    register_engine_checks()
    tree = tmp_path / "content"
    shutil.copytree(ROOT / "content", tree)
    files = sorted(p for p in tree.rglob("*.yaml"))
    assert len(files) > 30
    for file in files:
        clean = file.read_text("utf-8")
        for text in (clean, *(_broken(clean, k) for k in range(3))):
            file.write_text(text, "utf-8")
            with session(roots=[tree]):
                expected = [(d.code, d.line, d.col, d.message) for d in validate_file(file)]
            got = [(d.code, d.line, d.col, d.message) for d in A.check_buffer(text, file, [tree])]
            assert sorted(got) == sorted(expected), (file.name, text[:200])
        file.write_text(clean, "utf-8")


def test_a_bug_in_a_check_is_a_diagnostic_not_a_dead_server(monkeypatch, tmp_path):
    from lsprotocol import types

    from gridsmith import lsp_server

    server = lsp_server.GridsmithServer()
    uri = (tmp_path / "duel.scn.yaml").as_uri()
    from pygls.workspace import Workspace

    server.protocol._workspace = Workspace(tmp_path.as_uri())  # no client: the documents only
    server.workspace.put_text_document(types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=DUEL))

    def broken(*args, **kwargs):
        raise RuntimeError("a check's bug")

    monkeypatch.setattr(lsp_server.A, "check_buffer_with_deps", broken)
    checked = server._check(uri, 1)
    (d, _span), = checked.diagnostics
    assert "internal error" in d.message and "a check's bug" in d.message
    assert lsp_server.to_lsp(d, _span).code is None
    assert server._check(uri, 2) is None  # a check of a version that is gone is skipped


def test_a_game_declares_its_fix_as_edits():
    from gridsmith.formats.suggestions import fix_for

    title, fix = fix_for("KB404")
    assert title == "Empty the modules beyond the limit"
    data = {"tenders": [["ML", "ML", "Lr", "ML", "Ro", "Ls"]]}
    assert fix(data, ("tenders", 0, 1)) == [(("tenders", 0, 1), "--"), (("tenders", 0, 3), "--")]
    team = {"teams": [{"bots": [data]}]}  # a build inside another file: the same fix, under its path
    assert fix(team, ("teams", 0, "bots", 0, "tenders", 0, 3)) == [(("teams", 0, "bots", 0, "tenders", 0, 3), "--")]
    assert fix({"tenders": "broken"}, ("tenders", 0, 1)) == []
    assert fix_for("S999") is None


def test_references_under_the_cursor_at_any_depth():
    sample = ROOT / "content" / "pyramids" / "sample.scn.yaml"
    lines = sample.read_text("utf-8").split("\n")
    found = {}
    for i, line in enumerate(lines):
        under = A.reference_under(lines, i, len(line) - 1, "pyramids.scenario")
        if under is not None:
            found[line.strip()] = (under[0].label, A.resolve_reference(under[1], under[0], sample).name)
    assert found == {"board: default": ("board", "default.board.yaml"),
                     "pieceset: default": ("piece set", "default.pieceset.yaml"),
                     "library: default": ("setup library", "default.setups.yaml")}
    name = next(i for i, line in enumerate(lines) if line.startswith("name:"))
    assert A.reference_under(lines, name, 7, "pyramids.scenario") is None


def test_a_buffer_is_checked_under_its_project_configuration(tmp_path):
    """The server reads a buffer as `validate` reads the file: its project's severities apply, and a
    broken configuration is one diagnostic on the buffer (Y119), not a dead server."""
    folder = tmp_path / "maps"
    folder.mkdir()
    text = DUEL.replace("turns: 12", "turns: 0")
    file = folder / "x.scn.yaml"
    assert "PND409" in {d.code for d in A.check_buffer(text, file)}
    (tmp_path / "gridsmith.toml").write_text('[severity]\nPND409 = "off"\n', encoding="utf-8")
    A.config.clear_cache()  # the server forgets configurations when a watched file changes
    assert "PND409" not in {d.code for d in A.check_buffer(text, file)}
    (tmp_path / "gridsmith.toml").write_text("[severity\n", encoding="utf-8")
    A.config.clear_cache()
    [d] = A.check_buffer(text, folder / "y.scn.yaml")
    assert d.code == "Y119" and "gridsmith.toml" in d.message

"""The reports CI systems read (issue 29 item 4): SARIF 2.1.0 valid against the SARIF schema, with a
rule per code from the documentation; JSON with a version and a published schema; GitHub annotations
titled `gridsmith (CODE)`; every format ordered by file and position; file names exact where the
format can carry them; `--output-file` written whole. And the code catalogue the rules come from
matches the documentation, and documents every code the source can emit."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import jsonschema
import pytest

from gridsmith.cli import main
from gridsmith.formats import codes
from gridsmith.formats.diagnostics import Diagnostic, Severity
from gridsmith.formats.reports import Run, ordered, to_sarif, write

REPO = Path(__file__).resolve().parents[2]
SARIF_SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-2.1.0.schema.json").read_text("utf-8"))
REPORT_SCHEMA = json.loads((REPO / "docs" / "validate-report.v1.schema.json").read_text("utf-8"))
SOURCE_CODE = re.compile(r"""["']([A-Z]{1,3}\d{3})["']""")

GOOD = (REPO / "content" / "pendulous" / "duel.scn.yaml").read_text("utf-8")


def _broken(text: str) -> str:
    """Two structure errors: an unknown key and the missing key it should have been."""
    return text.replace("name:", "nmae:", 1)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "b.scn.yaml").write_text(_broken(GOOD))
    (tmp_path / "a.scn.yaml").write_text(_broken(GOOD))
    (tmp_path / "ok.scn.yaml").write_text(GOOD)
    return tmp_path


def test_the_catalogue_is_the_documentation():
    """formats/codes.json is what the docs' tables say (rewrite it with `python -m gridsmith.formats.codes`)."""
    assert codes.catalogue() == codes.read_docs(REPO), "formats/codes.json is stale: run python -m gridsmith.formats.codes"


def test_every_code_the_source_can_emit_is_documented():
    emitted = {c for layer in ("formats", "engine", "editor", "gridsmith")
               for p in (REPO / layer).rglob("*.py") for c in SOURCE_CODE.findall(p.read_text("utf-8"))}
    assert len(emitted) > 150
    assert sorted(emitted - set(codes.catalogue())) == []


def test_a_code_links_to_its_section():
    doc = codes.describe("PND409")
    assert doc is not None and doc.severity == "error" and doc.page == "docs/formats.md"
    assert doc.url == codes.DOCS_URL + "docs/formats.md#pendulous-pnd"
    assert codes.anchor("Structure (S) — keys and types, from the kind's model") == \
        "structure-s--keys-and-types-from-the-kinds-model"


def test_sarif_is_valid_and_has_a_rule_per_code(tree, capsys):
    assert main(["validate", "--format", "sarif", str(tree)]) == 1
    out = capsys.readouterr()
    log = json.loads(out.out)
    jsonschema.validate(log, SARIF_SCHEMA)
    [run] = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    results = run["results"]
    assert len(results) == 4 and [r["id"] for r in rules] == sorted({r["ruleId"] for r in results})
    for result in results:
        rule = rules[result["ruleIndex"]]
        assert rule["id"] == result["ruleId"] and rule["helpUri"].startswith(codes.DOCS_URL)
        assert rule["shortDescription"]["text"] and result["level"] == rule["defaultConfiguration"]["level"]
        region = result["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
    files = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results]
    assert files == sorted(files) and files[0].endswith("a.scn.yaml")
    assert "checked 3 file(s): 4 error(s)" in out.err


def test_json_has_a_version_and_matches_its_published_schema(tree, capsys):
    assert main(["validate", "--format", "json", str(tree)]) == 1
    doc = json.loads(capsys.readouterr().out)
    jsonschema.validate(doc, REPORT_SCHEMA)
    assert doc["version"] == 1
    keys = [(d["file"], d["line"], d["col"], d["code"]) for d in doc["diagnostics"]]
    assert keys == sorted(keys) and len(keys) == 4


@pytest.mark.parametrize("fmt", ["text", "github", "json", "sarif"])
def test_every_format_orders_by_file_then_position(tree, capsys, fmt):
    main(["validate", "--format", fmt, str(tree)])
    out = capsys.readouterr().out
    found = re.findall(r"([ab])\.scn\.yaml\D+?(\d+)\D+?(\d+)", out)
    assert found and [f[0] for f in found] == sorted(f[0] for f in found)


def test_ordered_sorts_a_files_diagnostics_by_position():
    d = [Diagnostic("b", 3, 1, Severity.ERROR, "S301", "x"), Diagnostic("a", 9, 2, Severity.WARNING, "PND501", "y"),
         Diagnostic("a", 2, 7, Severity.ERROR, "S303", "z"), Diagnostic("a", 2, 7, Severity.ERROR, "PND409", "w")]
    assert [(x.file, x.line, x.code) for x in ordered(d)] == [
        ("a", 2, "PND409"), ("a", 2, "S303"), ("a", 9, "PND501"), ("b", 3, "S301")]


def test_github_annotations_name_the_linter_and_the_end():
    d = Diagnostic("m.scn.yaml", 4, 3, Severity.WARNING, "PND501", "a lint", (), 4, 9)
    assert d.format_github() == ("::warning file=m.scn.yaml,line=4,col=3,endLine=4,endColumn=9,"
                                 "title=gridsmith (PND501)::a lint")


def test_a_file_name_with_a_newline_is_exact_in_json_and_sarif_and_escaped_in_text(tmp_path, capsys):
    odd = tmp_path / "two\nlines #1.scn.yaml"
    odd.write_text(_broken(GOOD))
    main(["validate", "--format", "json", str(odd)])
    assert {d["file"] for d in json.loads(capsys.readouterr().out)["diagnostics"]} == {str(odd)}
    run = Run([Diagnostic(str(odd.relative_to(tmp_path)), 1, 1, Severity.ERROR, "S301", "m")], 1)
    location = to_sarif(run, "0", base=tmp_path)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "two%0Alines%20%231.scn.yaml", "uriBaseId": "%SRCROOT%"}
    main(["validate", str(odd)])
    out = capsys.readouterr().out
    assert "two\\x0alines #1.scn.yaml:" in out and "two\nlines" not in out


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_output_file_holds_the_report(tree, tmp_path, capsys, fmt):
    target = tmp_path / "out" / f"report.{fmt}"
    target.parent.mkdir()
    assert main(["validate", "--format", fmt, "--output-file", str(target), str(tree)]) == 1
    out = capsys.readouterr()
    assert out.out == "" and target.read_text("utf-8").count("a.scn.yaml") >= 2
    if fmt in ("json", "sarif"):
        json.loads(target.read_text("utf-8"))


def test_output_file_in_a_missing_folder_is_refused_before_any_work(tree, tmp_path, capsys):
    assert main(["validate", "--output-file", str(tmp_path / "nope" / "r.sarif"), str(tree)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gridsmith validate:") and "Traceback" not in err


# --- a mistake repeated a thousand times takes a few lines (issue 29 item 4) ----------------------


def _repeated(tmp_path: Path, n: int = 1000) -> Path:
    path = tmp_path / "many.scn.yaml"
    path.write_text("kind: pendulous.scenario\nversion: 1\n" + "".join(f"k{i}: 1\n" for i in range(n)))
    return path


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_a_repeated_mistake_is_said_in_a_few_lines(tmp_path, fmt):
    """The first five located, one line for the rest of the code, the loader's cap line: not 16 KB."""
    from gridsmith.formats.loader import validate_file

    path = _repeated(tmp_path)
    run = Run(validate_file(path), 1)
    out = io.StringIO()
    write(run, fmt, out, "0")
    lines = out.getvalue().splitlines()
    # a few KB: 11 lines, each the file name (as long as the test folder makes it) and a short message
    assert len(out.getvalue()) - 11 * len(str(path)) < 1800 and len(lines) == 4 + 5 + 2, out.getvalue()
    assert sum("S301" in ln and "unknown key" in ln for ln in lines) == 5
    assert any("and 191 more S301 like this" in ln for ln in lines)
    assert any("804 more problems not shown: 804 S301" in ln for ln in lines)
    assert (run.errors, run.warnings) == (200, 1)  # the counts are of everything found


def test_each_file_and_code_is_condensed_apart_and_zero_lists_all():
    diags = [Diagnostic(f, i, 1, Severity.ERROR, code, "m") for f in ("a.yaml", "b.yaml")
             for code in ("S301", "S303") for i in range(1, 8)]
    shown = Run(diags, 2).diagnostics
    for f in ("a.yaml", "b.yaml"):
        for code in ("S301", "S303"):
            mine = [d for d in shown if d.file == f and (d.code == code or code in d.message)]
            assert [d.line for d in mine] == [1, 2, 3, 4, 5, 6] and mine[-1].code == "Y199"
            assert mine[-1].message.startswith(f"and 2 more {code} like this")
    assert Run(diags, 2, per_code=0).diagnostics == ordered(diags)

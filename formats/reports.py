"""A validation run's report in the formats CI systems read: text (`file:line:col: severity CODE:
message`), GitHub workflow annotations, JSON (versioned, with a published schema) and SARIF 2.1.0
(GitHub code scanning and every SARIF viewer).

Every format lists the diagnostics in one order: by file, then position, then code. File names are
carried exactly where the format can carry any text (JSON and SARIF are JSON strings) and escaped
with `diagnostics.safe_text` where a raw character could break a line or a terminal (text, GitHub).
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .codes import DOCS_URL, catalogue
from .diagnostics import Diagnostic, Severity

#: the version of the JSON report's shape; a change that could break a reader raises it
JSON_VERSION = 1
JSON_SCHEMA_FILE = "validate-report.v1.json"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
TOOL = "gridsmith"


#: diagnostics of one code listed per file before the rest are summed up in one line
PER_CODE = 5


@dataclass
class Run:
    """What one `gridsmith validate` found: `found`, every diagnostic; `diagnostics`, what is listed
    (per file, the first `per_code` of each code, then one Y199 line "and N more like this"; 0 lists
    every one). The counts are of everything found."""

    found: list[Diagnostic]
    files: int  #: files checked
    skipped: list[str] = field(default_factory=list)  #: YAML files without a Gridsmith `kind`
    per_code: int = PER_CODE
    diagnostics: list[Diagnostic] = field(init=False)

    def __post_init__(self) -> None:
        self.found = ordered(self.found)
        self.diagnostics = condensed(self.found, self.per_code)

    @property
    def errors(self) -> int:
        return sum(d.is_error for d in self.found)

    @property
    def warnings(self) -> int:
        return len(self.found) - self.errors

    def summary(self) -> str:
        with_problems = len({d.file for d in self.found})
        text = (f"checked {self.files} file(s): {self.errors} error(s), {self.warnings} warning(s) "
                f"in {with_problems} file(s)")
        if self.skipped:
            text += f"; skipped {len(self.skipped)} YAML file(s) without a Gridsmith `kind`"
        return text


def ordered(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """By file, then line and column, then code (the order of a compiler's output)."""
    return sorted(diagnostics, key=lambda d: (d.file, d.line, d.col, d.code))


def condensed(diagnostics: list[Diagnostic], per_code: int = PER_CODE) -> list[Diagnostic]:
    """`diagnostics` (ordered) with, per file and code, the first `per_code` kept and the rest said
    in one warning Y199 at the first one left out: a file repeating one mistake a thousand times
    takes a few lines, each kind of mistake still located. `per_code` 0 keeps every one."""
    if per_code <= 0:
        return list(diagnostics)
    groups: dict[tuple[str, str], list[Diagnostic]] = {}
    for d in diagnostics:
        groups.setdefault((d.file, d.code), []).append(d)
    out: list[Diagnostic] = []
    for (file, code), same in groups.items():
        out += same[:per_code]
        rest = same[per_code:]
        if rest:
            first = rest[0]
            out.append(Diagnostic(file, first.line, first.col, Severity.WARNING, "Y199",
                                  f"and {len(rest)} more {code} like this (the first here; "
                                  f"--max-per-code 0 lists every one)",
                                  first.path, first.end_line, first.end_col))
    return ordered(out)


def text_lines(run: Run) -> list[str]:
    return [d.format_text() for d in run.diagnostics]


def github_lines(run: Run) -> list[str]:
    return [d.format_github() for d in run.diagnostics]


def to_json(run: Run) -> dict[str, Any]:
    """The `--format json` object (schema: formats/schemas/validate-report.v1.json)."""
    return {
        "version": JSON_VERSION,
        "diagnostics": [d.to_json() for d in run.diagnostics],
        "summary": {"files": run.files, "errors": run.errors, "warnings": run.warnings,
                    "skipped": list(run.skipped)},
    }


def to_sarif(run: Run, version: str, base: Path | None = None) -> dict[str, Any]:
    """A SARIF 2.1.0 log with one run: a rule per code that occurs (its meaning and a link to its
    documentation) and one result per diagnostic, located by region. File names are URIs relative
    to `base` (SARIF's `%SRCROOT%`) when they lie inside it, as code scanning expects."""
    codes = sorted({d.code for d in run.diagnostics})
    index = {code: i for i, code in enumerate(codes)}
    known = catalogue()
    rules = []
    for code in codes:
        doc = known.get(code)
        rule: dict[str, Any] = {"id": code, "name": code}
        if doc is not None:
            rule.update(shortDescription={"text": _plain(doc.meaning)},
                        helpUri=doc.url,
                        help={"text": f"{_plain(doc.meaning)} ({doc.page}, {doc.section})",
                              "markdown": f"{doc.meaning}\n\n[{doc.section}]({doc.url})"},
                        defaultConfiguration={"level": doc.severity})
        rules.append(rule)
    sarif_run: dict[str, Any] = {
        "tool": {"driver": {"name": TOOL, "version": version, "informationUri": DOCS_URL,
                            "rules": rules}},
        "results": [_sarif_result(d, index[d.code], base) for d in run.diagnostics],
        "columnKind": "unicodeCodePoints",
    }
    if base is not None:
        sarif_run["originalUriBaseIds"] = {"%SRCROOT%": {"uri": base.resolve().as_uri() + "/"}}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [sarif_run]}


def _sarif_result(d: Diagnostic, rule_index: int, base: Path | None) -> dict[str, Any]:
    region: dict[str, Any] = {"startLine": d.line, "startColumn": d.col}
    if d.end_line is not None and d.end_col is not None:
        region.update(endLine=d.end_line, endColumn=d.end_col)
    location: dict[str, Any] = {"uri": _uri(d.file, base)}
    if base is not None and not Path(d.file).is_absolute():
        location["uriBaseId"] = "%SRCROOT%"
    return {
        "ruleId": d.code,
        "ruleIndex": rule_index,
        "level": d.severity.value,
        "message": {"text": d.message},
        "locations": [{"physicalLocation": {"artifactLocation": location, "region": region}}],
    }


def _uri(file: str, base: Path | None) -> str:
    """A relative URI reference for a relative file name (percent-encoded: a name may hold spaces,
    `#` or a newline), a file: URI for an absolute one."""
    path = Path(file)
    if path.is_absolute():
        return path.as_uri()
    return quote(path.as_posix(), safe="/")


def _plain(markdown: str) -> str:
    return markdown.replace("`", "")


def write(run: Run, fmt: str, out: Any, version: str, base: Path | None = None) -> None:
    """`run` in format `fmt` ("text", "github", "json", "sarif") onto the text stream `out` (the
    text summary line is the caller's: it goes to stderr in the machine formats)."""
    if fmt in ("json", "sarif"):
        data = to_json(run) if fmt == "json" else to_sarif(run, version, base)
        json.dump(data, out, indent=2)  # ASCII: a name's lone surrogates stay escapes
        out.write("\n")
        return
    for line in (github_lines(run) if fmt == "github" else text_lines(run)):
        out.write(line + "\n")

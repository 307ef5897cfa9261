"""The catalogue of diagnostic codes: for every code, its severity, its one-line meaning and the page
and section of the documentation that explain it.

The documentation is the source: every code is a row `| CODE | severity | meaning ... |` of a table
in docs/formats.md or docs/rules/*.md. A wheel has no docs/, so the catalogue travels as package
data (`formats/codes.json`), written from the docs by `python -m gridsmith.formats.codes` in a
checkout; tests/formats/test_codes.py fails when the two disagree or when the code emits a code that
no table documents. SARIF rules, the language server's hover and `codeDescription` links read it.
"""
from __future__ import annotations

import json
import re
import sys
from dataclasses import asdict, dataclass
from functools import cache
from importlib import resources
from pathlib import Path

#: where the documentation is published; a code's link is this, its page and its section's anchor
DOCS_URL = "https://github.com/gridsmith/gridsmith/blob/main/"
#: the pages whose tables document codes, relative to the checkout's root
DOC_PAGES = ("docs/formats.md", "docs/rules/*.md")
CATALOGUE_FILE = "codes.json"

_ROW = re.compile(r"^\|\s*`?(?P<code>[A-Z]{1,3}\d{3})`?\s*\|\s*(?P<severity>error|warning)\s*\|\s*(?P<meaning>[^|]*)\|")
_HEADING = re.compile(r"^(#{1,6})\s+(?P<title>.+?)\s*$")


@dataclass(frozen=True)
class CodeDoc:
    code: str
    severity: str  #: "error" or "warning", as the table says
    meaning: str  #: the table's one-line meaning (Markdown)
    page: str  #: the documenting page, relative to the checkout's root, e.g. "docs/formats.md"
    section: str  #: the heading of the section holding the table

    @property
    def url(self) -> str:
        """The section's address on the published documentation (GitHub's heading anchors)."""
        return f"{DOCS_URL}{self.page}#{anchor(self.section)}"


def anchor(heading: str) -> str:
    """GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def read_docs(root: Path) -> dict[str, CodeDoc]:
    """Every code documented in the checkout at `root`, in the order the pages list them."""
    found: dict[str, CodeDoc] = {}
    pages = sorted({p for pattern in DOC_PAGES for p in root.glob(pattern)})
    for page in pages:
        section = ""
        for line in page.read_text(encoding="utf-8").splitlines():
            heading = _HEADING.match(line)
            if heading:
                section = heading.group("title")
                continue
            row = _ROW.match(line)
            if row and row.group("code") not in found:
                found[row.group("code")] = CodeDoc(row.group("code"), row.group("severity"),
                                                   row.group("meaning").strip(),
                                                   page.relative_to(root).as_posix(), section)
    return found


@cache
def catalogue() -> dict[str, CodeDoc]:
    """The installed catalogue (package data), code -> CodeDoc."""
    text = resources.files(__package__).joinpath(CATALOGUE_FILE).read_text(encoding="utf-8")
    return {entry["code"]: CodeDoc(**entry) for entry in json.loads(text)["codes"]}


def describe(code: str) -> CodeDoc | None:
    return catalogue().get(code)


def render(codes: dict[str, CodeDoc]) -> str:
    """The text of codes.json for `codes` (sorted by code: a stable file under version control)."""
    data = {"generated_from": list(DOC_PAGES), "codes": [asdict(codes[c]) for c in sorted(codes)]}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """`python -m gridsmith.formats.codes [ROOT]`: rewrite codes.json from ROOT's docs (default: the
    checkout this module sits in)."""
    args = sys.argv[1:] if argv is None else argv
    here = Path(__file__).resolve().parent
    root = Path(args[0]) if args else here.parent
    codes = read_docs(root)
    if not codes:
        print(f"no documented codes under {root}", file=sys.stderr)
        return 1
    (here / CATALOGUE_FILE).write_text(render(codes), encoding="utf-8")
    print(f"wrote {len(codes)} codes to {here / CATALOGUE_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

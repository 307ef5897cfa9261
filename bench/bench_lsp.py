"""The language server after a keystroke: how long until a 50x50 Pendulous map is checked again.

A generated 50x50 4-player scenario (formats.pendulous.mapgen) is opened in `gridsmith lsp`; then one
square is changed at a time, alternately to a square that breaks the map (PND: a character not in
the alphabet) and back. Printed:

- in process: `lsp_analysis.check_buffer` and the ranges (what the server's worker does), best and
  median of the edits;
- over stdio: from sending `didChange` to receiving its `publishDiagnostics`, with the server's
  debounce set to 0 (`--debounce-ms 0`), so the figure is the check and the protocol alone; an
  editor adds the debounce (200 ms by default) on top, once typing pauses.

Target: well under 100 ms for both (the ratio to 100 ms is printed; below 1.0 meets it).
"""
from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

from gridsmith import lsp_analysis  # noqa: E402
from gridsmith.formats.pendulous.mapgen import generate_yaml  # noqa: E402

EDITS = 40
TARGET_MS = 100.0


def edits(text: str) -> list[str]:
    """Texts after each keystroke: one square of row 10 turned into `X` and back, along the row."""
    lines = text.split("\n")
    start = next(i for i, ln in enumerate(lines) if ln.startswith("map:")) + 1
    row = start + 10
    out = []
    for k in range(EDITS):
        changed = list(lines)
        if k % 2 == 0:
            body = changed[row]
            at = body.index('"') + 1 + (k // 2) % 50
            changed[row] = body[:at] + "X" + body[at + 1:]
        out.append("\n".join(changed))
    return out


def in_process(texts: list[str], file: Path) -> list[float]:
    times = []
    for text in texts:
        t0 = time.perf_counter()
        found = lsp_analysis.check_buffer(text, file)
        lines = text.split("\n")
        [lsp_analysis.span_of(d, lines) for d in found]
        times.append((time.perf_counter() - t0) * 1000)
    return times


async def over_stdio(texts: list[str], file: Path) -> list[float]:
    client = LanguageClient("bench", "1")
    arrived: dict[int, float] = {}

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: types.PublishDiagnosticsParams) -> None:
        if params.version is not None:
            arrived[params.version] = time.perf_counter()

    await client.start_io(sys.executable, "-m", "gridsmith", "lsp", "--debounce-ms", "0")
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities(),
                                                         root_uri=file.parent.as_uri()))
    client.initialized(types.InitializedParams())
    uri = file.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="yaml", version=0, text=file.read_text("utf-8"))))
    await _until(arrived, 0)
    times = []
    for version, text in enumerate(texts, start=1):
        sent = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
        await _until(arrived, version)
        times.append((arrived[version] - sent) * 1000)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return times


async def _until(arrived: dict[int, float], version: int) -> None:
    while version not in arrived:
        await asyncio.sleep(0.001)


def report(label: str, times: list[float]) -> None:
    best, median = min(times), statistics.median(times)
    print(f"{label:<34} best {best:6.1f} ms   median {median:6.1f} ms   median/{TARGET_MS:.0f} ms = "
          f"{median / TARGET_MS:.2f}")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        file = Path(tmp) / "big.scn.yaml"
        text = generate_yaml(7, 50, 50, 4, schema_ref=None)
        file.write_text(text, "utf-8")
        texts = edits(text)
        assert lsp_analysis.check_buffer(texts[0], file), "the broken map has a diagnostic"
        in_process(texts[:4], file)  # warm: imports, schema, the bundled ruleset's cache
        print(f"a 50x50 4-player Pendulous map ({len(text):,} characters), {EDITS} keystrokes")
        report("check after a keystroke (in process)", in_process(texts, file))
        report("didChange -> publishDiagnostics", asyncio.run(over_stdio(texts, file)))


if __name__ == "__main__":
    main()

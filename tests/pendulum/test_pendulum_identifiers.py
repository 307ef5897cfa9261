"""Look-alike card ids (issue 28): an id with a zero-width character is refused where it is, and two
ids that differ only by one, or by their NFKC form, are the same id used twice."""
from __future__ import annotations

import io
from pathlib import Path

from ruamel.yaml import YAML

from gridsmith.formats.identifiers import invisible, same_key
from gridsmith.formats.loader import load_text

DECK = (Path(__file__).resolve().parents[2] / "content" / "pendulum" / "default.deck.yaml").read_text(encoding="utf-8")


def test_a_zero_width_character_in_a_card_id_is_refused_at_the_id_and_is_still_a_duplicate():
    data = YAML(typ="safe").load(DECK)
    card = dict(data["stratagems"][0])
    data["stratagems"].insert(1, {**card, "id": card["id"] + "\u200b"})  # looks the same as the card before it
    out = io.StringIO()
    YAML(typ="safe").dump(data, out)
    text = out.getvalue()
    line = next(k for k, ln in enumerate(text.splitlines()) if "\\u200B" in ln or "\u200b" in ln) + 1
    found = {(d.code, d.line) for d in load_text(text, "x.deck.yaml").diagnostics if d.severity.value == "error"}
    assert ("PNM447", line) in found and ("PNM440", line) in found


def test_ids_compare_in_nfkc_without_format_characters():
    assert same_key("ｐrov-01") == same_key("prov-01") == same_key("prov\u200d-01")
    assert invisible("prov-01") is None and invisible("pro\ufeffv") == 3

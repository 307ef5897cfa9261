"""Where the bundled content lives (rulesets named by scenarios, the editor's start files)."""
from __future__ import annotations

import os
from pathlib import Path


def content_root() -> Path:
    """`$GRIDSMITH_CONTENT`, else the content/ folder of this checkout."""
    env = os.environ.get("GRIDSMITH_CONTENT")
    return Path(env) if env else Path(__file__).resolve().parent.parent / "content"

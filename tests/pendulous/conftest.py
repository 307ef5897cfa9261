from __future__ import annotations

from pathlib import Path

import pytest

from tests.qt_fixtures import _isolated_config, _no_unexpected_dialogs, window  # noqa: F401  (the play-window tests)

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content" / "pendulous"


@pytest.fixture(scope="session")
def duel():
    from gridsmith.formats.loader import load_file

    return load_file(CONTENT / "duel.scn.yaml").model


@pytest.fixture(scope="session")
def siege():
    from gridsmith.formats.loader import load_file

    return load_file(CONTENT / "siege.scn.yaml").model

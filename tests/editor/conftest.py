"""Qt editor tests: offscreen, with settings and recovery files in a temporary folder."""
from tests.qt_fixtures import _isolated_config, _no_unexpected_dialogs, duel, window  # noqa: F401

"""The editor and play-window tests of this game run offscreen with the shared Qt fixtures."""
from tests.qt_fixtures import _isolated_config, _no_unexpected_dialogs, window  # noqa: F401

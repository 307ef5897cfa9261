"""Pendulum in the editor: its editors and its test-play in the shared play window."""

"""Pendulous file formats: scenario and ruleset (saved games live with the engine's kinds)."""

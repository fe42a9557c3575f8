"""Boets sci-fi (seed 002) data: ruleset numbers, armlists, template weapons."""

"""Confessor's desktop tool: flash, sync, verify and simulate (CLI `confessor`)."""

__version__ = "0.1.0"

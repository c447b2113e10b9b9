"""Benchmarks run by `make bench` (see host/bench.py)."""

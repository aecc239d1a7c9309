"""Benchmarks: ``make bench`` (or ``python -m bench [NAME ...]``) prints medians, p95 and ratios.

Each module ``bench/<name>.py`` defines ``run(quick: bool) -> list[Row]``. Timings are reported,
never asserted in tests.
"""

"""Throughput benchmarks: figures to compare, not pass/fail timings.

Run them all with ``python -m benchmarks``; each ``bench_*.py`` module here
has a ``main()`` that prints its own table.
"""

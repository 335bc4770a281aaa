"""Run every ``benchmarks/bench_*.py`` module's ``main()``, in name order.

Usage: ``python -m benchmarks [NAME ...]`` where NAME filters modules by
substring (``python -m benchmarks hex`` runs only ``bench_hex``).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    wanted = sys.argv[1:] if argv is None else argv
    here = Path(__file__).resolve().parent
    names = sorted(
        m.name
        for m in pkgutil.iter_modules([str(here)])
        if m.name.startswith("bench_") and (not wanted or any(w in m.name for w in wanted))
    )
    if not names:
        print(f"no benchmark modules match {wanted}", file=sys.stderr)
        return 1
    for name in names:
        module = importlib.import_module(f"{__package__ or 'benchmarks'}.{name}")
        print(f"== {name} ==", flush=True)
        start = time.perf_counter()
        module.main()
        print(f"({name}: {time.perf_counter() - start:.1f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

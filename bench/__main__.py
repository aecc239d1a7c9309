"""Run benchmarks: ``python -m bench`` runs all; ``python -m bench zura render`` runs some.

``--quick`` shortens every run (for a smoke check, not for figures).
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from pathlib import Path

from bench.report import print_table


def main() -> None:
    here = Path(__file__).parent
    available = sorted(m.name for m in pkgutil.iter_modules([str(here)])
                       if m.name not in ("report",) and not m.name.startswith("_"))
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("names", nargs="*", choices=[[], *available], metavar="NAME",
                        help=f"benchmarks to run (default: all): {', '.join(available)}")
    parser.add_argument("--quick", action="store_true", help="short runs, for a smoke check")
    args, extra = parser.parse_known_args()
    if extra and len(args.names) != 1:
        parser.error(f"options {' '.join(extra)} belong to one named benchmark")
    for name in args.names or available:
        module = importlib.import_module(f"bench.{name}")
        print_table(name, module.run(args.quick, extra) if extra else module.run(args.quick))


if __name__ == "__main__":
    main()

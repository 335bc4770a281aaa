"""``python -m hexkit``: the ``hexkit`` command."""

from hexkit.cli import main

raise SystemExit(main())

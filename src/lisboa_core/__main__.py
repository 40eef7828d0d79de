"""``python -m lisboa_core`` runs the ``lisboa`` command line."""

from lisboa_core.fronts.cli import main

raise SystemExit(main())

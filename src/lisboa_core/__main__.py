"""``python -m lisboa_core`` runs the ``lisboa`` command line."""

from .cli import main

raise SystemExit(main())

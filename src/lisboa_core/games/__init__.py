"""The games the engine plays, one package each (``lisboa_core.games.<name>``)."""

"""Puerto Rico (Andreas Seyfarth, alea 2002) for 3 to 5 players, on the shared core: the
rules reference is ``docs/games/puerto-rico/rules.md`` and the components are the card files
of ``cards/puerto-rico/``."""

"""Tiletum (Simone Luciani and Daniele Tascini, 2022), 2 to 4 players: the third game on the
shared core (issue 25). Rules reference: docs/games/tiletum/rules.md (ids ``TLn.m``)."""

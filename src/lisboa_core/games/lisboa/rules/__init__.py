"""The rules of Lisboa: setup, the decision stack, actions, effects and scoring.

Each rules module registers its frame handlers with the game's decision stack
(:data:`lisboa_core.games.lisboa.stack.STACK`) when imported. The lookahead hints that
shorten them live apart, in :mod:`lisboa_core.games.lisboa.hints`, which imports every
rules module and then attaches its hints; the game object
(:mod:`lisboa_core.games.lisboa.game`) imports that package, so every public entry point
plays with the whole rule set. This package imports nothing itself, so a rules module may
import a sibling without tying the package into a knot.
"""

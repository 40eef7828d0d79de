"""Bots: random, greedy (one decision ahead on a sampled state) and information-set MCTS."""

from lisboa_core.bots.basic import BOTS, Bot, GreedyBot, RandomBot, as_view, make_bot, play_game
from lisboa_core.bots.ismcts import ISMCTSBot

__all__ = ["BOTS", "Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "as_view", "make_bot", "play_game"]

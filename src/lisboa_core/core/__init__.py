"""What every game shares: the decision stack and its lookahead, moves and their notation,
the seeded generator, the immutable state machinery and the game registry."""

"""Lisboa's lookahead hints: judges, bounds, effect facts and quiet decisions, each
justified by the rule that makes it sound and checked against the bare oracle by the
test suite. They attach themselves to the frames the rules register."""

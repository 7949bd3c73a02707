"""Learning: the lessons, the rules trainer, the puzzles and the rules themselves."""

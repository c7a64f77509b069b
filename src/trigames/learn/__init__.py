"""Learning the games: :mod:`~trigames.learn.lessons` (each game's rules and first tactics,
taught by doing, step by step) and :mod:`~trigames.learn.puzzles` (positions from real games
with one best move)."""

"""Grid geometry shared by the games: it knows nothing of any game's rules."""

"""The game-independent vocabulary: spec strings, the engine protocol, outcomes and errors."""

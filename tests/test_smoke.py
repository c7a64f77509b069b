import trigames


def test_default_game_has_48_opening_bands() -> None:
    state = trigames.load_game("triggle").new_initial_state()
    assert len(state.legal_moves()) == 48

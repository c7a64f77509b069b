"""Tricolor's swap (the option ``swap=true``): the first piece becomes Black's, and the colour
cycle goes on."""

from __future__ import annotations

import trigames

GAME = trigames.load_game("tricolor(swap=true)")


def test_the_first_piece_becomes_blacks() -> None:
    state = GAME.new_initial_state()
    state.play("D4-D5")
    state.play("swap")
    assert state.to_json() == {
        "game": "tricolor(swap=true)",
        "pieces": {"D4-D5": 1},
        "scores": [0, 0],
        "due": "green",
        "to_move": 0,
        "last": "D4-D5",
        "swapped": True,
    }
    assert 'data-owner="1"' in GAME.render_svg(state)
    state.play("A1-B2")
    assert state.to_json()["pieces"] == {"A1-B2": 0, "D4-D5": 1}
    assert state.current_player == 1
    again = GAME.state_from_json(state.to_json())
    assert (again.to_json(), again.current_player) == (state.to_json(), 1)
    state.undo()
    state.undo()
    assert state.to_json()["pieces"] == {"D4-D5": 0}
    assert state.current_player == 1

"""Makes the pictures of the documentation again: run it by hand when the app's look changes.

    .venv/bin/python docs/_tools/images.py [--port 8621]

- ``docs/images/<game>.svg``: a position of each game a dozen moves in, drawn by
  ``trigames render`` (the README's pictures);
- ``docs/images/lobby.png`` (the lobby's new game form) and ``docs/images/game-page.png``: the
  web app in Debian's
  Chromium (``/usr/bin/chromium``), against a ``trigames serve`` it starts on ``--port`` with a
  throwaway database;
- ``docs/images/terminal.svg``: a first game of ``trigames play`` in a terminal (tmux), drawn
  by rich.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from PIL import Image
from playwright.sync_api import sync_playwright
from rich.console import Console
from rich.text import Text

from trigames.ai.registry import make_player
from trigames.games import list_games, load_game

IMAGES = Path(__file__).resolve().parents[1] / "images"
TRIGAMES = Path(sys.executable).with_name("trigames")
CHROMIUM = "/usr/bin/chromium"
#: Moves of each picture: a dozen, chosen by two seeded ``greedy`` players.
PLIES = 12
#: The first game of the terminal: what a newcomer types.
TYPED = ("D1-D4", "hint", "D4-G4")


def game_pictures() -> None:
    """A position of each game, drawn by ``trigames render`` without coordinates."""
    for cls in list_games():
        state = load_game(cls.name).new_initial_state()
        players = [make_player("greedy", seed) for seed in range(state.game.num_players)]
        for _ in range(PLIES):
            if state.is_over():
                break
            state.play(players[state.current_player].choose(state))
        moves = [str(move) for move in state.history]
        out = IMAGES / f"{cls.name}.svg"
        subprocess.run(
            [TRIGAMES, "render", cls.name, "--moves", *moves, "--no-labels", "--out", out],
            check=True,
        )


def serve(port: int, db: Path) -> subprocess.Popen[bytes]:
    """``trigames serve`` on ``port``, once it answers."""
    server = subprocess.Popen(
        [TRIGAMES, "serve", "--port", str(port), "--db", str(db)], stderr=subprocess.DEVNULL
    )
    for _ in range(200):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).raise_for_status()
            return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError(f"trigames serve did not answer on port {port}")


def shrink(path: Path) -> None:
    """The PNG in at most 256 colours: a screenshot of flat pages loses nothing to see."""
    with Image.open(path) as picture:
        small = picture.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)


def browser_screenshots(port: int) -> None:
    """The lobby, and a Triggle game against the computer a few moves in."""
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        server = serve(port, Path(folder) / "games.sqlite3")
        try:
            seats = [{"kind": "human", "name": "You"}, {"kind": "easy"}]
            created = httpx.post(f"{url}/api/games", json={"game": "triggle", "seats": seats})
            created.raise_for_status()
            game = created.json()
            token = game["seats"][0]["token"]
            for wanted in ("D1-D4", "D4-G4"):
                legal = wait_for_turn(url, game["id"])
                move = wanted if wanted in legal else legal[0]
                answer = httpx.post(
                    f"{url}/api/games/{game['id']}/moves",
                    json={"move": move},
                    headers={"Authorization": f"Bearer {token}"},
                )
                answer.raise_for_status()
            wait_for_turn(url, game["id"])
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM)
                page = browser.new_page(viewport={"width": 1100, "height": 720})
                page.goto(url + "/")
                page.wait_for_selector("#create:not([disabled])")
                form = page.locator("section[aria-labelledby=new-heading]")
                form.screenshot(path=IMAGES / "lobby.png")
                page.goto(game["seats"][0]["link"])
                page.wait_for_selector("body[data-ply]")
                page.screenshot(path=IMAGES / "game-page.png")
                browser.close()
        finally:
            server.terminate()
            server.wait(10)
    shrink(IMAGES / "lobby.png")
    shrink(IMAGES / "game-page.png")


def wait_for_turn(url: str, game_id: str) -> list[str]:
    """The legal moves once the computer has answered (seat 0, the person, is to move)."""
    for _ in range(100):
        view = httpx.get(f"{url}/api/games/{game_id}").json()
        if view["to_move"] == 0 and not view["thinking"]:
            legal: list[str] = view["legal_moves"]
            return legal
        time.sleep(0.1)
    raise RuntimeError("the computer did not answer")


def terminal_screenshot() -> None:
    """``trigames play triggle --seat 1=easy`` in tmux, a few lines typed, drawn by rich."""
    session = "trigames-docs"
    command = f"{TRIGAMES} play triggle --seat 1=easy --name 0=You --seed 1"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "60", command],
                   check=True)  # fmt: skip
    try:
        time.sleep(2)
        for line in TYPED:
            subprocess.run(["tmux", "send-keys", "-t", session, line, "Enter"], check=True)
            time.sleep(3)
        screen = subprocess.run(
            ["tmux", "capture-pane", "-p", "-e", "-t", session, "-S", "-200"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=True)
    lines = screen.rstrip().splitlines()
    # from the top of the board before the last one: a move typed, a hint, the computer's reply
    tops = [number for number, line in enumerate(lines) if Text.from_ansi(line).plain[:2] == "A "]
    console = Console(
        file=io.StringIO(), record=True, width=80, force_terminal=True, color_system="truecolor"
    )
    console.print(Text.from_ansi("\n".join(lines[tops[-2] :])))
    (IMAGES / "terminal.svg").write_text(
        console.export_svg(title="trigames play triggle --seat 1=easy"), encoding="utf-8"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8621, help="the server's port (8621)")
    args = parser.parse_args()
    IMAGES.mkdir(exist_ok=True)
    game_pictures()
    browser_screenshots(args.port)
    terminal_screenshot()


if __name__ == "__main__":
    main()

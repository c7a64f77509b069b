"""``trigames serve`` as a command: a clear error when its port is taken."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from trigames.cli.main import main


def test_a_taken_port_is_a_clear_error_and_nothing_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status = main(["serve", "--port", str(port), "--db", str(tmp_path / "games.sqlite3")])
    error = capsys.readouterr().err
    assert status == 1
    assert f"cannot listen on 127.0.0.1:{port}" in error
    assert "--port" in error
    assert "Traceback" not in error

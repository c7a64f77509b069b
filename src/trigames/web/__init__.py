"""The web server of ``trigames serve``: an HTTP and WebSocket API over an SQLite store.

:mod:`~trigames.web.store` keeps the games, :mod:`~trigames.web.service` runs them (tokens,
turns, computer moves, undo, resign, hints) and :mod:`~trigames.web.app` puts them on HTTP.
The engine never imports this package.
"""

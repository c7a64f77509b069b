"""The web server of ``trigames serve``: an HTTP and WebSocket API over a store of games.

:mod:`~trigames.web.store` keeps the games in SQLite (:mod:`~trigames.web.postgres` in
PostgreSQL, and :mod:`~trigames.web.storage` opens the one ``--db`` names),
:mod:`~trigames.web.service` runs them (tokens, turns, computer moves, undo, resign, hints)
and :mod:`~trigames.web.app` puts them on HTTP.
The engine never imports this package.
"""

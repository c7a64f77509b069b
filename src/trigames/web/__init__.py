"""The web server of ``trigames serve``: an HTTP and WebSocket API over a store of games.

:mod:`~trigames.web.store` keeps the games in SQLite (:mod:`~trigames.web.postgres` in
PostgreSQL, and :mod:`~trigames.web.storage` opens the one ``--db`` names);
:mod:`~trigames.web.service` serves them through small parts with one job each (see its
docstring); :mod:`~trigames.web.app` puts them on HTTP and :mod:`~trigames.web.server` runs it.
The engine never imports this package.
"""

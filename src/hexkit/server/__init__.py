"""``hexkit serve``: tables over HTTP and WebSockets, stored in SQLite, with a browser client.

* :mod:`hexkit.server.protocol`: the messages (attrs classes, JSON Schema, version);
* :mod:`hexkit.server.tables`: a table's match, seats, tokens and agents;
* :mod:`hexkit.server.store`: the SQLite store;
* :mod:`hexkit.server.app`: the Starlette app and :func:`~hexkit.server.app.serve`.

It needs the ``web`` extra (starlette, uvicorn, websockets).
"""

__all__: list[str] = []

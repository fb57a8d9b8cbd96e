"""``pokerroom loadtest``: bot players load a running room over its public API and the table protocol, and the
figures an operator sizes the room by (issue 25; docs/cli.md, "pokerroom loadtest").

* :mod:`pokerroom.loadtest.view`: one connection's table state, merged from full ``state`` and ``delta``
  messages (:func:`~pokerroom.loadtest.view.apply`);
* :mod:`pokerroom.loadtest.setup`: players signed up and tables created over HTTP;
* :mod:`pokerroom.loadtest.client`: one bot client over WebSocket, and the raw figures it counts;
* :mod:`pokerroom.loadtest.driver`: the test from set-up to figures, in one process or several;
* :mod:`pokerroom.loadtest.figures`: the figures summed, as a Rich table or JSON.
"""

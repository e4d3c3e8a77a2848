"""``tablebits serve``: a local web app where people play the games against each other and
against the bots (``pip install 'tablebits[serve]'``: Starlette and uvicorn).

- ``table``: one game in progress, its seats, simultaneous choices, undo by agreement;
- ``views``: what one seat is sent (its picture, the steps told, its moves), nothing more;
- ``bots``: the bots' decisions in a thread pool, each within a time limit;
- ``setup``: a table asked for by the setup page, checked by the engine;
- ``sessions``: the open tables, their seats' tokens, their watchers and the bots' turns;
- ``app``: the Starlette app (pages, JSON API, WebSockets); ``static/``: the pages.

docs/serve.md has the commands and pictures.
"""

"""Ecosystem adapters over the engine, the bots and the vector API. Their public paths are
``tablebits.pettingzoo``, ``tablebits.gymnasium`` and ``tablebits.openspiel``."""

"""Figures of results with matplotlib (``pip install tablebits[plot]``): ``results`` draws a
simulation, an arena or a ladder, ``sweep`` a sweep's table. Positions are drawn by
``tablebits.pictures``, not here."""

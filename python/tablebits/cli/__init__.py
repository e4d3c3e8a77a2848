"""The command line (``tablebits`` / ``python -m tablebits``): the top floor, imported by
nothing else in the package."""

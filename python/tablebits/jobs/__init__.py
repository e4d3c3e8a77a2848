"""Jobs of many games in C++: the job descriptions, the backends that run them (local threads or
a Ray cluster) and their results. Private: ``tablebits.simulate`` and ``tablebits.arena`` are
the entry points. Nothing here imports simulate, arena, plot or the command line."""

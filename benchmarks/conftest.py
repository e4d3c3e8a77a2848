import sys
from pathlib import Path

# The pure-Python references live in tests/games/reference; benchmarks compare against them in-run.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

"""Measuring strength: ``ladder`` plays every pair of bots and rates them (``tb.ladder``),
``ratings`` fits the Bradley–Terry ratings with their intervals."""

"""The clients (_sync/ is generated from _async/ by scripts/unasync.py)."""

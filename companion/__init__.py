"""Mars Table Companion: keeps the books beside a real Mars board game."""
__version__ = "0.1.0"

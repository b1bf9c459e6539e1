"""Mission to Mars 2049 (``shared/rules/mission-to-mars-2049.txt``): race to the
pole, die-driven production.

This package is the game's implementation of the rules contract
(:mod:`companion.rules.contract`); :mod:`.advice` holds the odds and hints the
screens show (never refusals).
"""
from .actions import (ACTIONS, BUILD_BASE, BUILD_H2O, BUILD_LAB, BUILD_ROAD, BUILD_STATION, BUY,
                      CARD_KINDS, CORRECT_ROLL, DONE, GAME_ID, MISSION_CARDS, PLAY, PLAYERS, PROTECT, ROB, ROLL,
                      TAKE, TITLE, TO_CARDS, TO_TOKEN, TRADE)
from .checks import check
from .engine import apply, bank_least, default_bank, default_options, drawn_blind, hidden_hands_text, new_game
from .model import RULEBOOK, Attack, Colony, State, points, rate
from .moves import legal_actions, random_action
from .queries import expects, faces, last_roll, status_lines, summary
from .queries import faces as die_faces
from .table import invariants, is_over, outcome, phase, result, seats, to_act

__all__ = ["bank_least", "default_bank", "ACTIONS", "BUILD_BASE", "BUILD_H2O", "BUILD_LAB", "BUILD_ROAD",
           "BUILD_STATION", "BUY", "CARD_KINDS", "CORRECT_ROLL", "DONE", "GAME_ID", "MISSION_CARDS", "PLAY", "PLAYERS",
           "PROTECT", "ROB", "ROLL", "RULEBOOK", "TAKE", "TITLE", "TO_CARDS", "TO_TOKEN", "TRADE", "Attack", "Colony",
           "State", "apply", "check", "default_options", "die_faces", "drawn_blind", "expects", "faces",
           "hidden_hands_text",
           "invariants", "is_over", "last_roll", "legal_actions", "new_game", "outcome", "phase", "points",
           "random_action", "rate", "result", "seats", "status_lines", "summary", "to_act"]

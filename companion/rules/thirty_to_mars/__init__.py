"""30 to Mars (``shared/rules/30-to-mars.txt``): co-op survival, 30 days, dice checks.

This package is the game's implementation of the rules contract
(:mod:`companion.rules.contract`).
"""
from .actions import (ABILITY, ACTIONS, CARD_KINDS, CHOOSE, CORRECT_ROLL, DRAW, GAME_ID, NEXT, PLACE, PLAYERS,
                      REPAIR, ROLL, TITLE)
from .checks import check
from .engine import apply, new_game
from .model import RULEBOOK, EventCard, Effect, Marsonaut, Pending, State
from .moves import legal_actions, random_action, random_card
from .odds import check_odds
from .queries import (ability_cost, ability_costs, capacity, choice_options, choice_text, dice_rolled_by, die_name,
                      effective_difficulty, expects, is_over, last_roll, outcome, participants, phase,
                      repairable_bays, required_colour, sanity_losers, summary)
from .preview import skip_consequences
from .table import default_options, die_faces, invariants, result, seats, to_act

__all__ = ["ABILITY", "ACTIONS", "CARD_KINDS", "CHOOSE", "CORRECT_ROLL", "DRAW", "GAME_ID", "NEXT", "PLACE",
           "PLAYERS", "REPAIR", "ROLL", "RULEBOOK", "TITLE", "Effect", "EventCard", "Marsonaut", "Pending", "State",
           "ability_cost", "ability_costs", "apply", "capacity", "check", "check_odds", "choice_options", "choice_text",
           "default_options", "dice_rolled_by", "die_faces", "die_name", "effective_difficulty", "expects",
           "invariants", "is_over", "last_roll", "legal_actions", "new_game", "outcome", "participants", "phase",
           "random_action", "random_card", "repairable_bays", "required_colour", "result", "sanity_losers", "seats",
           "skip_consequences", "summary", "to_act"]

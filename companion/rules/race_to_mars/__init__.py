"""Race to Mars (``shared/rules/race-to-mars.txt``): rocket building and deck building, no die.

This package is the game's implementation of the rules contract
(:mod:`companion.rules.contract`): ``actions`` (kinds, payload shapes, card
kinds), ``cards`` (card entries, the printed Starting cards and
Headquarters), ``model`` (frozen state), ``rocket`` (what modules and played
cards give), ``deck`` (cards as counts), ``flow`` (the order of play),
``engine``/``post`` (apply), ``checks`` (check), ``table`` (seats, turn,
result, summary, invariants), ``moves`` (legal and random actions),
``advice`` (help for the screens).
"""
from .actions import (ACTIONS, ADVANCE, CARD_KINDS, COPY_MODULE, DISCARD, DONE, DOUBLE_MODULE, EXCHANGE, EXTRA_CARD,
                      FREE_ADVANCE, GAME_ID, HEADQUARTERS, INSIGHT, JETTISON_CREW, JETTISON_MODULE,
                      JETTISON_STORAGE, LAUNCH, LEFTOVER, NAME_REVEALED, PICK, PLAY, PLAY_BOOST, PLAYERS, STARTING,
                      TITLE, TRAJECTORY)
from .advice import advance_run, launch_readiness, reach, reminders, setup_checklist, supply_short
from .checks import advance_problem, check, launch_problem
from .deck import hand_candidates
from .engine import apply, default_options, new_game
from .model import RULEBOOK, UNENTERED, UNKNOWN_CARD, UNKNOWN_STARTING, State
from .moves import legal_actions, random_action, random_space_card, random_starting_card, rocket_problem
from .table import (die_faces, expects, invariants, is_over, last_roll, outcome, phase, result, seats,
                    starting_choices, starting_stage, summary, to_act)

__all__ = ["ACTIONS", "ADVANCE", "CARD_KINDS", "COPY_MODULE", "DISCARD", "DONE", "DOUBLE_MODULE", "EXCHANGE",
           "EXTRA_CARD", "FREE_ADVANCE", "GAME_ID", "HEADQUARTERS", "INSIGHT", "JETTISON_CREW", "JETTISON_MODULE",
           "JETTISON_STORAGE", "LAUNCH", "LEFTOVER", "NAME_REVEALED", "PICK", "PLAY", "PLAYERS", "PLAY_BOOST",
           "RULEBOOK", "STARTING",
           "State", "TITLE", "TRAJECTORY", "UNENTERED", "UNKNOWN_CARD", "UNKNOWN_STARTING", "advance_problem",
           "advance_run", "apply", "check",
           "default_options", "die_faces", "expects", "hand_candidates", "invariants", "is_over", "last_roll",
           "launch_problem", "launch_readiness", "legal_actions", "new_game", "outcome", "phase", "random_action",
           "random_space_card", "random_starting_card", "reach", "reminders", "result", "rocket_problem", "seats",
           "setup_checklist",
           "starting_choices", "starting_stage", "summary", "supply_short", "to_act"]

"""Mission to Mars 2049: the rulebook sections the engine cites, as printed.

The rulebook repeats some numbers (two 3.3, two 3.4.2, two 4.0.4, two 4.1), so
a citation is a heading line exactly as printed (a player finds it by its
words), optionally followed by ", " and the numbered point or F.A.Q. entry
under it ("3.11 Why are Road cards special?, 3.11.4"), with its first words
where the number is repeated ("4.0.4 If you run out"), or the Mission Card's
paragraph by the card's name ("4.1 Peaceful Mission Cards, Protection Mission":
:data:`CARDS`). Two citations are joined by " / " (:data:`ROAD_FROM_FIFTH_BASE`);
the rulebook dialog shows both. The tests check that every citation's heading
is a line of ``shared/rules/mission-to-mars-2049.txt`` and that the point after
the comma occurs in it.
"""
from __future__ import annotations

BANK = "2.1 The Game Bank"
COMPONENTS_TOKENS = "2.2 Building Tokens"
SETUP_POINTS = "3.1 Where do I put my First Base?"
SETUP_RESOURCES = "3.2 Starting resources"
SETUP_FIRST_BASE = "3.3 Your First Base and Resource Stations"
WHO_STARTS = "3.3 Who starts the game?"
ROLL_FIRST = "3.4.1 Always start your game turn with rolling the Die."
MAY_DO = "3.4.2 After rolling the Die you can do any of these:"
DONE = '3.4.2 When done say "I\'m done!" and give the Die to the next player.'
DIE = "3.5 Symbols on the Game Die"
BUILDING = "3.6 How does building work?"
#: The Building Costs table at the end of 3.6 ("Building Costs (as printed on the player sheet):" and its rows),
#: cited by every refusal for a price: the dialog shows the costs, not 3.6's first lines.
COSTS = "3.6 How does building work?, Building Costs"
#: Buildings on the intersections around your Bases, straight and diagonally, Bases next to each other: a Base's
#: 8 spots (``model.spots_taken``).
BUILDING_AROUND = "3.6 How does building work?, 3.6.2"
STATIONS = "3.7 What are resources and Resource Stations?"
TOKENS = "3.8 What are Resource Tokens?"
TOKENS_SAFE = "3.8 What are Resource Tokens?, 3.8.2"
TOKENS_OWN_TURN = "3.8 What are Resource Tokens?, 3.8.3"
TRADE = "3.9 Laboratories and how to trade resources"
TRADE_OTHER_KIND = "3.9 Laboratories and how to trade resources, 3.9.1"
LAB_ORDER = "3.9 Laboratories and how to trade resources, 3.9.2"
NO_PLAYER_TRADES = "3.9 Laboratories and how to trade resources, 3.9.5"
ROAD_COSTS = "3.10 What do I need a Road for?, 3.10.3"
ROAD_ONCE = "3.10 What do I need a Road for?, 3.10.1"
ROAD_FROM_LAST_BASE = "3.10 What do I need a Road for?, 3.10.2"
ROAD_CARDS = "3.11 Why are Road cards special?"
ROAD_CARDS_STOLEN = "3.11 Why are Road cards special?, 3.11.3"
ROAD_CARDS_MAX = "3.11 Why are Road cards special?, 3.11.4"
WIN = "3.12 How do I win the game?"
H2O_NEEDS = "3.12 How do I win the game?, 3.12.2"
#: The Road from Base 5: two citations (" / "), 3.10.2 "from your last Base" and 3.12.2 "5 bases ... and a polar
#: Road", which make "last" the fifth (the project's reading, issue 8): 3.10.2 alone reads as allowed with 1 Base.
ROAD_FROM_FIFTH_BASE = f"{ROAD_FROM_LAST_BASE} / {H2O_NEEDS}"
#: Too few Road cards for the Road: 3.10.3 "To build a Road you need three Road cards" and the costs' table.
ROAD_CARDS_SHORT = f"{ROAD_COSTS} / {COSTS}"
#: A (2) Laboratory too dear: its price is the (3)'s, "you can pay again to build a (2) Laboratory" (3.9.2).
LAB2_COSTS = f"{LAB_ORDER} / {COSTS}"
MISSIONS = "4.0 Mission Cards"
MISSIONS_ONE_EACH = "4.0 Mission Cards, 4.0.2"
MISSIONS_REUSE = "4.0 Mission Cards, 4.0.4 If you run out"  # the second 4.0.4
MISSIONS_IMMEDIATE = "4.0 Mission Cards, 4.0.4"
PEACEFUL = "4.1 Peaceful Mission Cards"
AGGRESSIVE = "4.1 Aggressive Mission Cards"
TOURNAMENT = "5.0 Tournament rules (Optional)"
TACTICS = "6. Recommendations and tactics (Optional)"
FAQ_BASE_OVER_STATION = "7. F.A.Q. (Optional), Q.2"
FAQ_BANK_OUT = "7. F.A.Q. (Optional), Q.4"
FAQ_ONE_MISSION = "7. F.A.Q. (Optional), Q.5"
FAQ_OFF_TURN = "7. F.A.Q. (Optional), Q.7"
#: The next Base on a free spot next to a Base whose 8 spots are taken (3.6.2): over an own Station (Q.2). 3.6.2
#: last: a narrow message box's button keeps the last point alone ("§ 3.6.2 ›").
BASE_BLOCKED = f"{FAQ_BASE_OVER_STATION} / {BUILDING_AROUND}"

#: Each Mission Card's own paragraph under its 4.1 heading, by the rules' card id (``model.MISSIONS``).
CARDS = {card: f"{heading}, {name}" for heading, names in (
    (PEACEFUL, (("build", "Build Mission"), ("assistance", "Assistance Mission"), ("resource", "Resource Mission"),
                ("laboratory", "Laboratory Mission"), ("productivity", "Productivity Mission"),
                ("protection", "Protection Mission"))),
    (AGGRESSIVE, (("crimean", "Crimean Mission"), ("sabotage", "Sabotage Mission"),
                  ("grand_theft", "Grand Theft Mission"), ("capture", "Capture Mission"),
                  ("black_friday", "Black Friday accident"), ("armageddon", "Armageddon Mission"))))
    for card, name in names}

#: A Mission Card that places a building next to one of your Bases (4.1), refused at a Base with no free spot:
#: the card's paragraph ("If you don't have a free space to build more stations ... save this card") and 3.6.2,
#: last as in :data:`BASE_BLOCKED`.
FULL_BASE_CARDS = {card: f"{CARDS[card]} / {BUILDING_AROUND}" for card in ("build", "laboratory", "crimean")}

#: Every citation above, for the citation test and the rules lookup screen.
ALL = tuple(v for k, v in sorted(globals().items()) if k.isupper() and isinstance(v, str)) + tuple(CARDS.values()) \
    + tuple(FULL_BASE_CARDS.values())

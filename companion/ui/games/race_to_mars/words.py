"""Race to Mars: the words and colours of the screens (resources, hazards,
Headquarters, moves). Facts come from the rules package; this module only
turns them into labels a player reads at the table."""
from __future__ import annotations

from typing import Any

from companion.rules.race_to_mars.cards import (BACK_PAGE_ONLY, HQ_TEXTS, INSIGHT_EFFECTS as EFFECTS,
                                                INSIGHT_NOT_ENTERED)
from companion.rules.race_to_mars.model import ANY, HAZARDS, RESOURCE_NAMES, RESOURCES, SPACE_FREE_ADVANCE, WILD
from companion.rules.words import count  # the rules' own, for the screens' "1 card", "3 cards"

from ... import text
from ...text import fitting  # the shell's, asked of words by this game's screens

#: Short names for chips on a trajectory (the rulebook's words, cut to fit a chip).
SHORT = {"fuel": "Fuel", "hull": "Hull", "navigation": "Nav", "velocity": "Vel", "engineering": "Eng",
         "communication": "Comm", WILD: "Wild", ANY: "Any", "red": "\u26a0 red", "yellow": "\u26a0 yel",
         "green": "\u26a0 grn"}
#: Chip colours (fill); text on them is dark.
CHIP = {"fuel": (255, 150, 70), "hull": (190, 196, 210), "navigation": (96, 170, 255),
        "velocity": (110, 220, 140), "engineering": (200, 140, 255), "communication": (90, 220, 230),
        WILD: (240, 230, 180), ANY: (245, 245, 245), "red": (235, 80, 80), "yellow": (245, 210, 70),
        "green": (90, 200, 110)}

#: A few words for each Headquarters (the cards print no names; the full text is the rulebook's).
HQ_SHORT = ("2 basics = advanced", "A module twice", "Insights cost 1 less", "Extra Starting card",
            "Place cards freely", "Launch with Crew +2", "Played card on top", "Extra card to pick",
            "Start with 2 Boosts", "Draw 2 more")
#: The same in fewer words, for a narrow button.
HQ_TINY = ("Basic pair = adv.", "Module twice", "Insights \u22121 XP", "Extra Starting", "Place freely",
           "Launch: Crew +2", "Card on top", "Extra pick", "2 Boosts", "Draw 2 more")

#: The Crew ability fields a player enters, in the order of the card's purple part.
CREW_COUNTS = (("draw", "Draw"), ("look", "Look at"), ("keep", "Keep"), ("jettison", "Jettison"),
               ("boost", "Boosts"), ("xp", "Experience"), ("return", "Back from discard"))
MODULE_COUNTS = (("draw", "Extra draw"), ("storage", "Storage"), ("free_advance", "Free advance"))
#: A Space card's Free advance: "advance exactly 3 spaces for free" (the rules' number; a Starting
#: card prints its own, entered as a count).
FREE_ADVANCE = SPACE_FREE_ADVANCE
#: The words of each Insight effect the rules carry out (back page, "Reference: Insights and Hazards").
INSIGHT_WORDS = {"boost": "Gain a Boost", "jettison": "Jettison a card", "store": "Keep a card",
                 "draw": "Draw a card", "advance": "Advance 1 space", "trajectory": "Change trajectory",
                 "protect": "Hazard protection", "other": "Other (say it)"}
#: Fewer words for a narrow button (portrait), where the whole words do not fit even at the reading size.
INSIGHT_TINY = {"trajectory": "New trajectory", "protect": "Protection", "advance": "Advance 1"}
#: (effect, words) for every effect of the rules' list (:data:`companion.rules.race_to_mars.cards.INSIGHT_EFFECTS`),
#: in its order: the editor offers each, and one the rules add is offered by its key until it has words here.
INSIGHT_EFFECTS = tuple((k, INSIGHT_WORDS.get(k, k.capitalize())) for k in EFFECTS)
#: effect -> its words (:data:`INSIGHT_EFFECTS` as a mapping, built once)
INSIGHT_LABEL = dict(INSIGHT_EFFECTS)


def name_fitting(name: str, width: int, size: int, bold: bool = True, after: str = "") -> str:
    """A player's ``name`` (followed by ``after``) in ``width`` px at ``size``:
    whole, else its first word, else its first part before a hyphen, else
    its initial ("W.": the seat's disc beside it tells the players apart)."""
    first = name.split()[0] if name.split() else name
    return fitting([name + after, first + after, first.split("-")[0] + after, name[:1] + "." + after], width, size,
                   bold)


def res(name: str) -> str:
    """"Fuel", "wild basic", "any resource"."""
    return RESOURCE_NAMES.get(name, name)


def item(name: str) -> str:
    """A trajectory item: a space ("Fuel") or a hazard ("red hazard")."""
    return f"{name} hazard" if name in HAZARDS else res(name)


def hq_title(number: int) -> str:
    return f"HQ {number}: {HQ_SHORT[number - 1]}"


def hq_text(number: int) -> str:
    return HQ_TEXTS[number - 1]


def crew_text(crew: dict[str, Any] | None) -> str:
    """A Crew ability entry in a few words ("Fuel + wild basic; draw 1")."""
    if not crew:
        return "Crew ability not entered"
    parts = []
    if crew.get("resources"):
        parts.append(" + ".join(res(r) for r in crew["resources"]))
    for key, label in CREW_COUNTS:
        if crew.get(key):
            parts.append(f"{label.lower()} {crew[key]}")
    if crew.get("copy"):
        parts.append("copy a played card")
    if crew.get("other"):
        parts.append(f"other: {crew['other']}")
    return "; ".join(parts) or "no effect"


def part_lines(crew: dict[str, Any] | None, module: dict[str, Any] | None) -> list[str]:
    """A card's Crew ability and Rocket module, a line each ("Crew ability: Fuel + wild basic"); a part not
    entered in its own words ("Rocket module not entered")."""
    return [f"Crew ability: {crew_text(crew)}" if crew else crew_text(crew),
            f"Rocket module: {module_text(module)}" if module else module_text(module)]


def module_text(module: dict[str, Any] | None) -> str:
    """A Rocket module entry in a few words ("Resource: Hull")."""
    if not module:
        return "Rocket module not entered"
    parts = []
    if module.get("resource"):
        parts.append(f"Resource: {res(module['resource'])}")
    if module.get("protection"):
        parts.append(f"{module['protection']} hazard protection")
    for key, label in MODULE_COUNTS:
        if module.get(key):
            parts.append(f"Free advance: {module[key]} spaces" if key == "free_advance" else f"{label} {module[key]}")
    if module.get("copy"):
        parts.append("Copy")
    if module.get("reveal_top"):
        parts.append("top card revealed")
    if module.get("other"):
        parts.append(f"other: {module['other']}")
    return ", ".join(parts) or "no effect"


def trajectory_text(lanes: list[list[str]] | None) -> str:
    if not lanes:
        return "Trajectory not entered"
    return " | ".join(f"lane {i + 1}: " + (", ".join(SHORT.get(x, x) for x in lane) or "\u2014")
                      for i, lane in enumerate(lanes))


def insight_text(insight: dict[str, Any] | None) -> str:
    if not insight:
        return "Insight not entered"
    what = INSIGHT_LABEL.get(insight.get("effect", ""), insight.get("effect", ""))
    colour = f" from {insight['colour']} hazards" if insight.get("colour") else ""
    return f"{insight.get('cost', '?')} Experience: {insight.get('text') or what + colour}"


def insight_lines(ins: Any) -> list[str]:
    """What an Insight of the rules' state (:class:`~companion.rules.race_to_mars.model.Insight`) does, whole, in
    sentences for a dialog: its effect's words and colour, or the players' words for an "other" one; one not
    entered (an undescribed Starting card) says that the table carries it out as printed and which Insights
    it may be: the back page's that neither the Insight card nor Starting cards 1-4 carry (the rules'
    :data:`~companion.rules.race_to_mars.cards.BACK_PAGE_ONLY`, race-to-mars.txt "Reference: Insights and
    Hazards")."""
    if ins.effect == "other" and ins.text == INSIGHT_NOT_ENTERED:
        return ["Its Insight is not entered: do what the card says at the table; the app takes the Experience.",
                "Likely one of the back page's Insights no other card carries: " + ", ".join(BACK_PAGE_ONLY) + "."]
    if ins.effect == "other":
        return [f"What it does (as entered): {ins.text or 'not said'}.",
                "Do it at the table; the app takes the Experience."]
    colour = f" ({ins.colour} hazards)" if ins.colour else ""
    return [f"What it does: {ins.text or INSIGHT_LABEL.get(ins.effect, ins.effect)}{colour}."]


__all__ = ["CHIP", "fitting", "name_fitting", "CREW_COUNTS", "HQ_SHORT", "HQ_TINY", "INSIGHT_EFFECTS", "INSIGHT_LABEL",
           "INSIGHT_TINY", "MODULE_COUNTS", "insight_lines",
           "RESOURCES", "SHORT",
           "crew_text", "hq_text", "hq_title", "insight_text", "item", "module_text", "res", "trajectory_text"]


def brief(card: dict[str, Any], part: str | None) -> str:
    """A card's ``part`` in a few words for a list ("Fuel+Wild, draw 1"; "Hull"; "2 XP: Jettison a card")."""
    if part == "crew":
        c = card.get("crew")
        if not c:
            return "Crew ability not entered"
        bits = ["+".join(SHORT.get(r, r) for r in c.get("resources", []))]
        bits += [f"{w} {c[k]}" for k, w in (("draw", "draw"), ("look", "look"), ("jettison", "jettison"),
                                            ("boost", "Boost"), ("xp", "XP")) if c.get(k)]
        bits += [f"{c['return']} back from discard"] if c.get("return") else []   # Starting card 1's words
        bits += [w for k, w in (("copy", "copy"), ("other", "other")) if c.get(k)]
        return ", ".join(b for b in bits if b) or "no effect"
    if part == "module":
        m = card.get("module")
        if not m:
            return "Rocket module not entered"
        bits = [SHORT.get(m.get("resource", ""), "")] + ([f"{m['protection']} shield"] if m.get("protection") else [])
        bits += [f"{w} {m[k]}" for k, w in (("draw", "draw +"), ("storage", "storage"),
                                            ("free_advance", "free advance"))
                 if m.get(k)]
        bits += [w for k, w in (("copy", "copy"), ("reveal_top", "top revealed"), ("other", "other")) if m.get(k)]
        return ", ".join(b for b in bits if b).replace("+ ", "+") or "no effect"
    if part == "trajectory":
        lanes = card.get("trajectory")
        if not lanes:
            return "trajectory not entered"
        return "spaces per lane: " + "/".join(str(sum(1 for x in lane if x not in HAZARDS)) for lane in lanes)
    if part == "insight":
        i = card.get("insight")
        if not i:
            return "Insight not entered"
        colour = f" ({i['colour']})" if i.get("colour") else ""
        what = (i["text"] if i.get("effect") == "other" and i.get("text")   # its words, not "Other (say it)"
                else INSIGHT_LABEL.get(i.get("effect", ""), i.get("effect", "")))
        return f"{i.get('cost', '?')} XP: {what}{colour}"
    have = [w for k, w in (("crew", "Crew"), ("module", "Module"), ("trajectory", "Trajectory"),
                           ("insight", "Insight")) if k in card]
    return " \u00b7 ".join(have) or "name only"

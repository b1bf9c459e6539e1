"""Mission to Mars 2049 with hands hidden (the game's ``hidden_hands`` option): what earlier testers saw of the
hands the option hides, in the roll-off, in the lines of what happened, on the Tokens button. Open hands (the
default) keep showing everything. Source: shared/rules/mission-to-mars-2049.txt."""
from __future__ import annotations

import pytest

from .test_mission_to_mars_2049_report import SIZES, busy, colony, driver, put  # noqa: F401 (fixture)


def _busy(state):
    """:func:`busy` for 2 to 4 players: Red's main phase after an Air roll, Red rich, Blue holding 9, 4, 4, the
    others 5, 4, 4."""
    from companion.rules.mission_to_mars_2049.model import replace
    state = colony(state, 0, cards=(20, 20, 20), tok3=(1, 1, 1), roads=3, peaceful=1, aggressive=1, bases=4)
    for seat in range(1, len(state.seats)):
        state = colony(state, seat, cards=(9, 4, 4) if seat == 1 else (5, 4, 4))
    return replace(state, phase="main", current=0, produced=0, face=1, turn=12)


def _texts(d):
    d.frame()
    return [t for t, _, _ in d.app.screen.ui.texts]


def _cards_shown(texts):
    """True when some panel shows a hand's cards: a resource letter followed by its number."""
    return any(a in ("A", "F", "M") and b[:1].isdigit() for a, b in zip(texts, texts[1:]))


@pytest.mark.timeout(30)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_with_hands_hidden_the_roll_off_shows_nobodys_cards(driver, size, players):
    """A tester's finding: in the roll-off (3.3 Who starts the game?) the roller's panel showed their cards
    (A 2, F 2, M 2) while everyone else's read "6 resources": nobody's turn has begun, nobody's hand shows.
    Once the first turn begins, its player's hand shows, as before; open hands show every hand in the roll-off."""
    d = driver(size, players, hands_hidden=True)
    assert d.app.state.phase == "rolloff"
    texts = _texts(d)
    assert not _cards_shown(texts), texts
    assert texts.count("6 resources \u00b7 0 Road") == players, texts
    d.tap("Blue")
    assert any("Cards and tokens: hidden" in line for line in d.app.dialog.lines), d.app.dialog.lines
    d.app.close_dialog()
    d.roll(1)   # Air: the roller starts (3.3)
    assert d.app.state.phase != "rolloff"
    texts = _texts(d)
    assert _cards_shown(texts) and texts.count("6 resources \u00b7 0 Road") == players - 1, texts


@pytest.mark.timeout(30)
def test_with_open_hands_the_roll_off_shows_every_hand(driver):
    d = driver((800, 480), 4)
    texts = _texts(d)
    assert "6 resources \u00b7 0 Road" not in texts and _cards_shown(texts), texts


def _robbery(d):
    """Red's Robbery (3.5), drawn from Blue: an Air card."""
    from companion.rules.mission_to_mars_2049.model import replace
    s = colony(colony(busy(d.app.state), 1, cards=(2, 1, 0), tok3=(0, 1, 0)), 2, cards=(0, 0, 0))
    put(d, replace(s, phase="rob", face=4, rob_victim=-1, rob_left=1, produced=-1))
    d.tap("Robbery")
    d.tap("from Blue")
    d.tap("Air")
    assert d.app.state.phase == "main" and d.app.state.colonies[1].cards[0] == 1


def _seen(d):
    """Everything the screen says, joined by spaces (a wrapped line reads whole): its texts, the message bar's
    and the open dialog's lines."""
    d.frame()
    return " ".join([t for t, _, _ in d.app.screen.ui.texts] + [d.app.message.text if d.app.message else ""]
                      + (list(d.app.dialog.lines) if d.app.dialog else []))


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_with_hands_hidden_no_line_names_the_kind_a_robbery_drew_blind(driver, size):
    """A tester's finding: with hands hidden, what happened this turn read "Red draws 1 Air card from Blue":
    the card is drawn blind (3.5 Robbery: "Draw blind without seeing the cards"), the robber and the victim
    know it, the table must not. Neither the lines of this turn, nor their dialog, nor Undo's and Redo's
    "Took back" / "Made again" name the kind; the robber still enters it, and the rules still move it."""
    d = driver(size, hands_hidden=True)
    _robbery(d)
    blind = "Red draws 1 Resource card blind from Blue"
    shown = _seen(d)
    assert blind in shown and "Air card" not in shown, shown
    d.tap("This turn")
    assert blind in d.app.dialog.lines and "Air card" not in _seen(d), d.app.dialog.lines
    d.tap("Close")
    d.tap("Undo")
    assert d.app.state.phase == "rob"
    assert blind in d.app.message.text and "Air card" not in _seen(d), d.app.message.text
    d.tap("Redo")
    assert d.app.state.phase == "main"
    assert blind in d.app.message.text and "Air card" not in _seen(d), d.app.message.text


@pytest.mark.timeout(30)
def test_with_open_hands_a_robberys_line_names_the_kind_drawn(driver):
    """Open hands (the default) keep the line as the rules write it: every hand is on the screen anyway."""
    d = driver()
    _robbery(d)
    assert "Red draws 1 Air card from Blue" in _seen(d)
    d.tap("Undo")
    assert "Red draws 1 Air card from Blue" in d.app.message.text, d.app.message.text


def _tokens_button(d):
    """The Tokens button as the table sees it: its name and the texts drawn inside it ("Tokens" when it is not
    on the screen but behind More: More's own texts)."""
    d.frame()
    name = next((h.label for h in d.app.screen.ui.hits if h.label.startswith("Tokens")), None) or "More"
    rect = next(h.rect for h in d.app.screen.ui.hits if h.label.startswith(name))
    return name, [t for t, r, _ in d.app.screen.ui.texts if rect.contains(r)]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_with_hands_hidden_the_tokens_button_does_not_tell_who_holds_3_of_the_kind_produced(driver, size, players):
    """A tester's finding: with hands hidden, after an Air roll the Tokens button read "Blue, Green": who may
    change Air cards into tokens off turn (F.A.Q. Q.7), i.e. who holds 3 or more Air. The button, its "who?"
    and where a message goes are now the same whatever the others hold: it says the rule ("3+ Air"), offers
    every other player, and the rules refuse one who cannot, with their reason."""
    d = driver(size, players, hands_hidden=True)
    base = colony(_busy(d.app.state), 0, cards=(2, 2, 2), tok3=(0, 0, 0))
    seen = []
    for blue in (9, 2):   # Blue may change (9 Air), then may not (2 Air)
        state = put(d, colony(base, 1, cards=(blue, 4, 4)))
        button = _tokens_button(d)
        assert "Blue" not in " ".join(button[1]) and "everyone" not in button[1], button
        if button[0] == "Tokens":
            assert any(t.startswith(("3+ Air", "anyone")) for t in button[1]), button
        areas = d.app.current_screen().message_areas()
        if button[0] != "Tokens":
            d.tap("More")
        d.tap("Tokens")
        who = (d.app.dialog.title, [o for o, _ in d.app.dialog.options])
        seen.append((button, areas, who))
        if blue == 2 and players > 2:   # a player who cannot: refused by the rules, nothing changes
            d.tap("Blue")
            d.tap("(3) Air token")
            assert d.app.message is not None and "Q.7" in d.app.message.text and d.app.state == state
        d.app.close_dialog()
    assert seen[0] == seen[1], seen


@pytest.mark.timeout(30)
def test_with_open_hands_the_tokens_button_still_names_who_may(driver):
    """Open hands keep naming who may change off turn (everything is on the screen anyway)."""
    from companion.rules.mission_to_mars_2049.model import replace
    d = driver((1280, 720), 4)
    put(d, replace(colony(colony(colony(busy(d.app.state), 0, cards=(2, 2, 2), tok3=(0, 0, 0)), 2,
                                 cards=(2, 4, 4)), 3, cards=(2, 4, 4)), produced=0, face=1))
    assert "Blue" in _tokens_button(d)[1], _tokens_button(d)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_with_hands_hidden_a_refused_token_off_turn_does_not_say_what_the_player_holds(driver, size):
    """Found while fixing the Tokens button: with hands hidden every other player is offered, (3) and (8); a
    token refused to one of them said "A (8) token takes 8 Air cards: 3 Air short." or "... Blue holds 2.",
    telling the table the hand the option hides. The refusal says the rule (F.A.Q. Q.7, 3.8) without the count;
    nothing changes (open hands keep the rules' refusal with the count: tests/rules, it is on the screen)."""
    d = driver(size, 3, hands_hidden=True)
    state = put(d, colony(colony(_busy(d.app.state), 0, cards=(2, 2, 2), tok3=(0, 0, 0)), 2, cards=(2, 4, 4)))
    for who, token, held in (("Blue", "(8) Air token", "9"), ("Green", "(3) Air token", "2")):
        if "Tokens" not in d.names():
            d.tap("More")
        d.tap("Tokens")
        d.tap(who)
        d.tap(token)
        if who == "Blue":   # 9 Air: the (8) is made; take it back, and ask for 2 of them with 7 Air
            assert d.app.state.colonies[1].tok8[0] == 1
            state = put(d, colony(state, 1, cards=(7, 4, 4)))
            if "Tokens" not in d.names():
                d.tap("More")
            d.tap("Tokens")
            d.tap(who)
            d.tap(token)
            held = "7"
        m = d.app.message
        assert m is not None and "Q.7" in m.text and "only with 3" in m.text, m
        assert "short" not in m.text and f"holds {held}" not in m.text and d.app.state == state, m.text


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_with_hands_hidden_a_refused_blind_draw_does_not_say_what_the_victim_holds(driver, size):
    """A table tester's finding: with hands hidden every kind is offered for the card drawn blind, and a kind
    the victim holds none of was refused with "Blue holds no Minerals card; ...", telling the table the hand
    the option hides (3.5 Robbery: "Draw blind without seeing the cards"). The refusal asks to look at the card
    again without naming what the victim holds; nothing changes."""
    from companion.rules.mission_to_mars_2049.model import replace
    d = driver(size, hands_hidden=True)
    s = colony(colony(busy(d.app.state), 1, cards=(2, 1, 0), tok3=(0, 1, 0)), 2, cards=(0, 0, 0))
    state = put(d, replace(s, phase="rob", face=4, rob_victim=-1, rob_left=1, produced=-1))
    d.tap("Robbery")
    d.tap("from Blue")
    d.tap("Minerals")
    m = d.app.message
    assert m is not None and "drawn blind from Blue" in m.text and "3.8" in m.text, m
    assert "holds no" not in _seen(d) and d.app.state == state, _seen(d)


def _red_panel(d):
    """The texts drawn in Red's panel (the largest button named Red)."""
    d.frame()
    panel = max((h.rect for h in d.app.screen.ui.hits if h.label == "Red"), key=lambda r: r.w * r.h)
    return [t for t, r, _ in d.app.screen.ui.texts if panel.collidepoint(r.center)]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_with_hands_hidden_the_robbers_hand_is_not_shown_by_kind_after_a_blind_draw(driver, size):
    """A play test's finding: with hands hidden the line read "Red draws 1 Resource card blind from Blue" (3.5
    Robbery: "Draw blind without seeing the cards"), yet Red's panel, shown as the player's whose turn it is, went
    from "A 2" to "A 3": the kind the line hides. Once Red has drawn blind, Red's hand is counted as the others'
    are ("3 resources"), in the panel and its details, until the die passes on; a refused price then says no
    shortfall by kind; Undo shows it again, and the next player's hand shows as before."""
    d = driver(size, hands_hidden=True)
    from companion.rules.mission_to_mars_2049.model import replace
    s = colony(colony(busy(d.app.state), 1, cards=(2, 1, 0), tok3=(0, 1, 0)), 2, cards=(0, 0, 0))
    s = colony(s, 0, cards=(2, 0, 0), tok3=(0, 0, 0))
    put(d, replace(s, phase="rob", face=4, rob_victim=-1, rob_left=1, produced=-1))
    before = _red_panel(d)
    assert _cards_shown(before) and "2" in before, before   # Red's hand by kind before the draw
    d.tap("Robbery")
    d.tap("from Blue")
    d.tap("Air")
    assert d.app.state.colonies[0].cards[0] == 3   # the rules moved the Air card
    after = _red_panel(d)
    assert not _cards_shown(after) and "3 resources \u00b7 3 Road" in after, after
    d.tap("Red")
    assert any("Cards and tokens: hidden" in line for line in d.app.dialog.lines), d.app.dialog.lines
    assert not any(line.startswith(("Can build", "Can afford")) for line in d.app.dialog.lines), d.app.dialog.lines
    d.app.close_dialog()
    d.frame()
    d.tap("Base (why not?)")   # 3 Air of the 3 each a Base costs: no "3 Food, 3 Minerals short", nor "0 Air"
    shown = _seen(d)
    assert "A Base costs" in shown and "more than Red holds" in shown and "short" not in shown, shown
    d.app.message = None
    d.tap("Undo")
    assert d.app.state.phase == "rob" and _cards_shown(_red_panel(d)), _red_panel(d)
    d.tap("Redo")
    d.tap("I'm done")
    texts = _texts(d)
    assert _cards_shown(texts) and d.app.state.current == 1, texts   # Blue's turn: Blue's hand by kind


@pytest.mark.timeout(60)
def test_with_hands_hidden_a_grand_thefts_blind_draws_hide_the_robbers_hand_too(driver):
    """The Grand Theft Mission's three blind draws ("Draw without seeing what cards you are getting", 4.1
    Aggressive Mission Cards) hide the robber's hand by kind as a Robbery's does."""
    from companion.rules.mission_to_mars_2049.model import replace
    d = driver((800, 480), hands_hidden=True)
    s = colony(colony(busy(d.app.state), 1, cards=(2, 1, 0), tok3=(0, 1, 0)), 2, cards=(0, 0, 0))
    put(d, replace(s, phase="rob", face=0, rob_victim=1, rob_left=3, produced=-1))
    assert _cards_shown(_red_panel(d))
    d.tap("Grand Theft")
    d.tap("Air")
    assert d.app.state.phase == "rob" and not _cards_shown(_red_panel(d)), _red_panel(d)


@pytest.mark.timeout(30)
def test_with_open_hands_the_robbers_hand_stays_shown_after_a_blind_draw(driver):
    d = driver()
    _robbery(d)
    assert _cards_shown(_red_panel(d)) and "21" in " ".join(_red_panel(d)), _red_panel(d)

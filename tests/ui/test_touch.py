"""Touch de-dup: one tap is one press whatever SDL sends."""
import pygame
import pytest

from companion.ui.touch import BounceGuard, TapFilter


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def finger(x, y):
    return pygame.event.Event(pygame.FINGERDOWN, x=x / 800, y=y / 480, touch_id=1, finger_id=0)


def mouse(x, y, touch=False, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=button, touch=touch)


@pytest.mark.timeout(10)
def test_finger_plus_marked_mouse_is_one_press():
    f = TapFilter((800, 480), clock=Clock())
    taps = [f.tap(finger(400, 240)), f.tap(mouse(400, 240, touch=True))]
    assert [t for t in taps if t] == [(400, 240)]


@pytest.mark.timeout(10)
def test_finger_plus_unmarked_mouse_within_window_is_one_press():
    c = Clock()
    f = TapFilter((800, 480), clock=c)
    assert f.tap(finger(100, 100)) == (100, 100)
    c.t += 0.05
    assert f.tap(mouse(102, 99)) is None
    # mouse first, then the finger copy
    c.t += 1
    assert f.tap(mouse(300, 300)) == (300, 300)
    c.t += 0.02
    assert f.tap(finger(300, 300)) is None


@pytest.mark.timeout(10)
def test_separate_taps_count():
    c = Clock()
    f = TapFilter((800, 480), clock=c)
    assert f.tap(finger(100, 100)) == (100, 100)
    c.t += 0.05
    assert f.tap(mouse(600, 400)) == (600, 400)  # somewhere else: a second finger/person
    c.t += 1.0
    assert f.tap(mouse(600, 400)) == (600, 400)  # later: a new tap
    c.t += 0.1
    assert f.tap(finger(50, 50)) == (50, 50)
    assert f.tap(mouse(50, 50, button=3)) is None  # right button is no tap


@pytest.mark.timeout(20)
def test_app_counts_one_press_for_finger_and_mouse(make_driver):
    """Through the app: FINGERDOWN + its synthesised mouse press toggle a Marsonaut once."""
    d = make_driver((800, 480))
    hit = [h for h in d.app.screen.ui.hits if h.label == "Stan"][0]
    x, y = hit.rect.center
    d.app.handle(finger(x, y))
    d.app.handle(mouse(x, y, touch=True))
    d.app.handle(mouse(x, y))  # a driver that does not mark it
    d.frame()
    assert d.app.ui_for("thirty-to-mars").screens["new_game"].crew == ["stan"]


def frame(buttons):
    """``under(pos)`` of a frame whose buttons are ``{label: (x, y, w, h)}``."""
    rects = {label: pygame.Rect(r) for label, r in buttons.items()}
    return lambda pos: next((label for label, r in rects.items() if r.collidepoint(pos)), None)


@pytest.mark.timeout(10)
def test_a_double_taps_second_tap_on_what_the_first_brought_is_dropped():
    clock = Clock()
    g = BounceGuard(clock=clock)
    done = frame({"I'm done": (600, 400, 200, 80)})
    after = frame({"option 6": (600, 400, 200, 80)})  # the next player's die face, where I'm done was
    assert g.accept((700, 440), done)
    clock.t += 0.128
    assert not g.accept((702, 442), after)  # the first tap brought another button under the finger
    clock.t += 0.05
    assert not g.accept((700, 440), after), "a third bounce, measured from the tap that counted"
    clock.t += 0.4
    assert g.accept((700, 440), after)  # a tap of its own
    clock.t += 0.1
    assert g.accept((700, 440), after), "the same button twice (a stepper's +, a face entered twice)"
    assert g.dropped == 2


@pytest.mark.timeout(10)
def test_quick_taps_on_neighbouring_buttons_that_were_there_all_count():
    """A tester's finding: E then R on the keyboard (24 px apart, 0.2 s) typed only "e", and the die faces 3 then
    4 (34 px, 0.25 s) entered one die: the guard dropped any quick second tap on another button."""
    clock = Clock()
    g = BounceGuard(clock=clock)
    keys = frame({"key E": (100, 300, 22, 40), "key R": (124, 300, 22, 40)})
    assert g.accept((110, 320), keys)
    clock.t += 0.2
    assert g.accept((134, 320), keys)
    faces = frame({"3": (100, 300, 32, 60), "4": (134, 300, 32, 60)})
    clock.t += 0.5
    assert g.accept((116, 330), faces)
    clock.t += 0.25
    assert g.accept((150, 330), frame({"3": (100, 300, 32, 60), "4": (134, 300, 32, 60), "5": (168, 300, 32, 60)}))
    assert g.dropped == 0


def _mission_to_mars_2049_at_im_done(session, catalogues):
    """A 3-player Mission to Mars 2049 game played by random moves (seed 2) until "I'm done" may be tapped, drawn
    at 800x480 with the bounce guard on a :class:`Clock` the test moves; returns ``(driver, clock)``."""
    import random

    from companion.rules import GAMES
    from companion.ui.driver import Driver
    pygame.display.init()
    pygame.display.set_mode((800, 480))
    game = GAMES["mission-to-mars-2049"]
    session.new_game("mission-to-mars-2049", game.default_options(3, 1))
    rng = random.Random(2)
    while not any(a.kind == "done" for a in game.legal_actions(session.state)):
        session.submit(game.random_action(session.state, rng))
    d = Driver(session, catalogues, (800, 480), game_id="mission-to-mars-2049")
    clock = Clock()
    d.app.bounces.clock = clock
    d.frame()
    return d, clock


@pytest.mark.timeout(60)
def test_a_double_tap_on_im_done_does_not_enter_the_next_players_roll(session, catalogues):
    """A tester's finding (Mission to Mars 2049, 800x480): two taps 128 ms apart on "I'm done!" ended the turn,
    and the second landed on the next player's "Skip a turn" face under it: a roll nobody made."""
    d, clock = _mission_to_mars_2049_at_im_done(session, catalogues)
    done = next(h for h in d.app.screen.ui.hits if h.label == "I'm done")
    x, y = done.rect.center
    d.app.handle(finger(x, y))
    d.frame()
    seq = session.seq
    under = d.app.screen.ui.hit((x, y))
    assert under is not None and under.label != "I'm done", "another button came under the finger"
    clock.t += 0.128
    d.app.handle(finger(x, y))
    d.frame()
    assert session.seq == seq, "the second tap of the double tap made a move"
    clock.t += 0.5
    d.app.handle(finger(x, y))  # a tap of its own
    assert session.seq > seq


@pytest.mark.timeout(30)
def test_two_quick_keys_through_the_app_type_both(make_driver):
    """The tester's case through the app: a card's name typed E then R, 0.2 s apart, is "ER"."""
    from .helpers import start_game
    d = make_driver((480, 800))
    start_game(d)
    d.tap("New card")
    clock = Clock()
    d.app.bounces.clock = clock
    centres = [next(h.rect.center for h in d.app.screen.ui.hits if h.label == key) for key in ("key E", "key R")]
    d.app.bounces.radius_px = 60  # the keys, 47 px apart here, within its reach (24 px on a tester's screen)
    for x, y in centres:  # the finger's 0..1 fractions of this 480x800 screen
        d.app.handle(pygame.event.Event(pygame.FINGERDOWN, x=x / 480, y=y / 800, touch_id=1, finger_id=0))
        d.frame()
        clock.t += 0.2
    assert d.app.ui_for("thirty-to-mars").screens["card"].card_name.upper() == "ER"


@pytest.mark.timeout(30)
def test_a_bounce_after_a_slow_start_is_dropped(make_driver, monkeypatch):
    """A reviewer's finding: right after Start on a New-game screen, a bouncing second tap could land on the screen
    that followed. The window was measured from when the first tap was taken, so a Start whose new game took longer
    than the window to commit (a slow SD card: 0.5 s here) left no guard once its screen showed: the bounce, 0.1 s
    after the setup's die faces appeared under the finger, entered a roll nobody made. The window runs from when
    the answer is on the screen."""
    d = make_driver((800, 480))
    for n in ("Larisa", "Stan", "John", "Maria"):
        d.tap(n)
    clock = Clock()
    d.app.bounces.clock = clock
    session = d.app.session
    real = session.new_game

    def slow_new_game(*args, **kwargs):
        clock.t += 0.5  # the commit's fsync on a slow card
        return real(*args, **kwargs)
    monkeypatch.setattr(session, "new_game", slow_new_game)
    x, y = next(h.rect.center for h in d.app.screen.ui.hits if h.label == "Start")
    d.app.handle(finger(x, y))
    d.frame()
    assert d.app.current_screen().name == "setup" and d.app.screen.ui.hit((x, y)).label == "face 6"
    clock.t += 0.1
    d.app.handle(finger(x, y))
    d.frame()
    assert session.seq == 0 and d.app.bounces.dropped == 1, "the bounce entered a roll"
    clock.t += 0.5
    d.app.handle(finger(x, y))  # a tap of its own, once the faces were seen
    d.frame()
    assert session.seq == 1


@pytest.mark.timeout(60)
def test_a_second_tap_before_the_first_is_answered_is_dropped(session, catalogues):
    """A reviewer's finding: a bounce that came with the first tap in one batch of events (before the first tap's
    answer was drawn) was judged by the frame the first tap was made on, and went to the buttons of a screen no
    longer shown: "I'm done!" twice ended the turn, then showed the next player a refusal nobody asked for
    ("Always start your turn by rolling the die"). A tap near one whose answer is not on the screen is a bounce."""
    d, clock = _mission_to_mars_2049_at_im_done(session, catalogues)
    x, y = next(h.rect.center for h in d.app.screen.ui.hits if h.label == "I'm done")
    seq = session.seq
    d.app.handle(finger(x, y))
    clock.t += 0.05
    d.app.handle(finger(x, y))  # no frame between: one batch of events
    d.frame()
    assert session.seq == seq + 1 and d.app.message is None, d.app.message and d.app.message.text
    assert d.app.bounces.dropped == 1


def _press(d, how, pos):
    """A tap at logical ``pos`` as the real loop takes it from SDL (``finger``) or as a TAP event (``tap``)."""
    from companion.ui.app import TAP
    if how == "finger":
        d.app.handle(finger(*pos))
    else:
        d.app.handle(pygame.event.Event(TAP, pos=pos))


@pytest.mark.timeout(60)
@pytest.mark.parametrize("how", ["finger", "tap"])
def test_a_far_tap_in_the_batch_of_one_that_changed_the_screen_acts_on_the_screen_as_it_is_now(
        session, catalogues, how):
    """A tester's finding: two far taps in one batch of events (two fingers, two players) went to the screen as it
    was before the first: "I'm done!" then "More" pressed the old turn's More after the turn had ended, where the
    next player's die face 5 now is, and opened the bank's moves over the roll. The screen is drawn again before the
    second tap: one whose button is still there (a player's tile) acts on it; one whose button went (here a die
    face came) does nothing."""
    d, clock = _mission_to_mars_2049_at_im_done(session, catalogues)
    at = {h.label: h.rect.center for h in d.app.screen.ui.hits}
    seq = session.seq
    _press(d, how, at["I'm done"])
    clock.t += 0.05
    _press(d, how, at["More"])  # no frame between: one batch of events
    d.frame()
    assert session.seq == seq + 1, "the second tap made a move"
    assert d.app.message is None and d.app.dialog is None, d.app.message and d.app.message.text
    assert d.app.stale_taps == 1 and d.app.screen.ui.hit(at["More"]).label == "face 5"
    d.app.undo()
    d.frame()
    _press(d, how, at["I'm done"])
    clock.t += 0.05
    _press(d, how, at["Player 2"])  # the tile is where it was: the tap acts on it
    d.frame()
    assert session.seq == seq + 1 and d.app.stale_taps == 1
    assert d.app.dialog is not None and "Player 2" in d.app.dialog.title, d.app.dialog

"""Score pad: keeps the score of a game with no screen of its own, and the Croak matches
stored on the pad before Croak had its own screen.

Each player is a row with their total; tap a row (or step with `next`) to
choose whose score to enter, type the amount on the number pad and press OK
(or `confirm`). "+1" adds one at once. Next round /
next turn plays the score pad's ``next_turn``; `undo` and `redo` are events
like everything else. What wins comes from ``companion.games.guides``: Croak
to 75.

This screen only plays ``scorepad`` sessions: when a game gets its own engine
and screen, ``ui.app.screen_for`` sends its sessions there instead.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.games.guides import leaders, score_rule
from companion.games.scorepad import Points
from companion.session import RedoEvent, UndoEvent
from companion.turns import NextTurn
from ui.screens.base import BaseScreen, load_kv

load_kv(__file__)


class ScoreRow(ButtonBehavior, BoxLayout):
    """One player: seat colour, name, total; ``selected`` when the pad enters for them."""

    seat = NumericProperty(0)
    name = StringProperty("")
    score = NumericProperty(0)
    selected = BooleanProperty(False)
    to_play = BooleanProperty(False)
    leading = BooleanProperty(False)
    min_state_time = NumericProperty(0)


class ScorepadScreen(BaseScreen):
    title = StringProperty("")
    turn_text = StringProperty("")
    leader_text = StringProperty("")
    rule_text = StringProperty("")
    unit = StringProperty("points")
    next_label = StringProperty("Next turn")
    selected = NumericProperty(0)
    selected_name = StringProperty("")
    rounds = BooleanProperty(False)
    # Croak's card count: "one point for every card returned from the SWAMP, and
    # deducting 2 points for every card remaining in their POND pile".
    card_mode = BooleanProperty(False)
    card_step = StringProperty("swamp")  # "swamp" then "pond"
    swamp_cards = NumericProperty(0)
    prompt = StringProperty("")
    message = StringProperty("")
    won = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rows: list[ScoreRow] = []
        self._bound = False
        self.ids.pad.bind(on_confirm=lambda _p, _n: self.confirm_pad())

    def enter(self, **kwargs: Any) -> None:
        super().enter(**kwargs)
        if not self._bound:
            self.app.bind(revision=lambda *_: self.refresh())
            self._bound = True
        live = self.app.live
        if live is None or live.info.game != "scorepad":
            self.app.go("home")
            return
        from ui.app import session_title

        rule = score_rule(live.info)
        self.title = session_title(live.info)
        self.unit = rule.unit
        self.rule_text = rule.how
        self.next_label = "Next round" if rule.rounds else "Next turn"
        self.rounds = rule.rounds
        self.card_mode = False
        self.card_step = "swamp"
        self.ids.pad.allow_negative = rule.negative
        self.ids.pad.clear()
        self.message = ""
        box = self.ids.players
        box.clear_widgets()
        self.rows = []
        for seat, player in enumerate(live.info.players):
            row = ScoreRow(seat=seat, name=player.name)
            row.bind(on_release=lambda r: self.select(r.seat))
            box.add_widget(row)
            self.rows.append(row)
        self.selected = 0
        self.refresh()

    def refresh(self) -> None:
        live = self.app.live
        if live is None or live.info.game != "scorepad" or len(self.rows) != len(live.state.scores):
            return
        state = live.state
        rule = score_rule(live.info)
        win, text = leaders(rule, list(state.names), list(state.scores))
        self.won = rule.target is not None and any(s >= rule.target for s in state.scores)
        self.selected_name = state.names[self.selected]
        self._update_prompt()
        for row, score in zip(self.rows, state.scores, strict=True):
            row.score = score
            row.selected = row.seat == self.selected
            row.to_play = row.seat == state.flow.seat and not rule.rounds
            row.leading = row.name in win and max(state.scores) > 0
        word = "Round" if rule.rounds else "Turn"
        who = "" if rule.rounds else f": {state.names[state.flow.seat]} to play"
        self.turn_text = f"{word} {state.flow.turn}{who}"
        self.leader_text = text
        self.ids.undo.disabled = not live.can_undo()

    def select(self, seat: int) -> None:
        self.selected = seat
        self.card_step = "swamp"
        self.ids.pad.clear()
        self.refresh()

    def _play(self, event: Any) -> bool:
        return self.play_or_tell(event)

    def _update_prompt(self) -> None:
        if not self.card_mode:
            self.prompt = f"{self.selected_name}: {self.unit}"
        elif self.card_step == "swamp":
            self.prompt = f"{self.selected_name}: SWAMP cards"
        else:
            self.prompt = f"{self.selected_name}: POND cards left"

    def toggle_cards(self) -> None:
        """Croak: enter the two card counts and let the pad work out the round score."""
        self.card_mode = not self.card_mode
        self.card_step = "swamp"
        self.ids.pad.clear()
        self.ids.pad.allow_negative = not self.card_mode  # counts are never negative
        self._update_prompt()

    def confirm_pad(self) -> bool:
        """OK on the pad: a score, or in card mode the next card count."""
        pad = self.ids.pad
        if not pad.value:
            return False
        if not self.card_mode:
            return self.enter_points(pad.number)
        if self.card_step == "swamp":
            self.swamp_cards = pad.number
            self.card_step = "pond"
            pad.clear()
            self._update_prompt()
            return True
        score = int(self.swamp_cards) - 2 * pad.number
        self.card_step = "swamp"
        if score == 0:  # nothing to record; on to the next player
            pad.clear()
            self.select((self.selected + 1) % len(self.rows))
            return True
        return self.enter_points(score)

    def enter_points(self, amount: int) -> bool:
        """Add ``amount`` to the selected player, then move on to the next player."""
        if amount == 0 or not self.rows:
            return False
        name = self.rows[self.selected].name
        if not self._play(Points(name, amount)):
            return False
        self.ids.pad.clear()
        self.selected = (self.selected + 1) % len(self.rows)
        self.refresh()
        return True

    def plus_one(self) -> bool:
        return self.enter_points(1)

    def next_turn(self) -> bool:
        self.selected = 0
        return self._play(NextTurn())

    def undo(self) -> bool:
        return self._play(UndoEvent())

    def redo(self) -> bool:
        return self._play(RedoEvent())

    def finish(self) -> None:
        """The table says the game is over: mark it finished and show it in History."""
        self.app.finish_session()
        self.app.live = None
        self.app.go("history")

    def on_command(self, cmd: str) -> bool:
        if cmd == "next":
            if self.ids.pad.value:
                return self.confirm_pad()
            return self.next_turn()
        if cmd == "confirm":
            if self.ids.pad.value:
                return self.confirm_pad()
            if self.won:  # someone reached the target: a long press of next ends the game
                self.finish()
                return True
            self.select((self.selected + 1) % max(1, len(self.rows)))
            return True
        if cmd == "undo":
            return self.undo()
        if cmd == "redo":
            return self.redo()
        return False


def demo(app: Any) -> None:
    """A Croak score pad (a match stored before Croak had its own screen) in round 3 with some
    scores entered, counting Ben's cards."""
    from companion.games.base import Player
    from companion.session import SessionInfo

    names = ("Ana", "Ben", "Cy")
    pad = {"for": "croak", "rounds": True, "negative": True}
    app.start_session(SessionInfo("scorepad", tuple(Player(n) for n in names), pad))
    screen = app.screen
    for scores in ((12, 8, -3), (20, 15, 9)):
        for amount in scores:
            screen.enter_points(amount)
        screen.next_turn()
    screen.enter_points(18)
    screen.toggle_cards()
    screen.ids.pad.value = "12"


def _pad_for(game: str, players: int) -> Any:
    """A score pad kept for ``game`` (even once the game has its own engine and screen)."""

    def state(app: Any) -> None:
        from companion.games.base import Player
        from companion.games.guides import SCOREPAD, score_rule_for
        from companion.session import SessionInfo

        names = ("Ana", "Ben", "Cy", "Dee")[:players]
        rule = score_rule_for(game)
        options = {"for": game, "rounds": rule.rounds, "negative": rule.negative}
        app.start_session(SessionInfo(SCOREPAD, tuple(Player(n) for n in names), options))
        screen = app.screen
        screen.enter_points(1)
        screen.next_turn()

    return state


def demo_states() -> list[tuple[str, Any]]:
    """The pad kept by turns for 4 players (Ponder's rule: frogs across) and for 2 (BOG's)."""
    return [("ponder", _pad_for("ponder", 4)), ("bog", _pad_for("bog", 2))]

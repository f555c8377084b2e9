"""A plausible Pond game played by simple bots: for demos, examples, tests and benchmarks.

The bots follow the rulebook (deploy in the Start Phase, March to adjacent
ponds, Attack, Merge, build and take Lilypads) and the log they write is what a
table would produce. ``camera`` says how the map is seen: ``"live"`` (a ``board``
after every change), ``"end"`` (a ``board`` in each End Phase) or ``"none"`` (the
player types in a ``control`` in each End Phase). Besides, the log holds ``damage``
when a Long Fwooog is hit, ``next_phase`` between phases, now and then an
``undo`` and ``redo``, and ``card_vp`` for everyone at the end. Randomness comes
from the injected ``random.Random``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.games.base import JSON, Event, Player
from companion.games.pond.control import control_of
from companion.games.pond.events import (
    FACTIONS,
    Board,
    CardVp,
    Control,
    Damage,
    NextPhase,
    PondContent,
    Vp,
)
from companion.games.pond.setup import DEFAULT_VP_SUPPLY, LONG_FWOOOGS
from companion.games.pond.state import PondState
from companion.session import LiveSession, RedoEvent, SessionInfo, UndoEvent, replay

DEMO_NAMES = ("Ana", "Ben", "Cy", "Dee")
LILYPAD_TOKENS = 13


@dataclass
class _Pond:
    frogs: dict[str, int] = field(default_factory=dict)
    fwooogs: set[str] = field(default_factory=set)
    lilypad: str | None = None  # None, "free" or a faction

    def content(self) -> PondContent:
        frogs = tuple(sorted((f, n) for f, n in self.frogs.items() if n))
        return PondContent(frogs, tuple(sorted(self.fwooogs)), self.lilypad)


class _Table:
    """The bots' own model of the map, kept in step with the events they log."""

    def __init__(self, live: LiveSession, rng: random.Random, camera: str) -> None:
        self.live = live
        self.rng = rng
        self.camera = camera
        st: PondState = live.state
        self.layout = st.layout
        self.ponds = {pid: _Pond() for pid in self.layout.ponds}
        for pid, content in st.board.ponds:
            self.ponds[pid].fwooogs = set(content.fwooogs)
            self.ponds[pid].lilypad = content.lilypad
        self.lilypads_left = LILYPAD_TOKENS - 1

    @property
    def state(self) -> PondState:
        result: PondState = self.live.state
        return result

    def play(self, event: Event) -> None:
        if not self.state.over:
            self.live.play(event)

    def board(self) -> None:
        if self.camera == "live":
            self.play(self._board_now(skip_empty=True))
            if self.rng.random() < 0.02 and not self.state.over:
                self.live.play(UndoEvent())  # a misread board taken back, then put back
                self.live.play(RedoEvent())

    def end_board(self) -> None:
        self.play(self._board_now(skip_empty=True))

    def supply_of(self, faction: str) -> int:
        return self.state.frogs_in_supply(faction, self._board_now())

    def _board_now(self, skip_empty: bool = False) -> Board:
        ponds = ((pid, p.content()) for pid, p in self.ponds.items())
        return Board(tuple((k, c) for k, c in ponds if not skip_empty or c != PondContent()))

    # --- the actions -------------------------------------------------------------------

    def deploy(self, faction: str) -> None:
        for pond in self.ponds.values():
            if faction in pond.fwooogs and self.supply_of(faction) > 0:
                pond.frogs[faction] = pond.frogs.get(faction, 0) + 1
        self.board()

    def _lose_frog(self, pond: _Pond, faction: str) -> bool:
        """One damage to ``faction`` in ``pond``; True if it hit the Long Fwooog."""
        if pond.frogs.get(faction, 0) > 0:
            pond.frogs[faction] -= 1
            if pond.frogs[faction] == 0 and pond.lilypad == faction:
                pond.lilypad = "free"
            return False
        return faction in pond.fwooogs

    def march(self, faction: str) -> bool:
        sources = [pid for pid, p in self.ponds.items() if p.frogs.get(faction, 0) > 0]
        if not sources:
            return False
        src = self.rng.choice(sources)
        dst = self.rng.choice(sorted(self.layout.neighbours(src)))
        n = self.rng.randint(1, self.ponds[src].frogs[faction])
        for _ in range(n):
            self._lose_frog(self.ponds[src], faction)
        self.ponds[dst].frogs[faction] = self.ponds[dst].frogs.get(faction, 0) + n
        self.board()
        return True

    def attack(self, faction: str) -> bool:
        fields = [
            pid
            for pid, p in self.ponds.items()
            if p.frogs.get(faction, 0) > 0
            and any(f != faction and (p.frogs.get(f, 0) or f in p.fwooogs) for f in FACTIONS)
        ]
        if not fields:
            return False
        pond = self.ponds[self.rng.choice(fields)]
        me = self.state.current_player
        names = dict(zip(self.state.factions, self.state.names, strict=True))
        hits: list[str] = []
        for _ in range(min(3, pond.frogs.get(faction, 0))):
            enemies = [
                f for f in FACTIONS if f != faction and (pond.frogs.get(f, 0) or f in pond.fwooogs)
            ]
            if not enemies:
                break
            roll = self.rng.choice(("miss", "sword", "bomb"))
            if roll == "miss":
                continue
            target = self.rng.choice(enemies)
            if self._lose_frog(pond, target):
                hits.append(names[target])
            if roll == "bomb":
                self._lose_frog(pond, faction)  # no VP for damage to your own Long Fwooog
        # The camera sees the frogs removed, then the damage to Long Fwooogs is entered.
        self.board()
        for target_name in hits:
            self.play(Damage(me, target_name, 1))
        return True

    def merge(self, faction: str) -> bool:
        mine = sum(1 for p in self.ponds.values() if faction in p.fwooogs)
        fountain = self.layout.fountain
        spots = [
            pid
            for pid, p in self.ponds.items()
            if pid != fountain and faction not in p.fwooogs and p.frogs.get(faction, 0) >= 2
        ]
        if mine >= LONG_FWOOOGS or not spots:
            return False
        pond = self.ponds[self.rng.choice(spots)]
        self._lose_frog(pond, faction)
        self._lose_frog(pond, faction)
        pond.fwooogs.add(faction)
        self.board()
        return True

    def control(self, faction: str) -> None:
        """No camera: the player types in how many ponds and lilypads they control."""
        ponds, lilypads = control_of(self._board_now()).count(faction)
        self.play(Control(ponds, lilypads))

    def lilypad(self, faction: str) -> bool:
        spots = [
            pid
            for pid, p in self.ponds.items()
            if p.frogs.get(faction, 0) > 0
            and (p.lilypad == "free" or (p.lilypad is None and self.lilypads_left > 0))
        ]
        if not spots:
            return False
        pond = self.ponds[self.rng.choice(spots)]
        if pond.lilypad is None:
            self.lilypads_left -= 1
        pond.lilypad = faction
        self.board()
        return True


def demo_session(player_count: int = 4, **options: object) -> SessionInfo:
    players = tuple(Player(DEMO_NAMES[i], {"faction": FACTIONS[i]}) for i in range(player_count))
    return SessionInfo("pond", players, dict(options))


def play_demo_game(
    info: SessionInfo, rng: random.Random, camera: str = "live", max_events: int | None = None
) -> LiveSession:
    """Bots play ``info`` until the VP supply runs out (or ``max_events`` log entries)."""
    live = LiveSession(info)
    table = _Table(live, rng, camera)

    def room() -> bool:
        return not table.state.over and (max_events is None or len(live.log) < max_events)

    while room():
        faction = table.state.current_faction
        table.deploy(faction)
        table.play(NextPhase())
        for _ in range(rng.randint(1, 4)):
            if not room():
                break
            action = rng.choice(
                (table.march, table.march, table.attack, table.merge, table.lilypad)
            )
            action(faction)
            if rng.random() < 0.05:
                table.play(Vp(table.state.current_player, 1, "card"))
        table.play(NextPhase())
        if camera == "none":
            table.control(faction)
        elif camera == "end":
            table.end_board()
        table.play(NextPhase())
    return live


def demo_game_json(
    player_count: int = 4, seed: int = 0, events: int | None = None, camera: str = "live"
) -> JSON:
    """A whole game as a ``session/1`` document, ending when the last VP token is taken.

    With ``events`` the VP supply is chosen so that the game lasts about that many
    events (never below the rulebook's supply for the player count).
    """
    rng = random.Random(seed)
    if events is None:
        live = play_demo_game(demo_session(player_count), rng, camera)
    else:
        big = play_demo_game(demo_session(player_count, vp_supply=10**6), rng, camera, events)
        st: PondState = big.state
        info = demo_session(player_count, vp_supply=max(st.taken, DEFAULT_VP_SUPPLY[player_count]))
        live = replay(info, big.events_json())
        log = live.events_json()
        if live.state.over:  # drop what the engine refused after the end
            end = live.active[live.state.ended_by].index
            live = replay(info, log[: end + 1])
    for seat, name in enumerate(live.state.names):
        live.play(CardVp(name, 3 + (seat * 7 + len(live.log)) % 17))
    return live.to_json()

"""The ``Game`` object for Croak (``GAME``): setup, refusals, the checker, the summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import BadFileError
from companion.games.base import JSON, Event, Game, Player, SetupStep, Violation
from companion.games.croak import match
from companion.games.croak.deck import SAMPLE, read_deck_file
from companion.games.croak.events import POND_PILE, Correct, Count, Croak, Score, Start
from companion.games.croak.events import parse_event as parse_croak_event
from companion.games.croak.match import TARGET, CroakState, Hand

DECKS = ("KERMIT", "PRINCESS", "HYPNO", "JEREMY")
MIN_PLAYERS = 2
MAX_PLAYERS = 4  # four decks
OPTIONS = ("deck", "target")


def lilypad_piles(player_count: int) -> int:
    """ "draws the top 3 cards (or 5, if playing with 2 players)" """
    return 5 if player_count == 2 else 3


def decks_of(players: Sequence[Player]) -> tuple[str, ...]:
    """Each player's deck: their ``deck`` attribute, else the first deck nobody chose."""
    chosen: dict[str, int] = {}
    for i, p in enumerate(players):
        deck = p.attrs.get("deck")
        if deck is None:
            continue
        if deck not in DECKS:
            raise BadFileError(
                f"players[{i}].deck must be one of {', '.join(DECKS)}, found {deck!r}"
            )
        if deck in chosen:
            raise BadFileError(f"players[{i}].deck {deck} is already players[{chosen[deck]}]'s")
        chosen[str(deck)] = i
    free = [d for d in DECKS if d not in chosen]
    out: list[str] = []
    for p in players:
        deck = p.attrs.get("deck")
        out.append(str(deck) if deck is not None else free.pop(0))
    return tuple(out)


def parse_options(options: Mapping[str, Any]) -> tuple[str, int]:
    """(deck file or "sample", target); ``BadFileError`` names the option."""
    extra = sorted(set(options) - set(OPTIONS))
    if extra:
        raise BadFileError(f"options.{extra[0]}: unknown option for Croak (known: deck, target)")
    deck = options.get("deck", SAMPLE)
    if not isinstance(deck, str) or not deck:
        raise BadFileError(f"options.deck must be 'sample' or a croak-deck/1 file, found {deck!r}")
    target = options.get("target", TARGET)
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise BadFileError(f"options.target must be a whole number from 1, found {target!r}")
    return deck, target


def impossible_count(deck_size: int, event: Event) -> str | None:
    """The field and why, when a count in ``event`` is more cards than a deck holds."""
    counts = event.counts if isinstance(event, Score | Correct) else ()
    for c in counts:
        if c.returned + c.pond_left > deck_size:
            return (
                f"field 'counts'.{c.player}.returned is {c.returned}: impossible, a deck holds "
                f"{deck_size} cards and {c.pond_left} are still in the POND pile"
            )
    return None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class CroakGame:
    name = "croak"
    title = "Croak"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    # --- setup ----------------------------------------------------------------------------

    def validate_setup(self, players: Sequence[Player], options: Mapping[str, Any]) -> None:
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise BadFileError(f"players: Croak takes 2 to 4 players, found {len(players)}")
        decks_of(players)
        deck, _ = parse_options(options)
        try:
            read_deck_file(deck)
        except BadFileError as exc:
            raise BadFileError(f"options.deck: {exc}") from None

    def default_options(self, player_count: int) -> JSON:
        return {"deck": SAMPLE, "target": TARGET}

    def setup_steps(self, players: Sequence[Player], options: Mapping[str, Any]) -> list[SetupStep]:
        n = len(players)
        deck_file, target = parse_options(options)
        size = read_deck_file(deck_file).size
        piles = lilypad_piles(n)
        stock = size - piles - POND_PILE
        owners = ", ".join(f"{p.name} {d}" for p, d in zip(players, decks_of(players), strict=True))
        return [
            SetupStep(
                "decks",
                f"Each player takes their own deck: {owners}. Each player shuffles their own "
                "deck thoroughly.",
                {"decks": n, "deck_size": size},
            ),
            SetupStep(
                "lilypad-piles",
                f"Each player draws the top {piles} cards face up, side by side in front of them: "
                f"the LILYPAD piles{' (5 with 2 players)' if n == 2 else ''}.",
                {"lilypad_piles": piles},
            ),
            SetupStep(
                "pond-pile",
                f"Each player counts the next {POND_PILE} cards into a single pile, face up: the "
                "POND pile, to the right or left of the LILYPAD piles (not to be confused with "
                "the DISCARD pile).",
                {"pond_pile": POND_PILE},
            ),
            SetupStep(
                "stockpile",
                f"Each player holds their remaining {stock} cards stacked face down in their "
                "hand: the STOCKPILE. Never look at them like a hand of cards.",
                {"stockpile": stock},
            ),
            SetupStep(
                "scorekeeper",
                "This app keeps the score: 1 point for every card returned from the SWAMP, minus "
                f"2 for every card left in the POND pile. The first player to {target} points "
                "wins.",
                {"target": target},
            ),
            SetupStep(
                "start",
                "One player signals the start; everyone plays at the same time until someone "
                'drains their POND pile and says "CROAK".',
            ),
        ]

    def initial_state(self, players: Sequence[Player], options: Mapping[str, Any]) -> CroakState:
        deck_file, target = parse_options(options)
        return match.initial_state(
            [p.name for p in players], decks_of(players), read_deck_file(deck_file).size, target
        )

    # --- events ---------------------------------------------------------------------------

    def parse_event(self, data: Mapping[str, Any], where: str) -> Event:
        return parse_croak_event(data, where)

    def refusal(self, st: CroakState, event: Event) -> str | None:
        hand = st.open_hand
        if isinstance(event, Correct):
            return self._correct_refusal(st, event)
        if isinstance(event, Start | Croak | Score) and hand is None and st.over:
            return f"the match is over: {st.now.how}; only a correction can change it"
        if isinstance(event, Start):
            if hand is not None:
                return f"hand {hand.number} has not been scored yet"
            return None
        if hand is None:
            return "no hand is being played: start one first"
        if isinstance(event, Croak):
            return self._player_refusal(st, hand, event.player)
        if isinstance(event, Score):
            return self._counts_refusal(st, hand, event.counts, complete=True)
        return f"Croak does not know the event {event.type!r}"

    def _player_refusal(self, st: CroakState, hand: Hand, name: str) -> str | None:
        if name not in st.names:
            return f"no player named {name!r} (players: {', '.join(st.names)})"
        if name not in hand.players:
            return f"{name} is not in this face-off ({match.names_text(hand.players)} are)"
        return None

    def _counts_refusal(
        self, st: CroakState, hand: Hand, counts: Sequence[Count], complete: bool
    ) -> str | None:
        seen: set[str] = set()
        for c in counts:
            reason = self._player_refusal(st, hand, c.player)
            if reason is not None:
                return reason
            if c.player in seen:
                return f"{c.player} is counted twice"
            seen.add(c.player)
        missing = [n for n in hand.players if n not in seen]
        if complete and missing:
            return f"hand {hand.number}: no count for {match.names_text(missing)}"
        return None

    def _correct_refusal(self, st: CroakState, event: Correct) -> str | None:
        if st.open_hand is not None:
            return f"hand {st.open_hand.number} is being played: score it before correcting"
        scored = st.scored_hands
        if not 1 <= event.hand <= len(scored):
            return f"there is no hand {event.hand} to correct ({len(scored)} hands scored)"
        hand = st.hands[event.hand - 1]
        if event.caller is not None:
            reason = self._player_refusal(st, hand, event.caller)
            if reason is not None:
                return reason
        return self._counts_refusal(st, hand, event.counts, complete=False)

    # --- the checker ----------------------------------------------------------------------

    def check(self, st: CroakState, event: Event) -> list[Violation]:
        """What the table may have got wrong; never raises."""
        hand = st.open_hand
        if isinstance(event, Croak) and hand is not None and hand.callers:
            return [
                Violation(
                    "one-caller",
                    f"{match.names_text(hand.callers)} already called CROAK in hand {hand.number}: "
                    "exactly one player ends the hand",
                    event.player,
                )
            ]
        if isinstance(event, Score) and hand is not None:
            return self.count_violations(st, hand.number, hand.callers, event.counts)
        if isinstance(event, Correct) and 1 <= event.hand <= len(st.hands):
            old = st.hands[event.hand - 1]
            callers = (event.caller,) if event.caller is not None else old.callers
            merged = match._merged(old.counts, event.counts)
            return self.count_violations(st, event.hand, callers, merged)
        return []

    def count_violations(
        self, st: CroakState, number: int, callers: Sequence[str], counts: Sequence[Count]
    ) -> list[Violation]:
        found: list[Violation] = []
        if not callers:
            found.append(
                Violation("one-caller", f"nobody called CROAK in hand {number}", f"hand {number}")
            )
        for c in counts:
            if not 0 <= c.pond_left <= POND_PILE:
                found.append(
                    Violation(
                        "pond-left",
                        f"{c.player} has {c.pond_left} cards left in the POND pile: it holds 0 "
                        f"to {POND_PILE}",
                        c.player,
                    )
                )
            if c.returned < 0 or c.returned + c.pond_left > st.deck_size:
                found.append(
                    Violation(
                        "deck-size",
                        f"{c.player}: {c.returned} cards returned from the SWAMP and "
                        f"{c.pond_left} left in the POND pile, but a deck holds {st.deck_size}",
                        c.player,
                    )
                )
            if c.player in callers and c.pond_left != 0:
                found.append(
                    Violation(
                        "croak-caller",
                        f"{c.player} called CROAK with {_plural(c.pond_left, 'card')} left in "
                        "the POND pile: CROAK is said on using the last card of the POND pile",
                        c.player,
                    )
                )
        return found

    def impossible(self, st: CroakState, event: Event) -> str | None:
        """A count no table can have: more cards than a deck holds (the replay command stops
        on it with exit 2; the screen's steppers cannot reach it)."""
        return impossible_count(st.deck_size, event)

    def apply(self, st: CroakState, event: Event) -> CroakState:
        return match.apply(st, event)

    def is_over(self, st: CroakState) -> bool:
        return st.over

    def summary(self, st: CroakState) -> str:
        now = st.now
        if now.winner is not None:
            return f"{now.winner} wins: {now.how}"
        hand = st.open_hand
        number = hand.number if hand else len(st.hands) + 1
        if now.face_off:
            head = f"face-off of {match.names_text(now.face_off)}, hand {number}"
        else:
            head = f"hand {number}"
        top = match.leaders(st)
        best = st.total_of(top[0])
        return f"{head}, {match.names_text(top)} {'lead' if len(top) > 1 else 'leads'} with {best}"

    # What ``pond-companion replay`` prints (companion.commands.replay_cmd asks every game).
    def report(self, live: Any) -> JSON:
        from companion.games.croak.report import replay_report

        return replay_report(live)

    def format_report(self, report: JSON) -> str:
        from companion.games.croak.report import format_report

        return format_report(report)


GAME: Game[CroakState] = CroakGame()

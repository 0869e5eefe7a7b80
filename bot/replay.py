"""Replays of kept hands (issue 24): a finished hand dealt again from its record and played
move by move, as a viewer may see it.

A step is the hand as it stood after the deal (step 0) or after one more move. Each is
rebuilt the same way: the engine loads the snapshot kept right after the deal (`load`) and
applies the kept moves, in order, up to it. A replay shows its viewer what they could see
at the time: the public table (the engine's public view, `view(None)`, which shows at the
end whatever the hand turned face up: the showdown) and, for a viewer who was dealt in, that
seat's own cards (`view(seat)`); never another seat's hidden cards. Each step's words are its
log lines; the last step's are the hand's result as the table said it.

A replay is exact or it is not shown: every replay plays the record through to its last
move and checks the final state against the fingerprint kept at the settlement. A record
the engine refuses (kept under a format this version no longer reads), a move it refuses,
or a different end gives the one sentence `CANNOT_REPLAY` instead.

`frame` is the job the drawing workers run (`bot.pictures`): it rebuilds, draws and encodes
off the event loop, and returns a `Frame`, which pickles.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bot.art import to_png
from bot.games import GAMES, Plugin
from bot.games.capabilities import CardNames
from bot.games.results import HandResult, result_text
from bot.games.view import Phase, SeatView, TableView
from bot.i18n import Join, Lang, Markup, Text, lang, t
from bot.pictures import Picture
from bot.render import log_line
from bot.store.contract import HandRecord, KeptMove
from bot.table_layout import ALT_LIMIT, describe_table
from bot.tables.records import SEATING_FORMAT, fingerprint, read_line
from bot.ui import plain
from engine.core.cards import Card
from engine.core.errors import RuleError
from engine.core.game import Event
from engine.core.match import Match

CANNOT_REPLAY = t(
    "This hand was kept by another version of Ridotto, and this one can't replay it exactly, "
    "so it isn't shown."
)
#: log lines a step shows at most (a step is one move: a few lines at most, in practice)
STEP_LINES = 6


class CannotReplay(Exception):
    """The record does not replay exactly on this version's engine."""


@dataclass(frozen=True)
class Step:
    """The hand after `index` moves (0: as dealt). `game` is the engine as it stands then,
    valid until the next step is taken; `events` what this step did; `move` the move played
    (None at the deal)."""

    index: int
    game: Any
    events: Sequence[Event]
    move: KeptMove | None


@dataclass(frozen=True)
class Frame:
    """One step of a replay as one viewer sees it: the step and the last step's number,
    what happened (markdown lines, names escaped), the public table drawn and described,
    and the viewer's own cards drawn and described (None for an onlooker); or, instead of
    all that, the `problem` sentence."""

    step: int
    last: int
    lines: tuple[str, ...] = ()
    table: Picture | None = None
    table_alt: str = ""
    hand: Picture | None = None
    hand_alt: str = ""
    problem: Text | None = None


def card_name(plugin: Plugin, card: Card) -> Text:
    """A card in words for a replay's "Your cards" line: in the game's own words where it has
    them (`CardNames`), else the deck's English label ("Spades 4")."""
    named = plugin.capability(CardNames)
    return Markup(card.label) if named is None else named.card_name(card)


def steps(record: HandRecord) -> Iterator[Step]:
    """Every step of a kept hand, in order; raises CannotReplay (after the last step, if it
    is only the end that differs) when the record does not replay exactly."""
    plugin = GAMES.get(record.game)
    if plugin is None or record.result is None or record.seating.get("format") != SEATING_FORMAT:
        raise CannotReplay(record.game)
    try:
        game = plugin.load(record.start)
    except (RuleError, ValueError, KeyError, TypeError) as error:  # a format it refuses, damaged
        raise CannotReplay(record.game) from error
    yield Step(0, game, (), None)
    for index, move in enumerate(record.moves, 1):
        try:
            events = game.apply(move.seat, move.action)
        except (RuleError, ValueError, KeyError, TypeError) as error:
            raise CannotReplay(record.game) from error
        yield Step(index, game, tuple(events), move)
    if game.outcome is None or fingerprint(game.to_json()) != record.result.get("final"):
        raise CannotReplay(record.game)


def viewer_seat(record: HandRecord, user_id: int) -> int | None:
    """The engine seat `user_id` was dealt in this hand (None: an onlooker)."""
    for seat, player in enumerate(record.seating.get("seats", ())):
        if player.get("user_id") == user_id:
            return seat
    return None


def last_step(record: HandRecord) -> int:
    """The number of the last step (the hand's end): one step a move."""
    return len(record.moves)


def frame(record: HandRecord, index: int, seat: int | None, code: str = "en") -> Frame:
    """Step `index` of the kept hand as the viewer in engine seat `seat` (None: an onlooker)
    sees it, drawn, in their language `code`; the worker's job. The whole hand is replayed,
    so that a replay that is not exact is never shown."""
    say = lang(code)
    last = last_step(record)
    index = max(0, min(index, last))
    drawn: Frame | None = None
    try:
        for step in steps(record):
            if step.index == index:
                drawn = _draw(record, step, seat, last, say)
    except (CannotReplay, KeyError, ValueError, TypeError):  # the seats or options kept no longer read
        return Frame(index, last, problem=CANNOT_REPLAY)
    assert drawn is not None
    return drawn


def _draw(record: HandRecord, step: Step, seat: int | None, last: int, say: Lang) -> Frame:
    plugin = GAMES[record.game]
    final = step.index == last
    assert record.result is not None
    view = table_view(record, plugin, step.game, record.result["match"] if final else None, say)
    image = plugin.table_picture(view, step.game.view(None))
    table = None if image is None else Picture("table", to_png(image), image.width, image.height)
    hand = None
    hand_alt = ""
    if seat is not None:
        mine = plugin.hand_picture(view, step.game.view(seat), ())
        hand = None if mine is None else Picture("hand", to_png(mine), mine.width, mine.height)
        cards = sorted(plugin.private_cards(step.game, seat))
        said = (
            t("Your cards: {cards}.", cards=Join(tuple(card_name(plugin, card) for card in cards), "comma"))
            if cards
            else t("Your hand: no hidden cards at this step.")
        )
        hand_alt = say(said, md=False)[:ALT_LIMIT]
    return Frame(
        step=step.index,
        last=last,
        lines=tuple(step_lines(record, plugin, step, final, seat, say)),
        table=table,
        table_alt=describe_table(plugin, view, step.game) if table is not None else "",
        hand=hand,
        hand_alt=hand_alt,
    )


def table_view(
    record: HandRecord,
    plugin: Plugin,
    game: Any,
    match: dict[str, Any] | None = None,
    say: Lang | None = None,
) -> TableView:
    """The table a replayed step is drawn at: as it was dealt (its options, stake and seats,
    the match as it stood at the deal, or `match`), with the replayed hand."""
    seating = record.seating
    seats = tuple(
        SeatView(choice=player["choice"], name=player["name"], user_id=player["user_id"])
        for player in seating["seats"]
    )
    return TableView(
        id=record.table_id,
        options=plugin.load_options(seating["options"]),
        stake=int(seating["stake"]),
        match=Match.from_json(match if match is not None else seating["match"]),
        game=game,
        hand_no=record.hand_no,
        deadline=None,
        seats=seats,
        hand_seats=tuple(seating["hand_seats"]),
        players=dict(enumerate(seats)),
        dealt={index: seat.choice for index, seat in enumerate(seats)},
        # a replay is drawn as a picture and words, never as a table message with buttons
        phase=Phase.PLAYING if game.outcome is None else Phase.BETWEEN,
        version=0,
        to_act=game.to_act,
        bets_open=False,
        log=(),
        lang=lang("en") if say is None else say,
    )


def step_lines(
    record: HandRecord,
    plugin: Plugin,
    step: Step,
    final: bool,
    seat: int | None = None,
    say: Lang | None = None,
) -> list[str]:
    """What happened at a step, as the table log said it (names escaped): the deal's lines,
    or the move's; who played it when it was not the member (the timer); at the last step
    the hand's result, and the game it ended; then the hints asked at this point (issue 25),
    in words only to the viewer who asked (in engine seat `seat`)."""
    say = lang("en") if say is None else say
    seats = record.seating["seats"]
    lines: list[str] = []
    if step.move is None:
        lines += [log_line(read_line(line), say) for line in record.seating.get("log", ())]
    else:
        if step.move.seat < len(seats):
            name: Text = str(seats[step.move.seat]["name"])
        else:
            name = t("Seat {n}", n=step.move.seat + 1)
        if step.move.actor == "timer":
            lines.append(say(t("⏱ The timer played for {player}.", player=name)))
        for event in step.events:
            if plugin.logged(event):
                player = (
                    seats[event.seat]["name"] if event.seat is not None and event.seat < len(seats) else ""
                )
                lines.append(log_line(plugin.event_text(step.game, event, player), say))
    lines = lines[-STEP_LINES:]
    if final and record.result is not None:
        said = kept_result(record.result)
        lines = [line for line in lines if line != plain(said.headline)]  # said again just below
        lines.append(result_text(said, say))
        game = read_line(record.result.get("game"))
        if game:
            lines.append(f"🏆 {log_line(game, say)}")
    return lines + hint_lines(record, step.index, seat, say)


def hint_lines(record: HandRecord, index: int, seat: int | None, say: Lang | None = None) -> list[str]:
    """The learner's hints asked at step `index` (with the hand as this step shows it): who
    asked; and to the viewer who asked it (dealt into engine seat `seat`), what it said,
    which may name their own cards, as their own view of the step does."""
    say = lang("en") if say is None else say
    seats = record.seating.get("seats", ())
    names = {player.get("user_id"): str(player.get("name", "")) for player in seats}
    viewer = seats[seat].get("user_id") if seat is not None and seat < len(seats) else None
    lines = []
    for hint in record.hints:
        if hint.step != index:
            continue
        if viewer is not None and hint.user_id == viewer:
            lines.append(say(t("💡 You asked for a hint here: {hint}", hint=hint.advice)))
        elif names.get(hint.user_id):
            lines.append(say(t("💡 {player} asked for a hint here.", player=names[hint.user_id])))
        else:
            lines.append(say(t("💡 A player asked for a hint here.")))
    return lines


def kept_result(data: dict[str, Any]) -> HandResult:
    """The result words kept with a hand (`bot.tables.records`), as the game said them."""
    return HandResult(
        headline=str(data.get("headline", "")),
        reasons=tuple(str(line) for line in data.get("reasons", ())),
        carried=data.get("carried"),
        nets={int(seat): int(net) for seat, net in dict(data.get("nets", {})).items()},
        names=tuple(str(name) for name in data.get("names", ())),
    )

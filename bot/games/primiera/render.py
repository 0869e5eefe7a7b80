"""Primiera on Discord: the public table embed and each player's private hand panel.

The public embed is drawn from `view(None)`: the table cards, whose turn, the teams once a
Herald sets them, sweeps, the cards each side took and the match score; the round's score
item by item when it ends. The panel is drawn from the seat's own view and only ever sent
ephemerally to that player; its controls name cards by their place in the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.games.results import shown_scores
from bot.i18n import Lang
from bot.ui import Control, Panel, plain
from engine.core.cards import Card
from engine.core.msg import Domain, Join, Markup, Msg
from engine.primiera import Lay, Phase, Play, Primiera, PrimieraView, capture_value_of, primiera_value_of
from engine.primiera.game import TARGETS

if TYPE_CHECKING:
    from bot.games.view import TableView

t = Domain("primiera")
tn = t.n
"""Primiera's words at the table (issue 26): the `primiera` catalogue, rendered in the
language of whoever reads them (the table's, or the member's for their own panel)."""

MAX_BUTTONS = 24
"""Discord shows 25 buttons at most; one is kept for "Back"."""


def card_text(card: Card) -> str:
    """A card with its capture value and its Primiera value: "🪙F (8 · P10)"."""
    return f"{card.short} ({capture_value_of(card)} · P{primiera_value_of(card)})"


def value_key(card: Card, say: Lang) -> str:
    """The one-line key to `card_text`, read off a card on show: "*🪙4 (4 · P14): counts 4
    when taking; P14 is its Primiera value (your best card of each suit adds it up).*"."""
    return say(
        t(
            "*{card}: counts {value} when taking; P{primiera} is its Primiera value (your best card "
            "of each suit adds it up).*",
            card=Markup(card_text(card)),
            value=capture_value_of(card),
            primiera=primiera_value_of(card),
        )
    )


SUIT_NAMES = {"coins": t("Coins"), "cups": t("Cups"), "swords": t("Swords"), "clubs": t("Clubs")}
"""The Italian deck's suits in words (docs/I18N.md, the Primiera glossary)."""
RANK_NAMES = {1: t("Ace"), 11: t("Fante"), 12: t("Cavallo"), 13: t("Re")}


def card_name(card: Card) -> Msg:
    """A card in words, as its deck labels it in English ("Coins Ace", "Cups 7")."""
    rank = RANK_NAMES.get(card.rank)
    return t("{suit} {rank}", suit=SUIT_NAMES[card.suit], rank=card.rank if rank is None else rank)


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card.short for card in cards)


def _who(table: TableView, seat: int) -> str:
    return table.hand_seats[seat] if seat < len(table.hand_seats) else plain(table.seat_for(seat).name)


def teams_text(view: PrimieraView, say: Lang) -> str:
    """The round's sides, or that nobody knows them yet."""
    teams = view.teams
    if teams is None:
        if view.phase is Phase.OVER:
            return say(t("No Herald was played: everyone played alone."))
        return say(t("Not yet known — the first Herald (ace) played sets them."))
    pairs = [team for team in teams if len(team) > 1]
    if not pairs:
        if view.options.heralds:
            return say(t("Everyone plays alone (the four points count double)."))
        return say(t("Everyone plays alone."))
    sides = Join(tuple(Join(tuple(view.seats[s] for s in team), "amp") for team in teams), "vs")
    if view.herald is not None and view.herald_by is not None:
        return say(
            t(
                "{sides} — set by {card} from {player}",
                sides=sides,
                card=view.herald,
                player=view.seats[view.herald_by],
            )
        )
    return say.arg(sides)


def _sides(view: PrimieraView) -> tuple[tuple[int, ...], ...]:
    return view.teams if view.teams is not None else tuple((s,) for s in range(len(view.seats)))


def score_lines(view: PrimieraView, say: Lang) -> list[str]:
    score = view.score
    if score is None:
        return []
    lines = [f"• {say(item.said)}" for item in score.items]
    if score.doubled:
        lines.append(say(t("All alone: the four points counted double (sweeps single).")))
    return lines


def primiera_fields(table: TableView, game: Primiera, embed: discord.Embed) -> None:
    """The public picture: the table, every seat, the teams, what each side took, the match."""
    view = game.view(None)
    say = table.lang
    match = table.match
    target = match.target or TARGETS[view.options.form]
    if view.phase is Phase.LAY:
        laid = sum(view.laid)
        table_text = say(
            t(
                "Each player chooses a card face down: {laid} of {seats} chosen.",
                laid=laid,
                seats=len(view.laid),
            )
        )
    else:
        table_text = " · ".join(card_text(card) for card in view.table) or say(t("*empty*"))
        if view.table:
            table_text += "\n" + value_key(view.table[0], say)
    embed.add_field(
        name=say(t("On the table ({n})", n=len(view.table))), value=table_text[:1024], inline=False
    )
    lines = []
    for seat in range(len(view.seats)):
        parts = [_who(table, seat)]
        if seat == view.dealer:
            parts.append(say(t("dealer")))
        if seat == view.robot:
            if view.robot_cards is not None:
                partner = view.robot_partner
                by = view.seats[partner] if partner is not None else t("its partner")
                shown = Markup(cards_text(view.robot_cards)) if view.robot_cards else t("none left")
                parts.append(say(t("robot, face up ({cards}), played by {by}", cards=shown, by=by)))
            else:
                parts.append(say(t("robot · face-down pile {n}", n=view.hand_sizes[seat])))
        else:
            parts.append(say(tn("{n} card", "{n} cards", n=view.hand_sizes[seat])))
        parts.append(say(t("took {n}", n=len(view.taken[seat]))))
        if view.sweeps[seat]:
            parts.append(f"🧹 {len(view.sweeps[seat])} ({cards_text(view.sweeps[seat])})")
        scored = shown_scores(match).get(table.hand_choice(seat), 0)
        parts.append(say(t("score {score}/{target}", score=scored, target=target)))
        if view.phase is Phase.PLAY and view.to_act == seat:
            parts.append(say(t("**to play**")))
        lines.append(" · ".join(parts))
    if view.stock:
        lines.append(say(t("Stock: {cards} to deal", cards=tn("{n} card", "{n} cards", n=view.stock))))
    embed.add_field(name=say(t("Players")), value="\n".join(lines)[:1024], inline=False)
    embed.add_field(name=say(t("Teams")), value=teams_text(view, say)[:1024], inline=False)
    if view.teams is not None and any(len(team) > 1 for team in view.teams):
        taken = [
            say(
                t(
                    "{side}: {cards} cards, {sweeps} sweeps",
                    side=Join(tuple(view.seats[s] for s in side), "amp"),
                    cards=sum(len(view.taken[s]) for s in side),
                    sweeps=sum(len(view.sweeps[s]) for s in side),
                )
            )
            for side in _sides(view)
        ]
        embed.add_field(name=say(t("Taken per side")), value="\n".join(taken)[:1024], inline=False)
    if view.score is not None:
        embed.add_field(
            name=say(t("This round's score")), value="\n".join(score_lines(view, say))[:1024], inline=False
        )


def _mention(table: TableView, view: PrimieraView, seat: int) -> str:
    """Who acts for engine seat `seat`: the robot's partner plays its cards."""
    if seat == view.robot and view.robot_partner is not None:
        return table.seat_for(view.robot_partner).mention
    return table.seat_for(seat).mention


def primiera_status(table: TableView, game: Primiera) -> str:
    view = game.view(None)
    say = table.lang
    due = (
        say(t(" (timer {when})", when=Markup(discord.utils.format_dt(table.deadline, "R"))))
        if table.deadline
        else ""
    )
    head = Markup(say(t("**Round {n}**", n=Markup(str(table.hand_no)))))
    if view.phase is Phase.OVER:
        return say(t("{head} — over.", head=head))
    if view.phase is Phase.LAY:
        waiting = Markup(", ".join(_mention(table, view, s) for s in view.awaiting))
        return say(
            t(
                "{head} — everyone chooses a card to put face down: waiting for {waiting}{due}. "
                "Press **Your hand**.",
                head=head,
                waiting=waiting,
                due=Markup(due),
            )
        )
    seat = view.to_act
    assert seat is not None
    who = Markup(_mention(table, view, seat))
    if seat == view.robot:
        return say(
            t(
                "{head} — {who} to play the robot's card{due}. Press **Your hand**.",
                head=head,
                who=who,
                due=Markup(due),
            )
        )
    return say(t("{head} — {who} to play{due}. Press **Your hand**.", head=head, who=who, due=Markup(due)))


def primiera_prompt(table: TableView, game: Primiera, fresh: set[int]) -> str:
    """The public ping: names who must act, never a card."""
    view = game.view(None)
    say = table.lang
    due = Markup(
        say(t(" You have until {when}.", when=Markup(discord.utils.format_dt(table.deadline, "R"))))
        if table.deadline
        else ""
    )
    seats = view.awaiting
    who = Markup(", ".join(_mention(table, view, s) for s in seats))
    if seats and all(s in fresh for s in seats):
        where = t("Your hand panel shows your moves.")
    else:
        where = t("Press **Your hand** on the table message (or use /hand) to see your cards and moves.")
    if view.phase is Phase.LAY:
        said = t(
            "{who}: choose a card to put face down in the middle at table #{table}. {where}{due}",
            who=who,
            table=Markup(str(table.id)),
            where=where,
            due=due,
        )
    elif seats and seats[0] == view.robot:
        said = t(
            "{who}: play the robot's card for your side at table #{table}. {where}{due}",
            who=who,
            table=Markup(str(table.id)),
            where=where,
            due=due,
        )
    else:
        said = t(
            "{who}, it's your turn at table #{table}. {where}{due}",
            who=who,
            table=Markup(str(table.id)),
            where=where,
            due=due,
        )
    return say(said)


def capture_label(card: Card, play: Play, say: Lang) -> str:
    if not play.capture:
        return say(t("{card} · stays on the table", card=card))
    return say(t("{card} takes {cards}", card=card, cards=Join(play.capture, "plus")))


def card_plays(game: Primiera, seat: int, place: int) -> list[Play]:
    """The legal plays of the card at `place` in the seat's hand (view order), each capture
    once, in the engine's stable order (single matches, or sets by their table positions)."""
    hand = game.view(seat).hand or ()
    if not 0 <= place < len(hand):
        return []
    card = hand[place]
    return [a for a in game.legal_actions(seat) if isinstance(a, Play) and a.card == card]


def primiera_panel(table: TableView, game: Primiera, seat: int, picked: int | None = None) -> Panel:
    """What `seat` sees of its own hand and, when the round waits on it, its moves. For
    the robot's seat (played by its partner) the robot's face-up cards."""
    view = game.view(seat)
    say = table.lang
    robot = seat == view.robot
    hand = view.hand or ()
    embed = discord.Embed(
        title=say(
            t(
                "The robot's cards · Primiera table #{table} · round {n}",
                table=Markup(str(table.id)),
                n=Markup(str(table.hand_no)),
            )
            if robot
            else t(
                "Your hand · Primiera table #{table} · round {n}",
                table=Markup(str(table.id)),
                n=Markup(str(table.hand_no)),
            )
        ),
        colour=discord.Colour.dark_green(),
    )
    if robot and view.robot_cards is None:
        embed.add_field(
            name=say(t("The robot's pile")),
            value=say(t("Face down; it turns its top card on its turn.")),
            inline=False,
        )
    else:
        shown = " · ".join(card_text(card) for card in hand) or say(t("*none*"))
        embed.add_field(
            name=say(t("Its cards ({n})", n=len(hand)) if robot else t("Your cards ({n})", n=len(hand))),
            value=shown + (f"\n{value_key(hand[0], say)}" if hand else ""),
            inline=False,
        )
    if view.laid_card is not None:
        embed.add_field(
            name=say(t("Your card for the table")),
            value=say(
                t(
                    "{card} — face down until everyone has chosen",
                    card=Markup(card_text(view.laid_card)),
                )
            ),
            inline=False,
        )
    if view.phase is not Phase.LAY:
        embed.add_field(
            name=say(t("On the table")),
            value=" · ".join(card_text(c) for c in view.table) or say(t("*empty*")),
            inline=False,
        )
    embed.add_field(name=say(t("Teams")), value=teams_text(view, say), inline=False)
    if view.phase is Phase.OVER:
        embed.description = say(t("The round is over."))
        embed.add_field(
            name=say(t("The score")), value="\n".join(score_lines(view, say))[:1024], inline=False
        )
        return Panel(embed)
    if seat not in game.awaiting:
        names = [plain(name) for name in view.seats]
        waiting = Markup(", ".join(names[s] for s in view.awaiting) or "—")
        embed.description = say(t("Waiting for **{waiting}**.", waiting=waiting))
        if view.phase is Phase.PLAY and view.to_act == view.robot and view.robot_partner == seat:
            embed.description += say(
                t(" It's the robot's turn: you play its cards (press **Your hand** again).")
            )
        return Panel(embed)
    green, grey, blue = (
        discord.ButtonStyle.success,
        discord.ButtonStyle.secondary,
        discord.ButtonStyle.primary,
    )
    if view.phase is Phase.LAY:
        embed.description = say(
            t(
                "**Choose a card to put face down in the middle.** The four are turned up together "
                "once everyone has chosen. A Herald (ace) laid now sets no teams."
            )
        )
        legal = game.legal_actions(seat)
        controls = [
            Control(f"lay.{place}", card_text(card), blue, row=place // 5)
            for place, card in enumerate(hand)
            if Lay(card=card) in legal
        ]
        return Panel(embed, tuple(controls[:25]))
    if picked is not None:
        plays = card_plays(game, seat, picked)
        if len(plays) > 1:
            card = hand[picked]
            embed.description = say(
                t("**{card} can take different cards.** Choose what it takes.", card=Markup(card_text(card)))
            )
            controls = [
                Control(f"play.{picked}.{n}", capture_label(card, play, say)[:80], green, row=n // 5)
                for n, play in enumerate(plays[:MAX_BUTTONS])
            ]
            controls.append(
                Control("unpick", say(t("Back to your cards")), grey, row=min(4, len(controls) // 5))
            )
            return Panel(embed, tuple(controls))
    embed.description = say(
        t(
            "**Your turn: play the robot's card (for your side).** A card takes a table card of its "
            "value, or else cards adding up to it; taking is compulsory."
        )
        if robot
        else t(
            "**Your turn: play a card.** A card takes a table card of its value, or else cards "
            "adding up to it; taking is compulsory."
        )
    )
    controls = []
    for place, card in enumerate(hand):
        plays = card_plays(game, seat, place)
        if len(plays) == 1:
            controls.append(
                Control(f"play.{place}", capture_label(card, plays[0], say)[:80], green, row=place // 5)
            )
        elif plays:
            controls.append(
                Control(
                    f"pick.{place}",
                    say(t("{card} · {n} ways to take…", card=card, n=len(plays))),
                    blue,
                    row=place // 5,
                )
            )
    return Panel(embed, tuple(controls))

"""Holdout on Discord: the public table embed and each player's private hand panel.

The public embed is drawn from `view(None)`, which holds no hidden card. The panel is
drawn from the player's own view and is only ever sent ephemerally to that player. Its
controls name cards by their place in the hand, never the card, so no custom id carries
a card. Every word goes through the `holdout` catalogue, drawn in the view's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.i18n import SOURCE, Lang, lang
from bot.ui import Control, Panel, Picker, plain
from engine.core.cards import Card
from engine.core.msg import Join, Markup, Msg
from engine.holdout.game import (
    Fold,
    Holdout,
    HoldoutView,
    PlayCard,
    SeatStatus,
    Seconds,
    WonBy,
    card_name,
    cards_of,
    chips,
    t,
)
from engine.holdout.game import Phase as HandPhase

if TYPE_CHECKING:
    from bot.games.view import TableView

CHILO = "🔪"
"""The chilo: the text's leader token, named for the *cuchillo*, a folding knife."""


def status_word(status: SeatStatus) -> Msg | None:
    """A seat's state when it is out of the hand ("folded", "knocked out"); None while in."""
    if status is SeatStatus.FOLDED:
        return t("folded")
    if status is SeatStatus.KNOCKED_OUT:
        return t("💥 knocked out")
    return None


def won_by_words(how: WonBy) -> Msg:
    """How a hand ended (the text, End of Hand)."""
    if how is WonBy.FULL_BOARD:
        return t("full board")
    if how is WonBy.EMPTY_HAND:
        return t("empty hand")
    return t("last player")


def line_title(view: HoldoutView, line: int) -> Msg:
    if view.options.lines == 1:
        return t("The line")
    return t("Top line") if line == 0 else t("Bottom line")


def line_key(view: HoldoutView, say: Lang | None = None) -> str:
    """The one-line key to a line as the text draws it ("- 22 33 4 5 - 7 8 99 1010"), in
    `say`'s language (English if none)."""
    top = len(view.lines[0]) if view.lines else 10
    return (say or lang(SOURCE))(
        t(
            "*Ranks 1 to {top} in order: a rank is written once per card played on it "
            "(99 = two 9s); - is a gap nobody has filled yet.*",
            top=top,
        )
    )


def holdout_fields(table: TableView, game: Holdout, embed: discord.Embed) -> None:
    """The public picture: the line(s), pot, chilo, each seat's cards in hand and state."""
    view = game.view(None)
    say = table.lang
    for line, text in enumerate(view.line_text):
        key = f"\n{line_key(view, say)}" if line == len(view.line_text) - 1 else ""
        embed.add_field(name=say(line_title(view, line)), value=f"```{text}```{key}", inline=False)
    seats = []
    for index, name in enumerate(view.seats):
        who = table.hand_seats[index] if index < len(table.hand_seats) else plain(name)
        marks: list[Msg] = []
        if index == view.chilo:
            marks.append(t("{knife} chilo", knife=Markup(CHILO)))
        if view.phase is HandPhase.PASS:
            marks.append(t("passed ✓") if view.passed[index] else t("choosing…"))
        status = status_word(view.status[index])
        if status is not None:
            marks.append(status)
        if view.winner == index:
            marks.append(t("🏆 **won**"))
        line_of = t(
            "{who} · {cards} · stack {stack} · ante {ante}",
            who=Markup(who),
            cards=cards_of(view.hand_sizes[index]),
            stack=view.stacks[index],
            ante=view.antes[index],
        )
        seats.append(say(line_of) + (f" · {say.arg(Join(tuple(marks), 'comma'))}" if marks else ""))
    embed.add_field(
        name=say(t("{pot} · deck {cards}", pot=pot_text(game), cards=cards_of(view.deck_left))),
        value="\n".join(seats),
        inline=False,
    )


def pot_text(game: Holdout) -> Msg:
    """The pot and the antes in front of the players; once the hand is over, what the winner
    took of them (the pot is empty then, and "Pot 0" would contradict the result)."""
    view, outcome = game.view(None), game.outcome
    if outcome is not None and view.winner is not None:
        return t("Pot and antes won: {chips}", chips=chips(outcome.paid_out[view.winner]))
    return t("Pot {pot} chips · antes in front {antes}", pot=view.pot, antes=sum(view.antes))


def pot_text_lower(game: Holdout) -> Msg:
    """`pot_text` in the middle of a line (the panel's chips)."""
    view, outcome = game.view(None), game.outcome
    if outcome is not None and view.winner is not None:
        return t("pot and antes won: {chips}", chips=chips(outcome.paid_out[view.winner]))
    return t("pot {pot} chips · antes in front {antes}", pot=view.pot, antes=sum(view.antes))


def holdout_status(table: TableView, game: Holdout) -> str:
    view = game.view(None)
    say = table.lang
    due = Markup(
        say(t(" (timer {when})", when=Markup(discord.utils.format_dt(table.deadline, "R"))))
        if table.deadline
        else ""
    )
    hand = Markup(str(table.hand_no))
    if view.phase is HandPhase.PASS:
        waiting = Markup(", ".join(table.seats[s].mention for s in view.awaiting))
        return say(
            t(
                "**Hand {hand} · the pass** — everyone chooses two cards to pass left, in secret. "
                "Waiting for {waiting}{due}. Press **Your hand**.",
                hand=hand,
                waiting=waiting,
                due=due,
            )
        )
    if view.to_act is not None:
        mention = Markup(table.seats[view.to_act].mention)
        return say(
            t("**Hand {hand}** — {who} to play{due}. Press **Your hand**.", hand=hand, who=mention, due=due)
        )
    return say(t("**Hand {hand}** in play.", hand=hand))


def holdout_prompt(table: TableView, game: Holdout, fresh: set[int]) -> str:
    """The public ping: names who must act, never a card. `fresh` are the seats whose open
    panel was just redrawn with their moves."""
    view = game.view(None)
    say = table.lang
    due = Markup(
        say(t(" You have until {when}.", when=Markup(discord.utils.format_dt(table.deadline, "R"))))
        if table.deadline
        else ""
    )
    humans = [s for s in view.awaiting if not table.seats[s].is_computer]
    who = Markup(", ".join(table.seats[s].mention for s in humans))
    if all(s in fresh for s in humans):
        where = t("Your hand panel shows your moves.")
    else:
        where = t("Press **Your hand** on the table message (or use /hand) to see your cards and moves.")
    number = Markup(str(table.id))
    if view.phase is HandPhase.PASS:
        return say(
            t(
                "{who}: choose two cards to pass to your left at table #{table}. {where}{due}",
                who=who,
                table=number,
                where=where,
                due=due,
            )
        )
    return say(
        t(
            "{who}, it's your turn at table #{table}. {where}{due}",
            who=who,
            table=number,
            where=where,
            due=due,
        )
    )


# ---------------------------------------------------------------- the panel
def card_text(card: Card, say: Lang) -> str:
    """A card as the panel shows it: "🔴7 (Crowns 7)"."""
    return say(t("{card} ({name})", card=card, name=card_name(card)), md=False)


def hand_order(hand: tuple[Card, ...]) -> list[int]:
    """Places in the hand, shown lowest rank first: in Holdout the rank is what matters."""
    return sorted(range(len(hand)), key=lambda i: (hand[i].rank, hand[i]))


def _line_name(line: int) -> Msg:
    """Which line, in the middle of a sentence: "top" or "bottom"."""
    return t("top") if line == 0 else t("bottom")


def holdout_panel(table: TableView, game: Holdout, seat: int, line: int | None) -> Panel:
    """What `seat` sees of their own hand, and on their turn the controls for their moves.

    `line` is the line a double-line player has picked to play into (None: not yet)."""
    view = game.view(seat)
    say = table.lang
    hand = view.hand or ()
    names = view.seats  # raw: a message escapes them where markdown is drawn
    n = len(names)
    embed = discord.Embed(
        title=say(
            t(
                "Your hand · Holdout table #{table} · hand {hand}",
                table=Markup(str(table.id)),
                hand=Markup(str(table.hand_no)),
            )
        ),
        colour=discord.Colour.dark_teal(),
    )
    shown = " · ".join(card_text(hand[i], say) for i in hand_order(hand)) if hand else say(t("*empty*"))
    embed.add_field(name=say(t("Your cards ({n})", n=len(hand))), value=shown, inline=False)
    if view.passed_cards:
        passed = Join(view.passed_cards, "space")
        text = say(t("You passed {cards} to {player}.", cards=passed, player=names[(seat + 1) % n]))
        if view.received:
            text += " " + say(
                t(
                    "You received {cards} from {player}.",
                    cards=Join(view.received, "space"),
                    player=names[(seat - 1) % n],
                )
            )
        embed.add_field(name=say(t("The pass")), value=text, inline=False)
    for index, text in enumerate(view.line_text):
        key = f"\n{line_key(view, say)}" if index == len(view.line_text) - 1 else ""
        embed.add_field(name=say(line_title(view, index)), value=f"```{text}```{key}", inline=False)
    chilo: Msg | str = t("you") if view.chilo == seat else names[view.chilo]
    embed.add_field(
        name=say(t("Chips")),
        value=say(
            t(
                "Your stack {stack} · your ante {ante} · {pot} · {knife} chilo: {holder} · deck {cards}",
                stack=view.stacks[seat],
                ante=view.antes[seat],
                pot=pot_text_lower(game),
                knife=Markup(CHILO),
                holder=chilo,
                cards=cards_of(view.deck_left),
            )
        ),
        inline=False,
    )
    legal = game.legal_actions(seat)
    if view.phase is HandPhase.OVER:
        winner = view.winner
        embed.description = (
            say(t("The hand is over."))
            if winner is None or view.won_by is None
            else say(
                t(
                    "The hand is over: **{player}** won ({how}).",
                    player=names[winner],
                    how=won_by_words(view.won_by),
                )
            )
        )
        return Panel(embed)
    status = status_word(view.status[seat])
    if status is not None:
        embed.description = say(t("You're out of this hand ({status}).", status=status))
        return Panel(embed)
    if view.phase is HandPhase.PASS:
        if not legal:
            waiting = Join(tuple(names[s] for s in view.awaiting), "comma")
            embed.description = say(t("Your pass is chosen. Waiting for {waiting}.", waiting=waiting))
            return Panel(embed)
        embed.description = say(
            t(
                "Choose **two cards** to pass to **{player}** (on your left). "
                "Nobody sees them until everyone has chosen; then you receive two from your right.",
                player=names[(seat + 1) % n],
            )
        )
        options = tuple((str(i), card_text(hand[i], say), False) for i in hand_order(hand))
        title = say(t("Two cards for {player}", player=view.seats[(seat + 1) % n]), md=False)
        return Panel(embed, pickers=(Picker("pass", title, options, 2, 2),))
    if view.to_act != seat:
        who: Msg | str = names[view.to_act] if view.to_act is not None else Markup("—")
        embed.description = say(t("Waiting for **{player}** to play.", player=who))
        return Panel(embed)
    controls: list[Control] = []
    if view.options.lines == 2 and line is None:
        embed.description = say(
            t("**Your turn.** Choose the line to play into first — even for a blind card.")
        )
        for index in range(2):
            controls.append(
                Control(f"line.{index}", say(line_title(view, index), md=False), discord.ButtonStyle.primary)
            )
    else:
        target = line or 0
        if view.options.lines == 1:
            embed.description = say(
                t(
                    "**Your turn.** Play a card: a rank not yet in the line takes the {knife} chilo and "
                    "pays the gap to the nearest card; a rank already there pays its value.",
                    knife=Markup(CHILO),
                )
            )
        else:
            embed.description = say(
                t(
                    "**Your turn.** Play a card into the **{line}** line: a rank not yet in the line "
                    "takes the {knife} chilo and pays the gap to the nearest card; a rank already there "
                    "pays its value.",
                    line=_line_name(target),
                    knife=Markup(CHILO),
                )
            )
        for place in hand_order(hand):
            card = hand[place]
            action = PlayCard(card=card, line=target)
            price = game.cost(seat, action)
            novel = view.is_new(target, card.rank)
            ok = action in legal
            if not ok:
                label = t("{card} · {price} · can't afford", card=card, price=price)
            elif novel:
                label = t("{card} · new rank · pays {price}", card=card, price=price)
            else:
                label = t("{card} · on the {rank}s · pays {price}", card=card, rank=card.rank, price=price)
            controls.append(
                Control(
                    f"play.{target}.{place}",
                    say(label, md=False),
                    discord.ButtonStyle.success if novel else discord.ButtonStyle.secondary,
                    disabled=not ok,
                )
            )
        blind = Seconds(line=target)
        if view.deck_left == 0:
            controls.append(
                Control(f"seconds.{target}", say(t("Seconds · deck empty"), md=False), disabled=True, row=1)
            )
        else:
            risk = game.cost(seat, blind)
            if blind not in legal:
                words = t("Seconds · risk {risk} · can't afford", risk=risk)
            elif risk:
                words = t("Seconds (blind) · risk {risk}", risk=risk)
            else:
                words = t("Seconds (blind) · free")
            controls.append(
                Control(
                    f"seconds.{target}",
                    say(words, md=False),
                    discord.ButtonStyle.primary,
                    disabled=blind not in legal,
                    row=1,
                )
            )
        if view.options.lines == 2:
            other = 1 - target
            switch = t("Switch to the top line") if other == 0 else t("Switch to the bottom line")
            controls.append(Control(f"line.{other}", say(switch, md=False), row=1))
    if Fold() in legal:
        controls.append(Control("fold", say(t("Fold"), md=False), discord.ButtonStyle.danger, row=1))
    return Panel(embed, tuple(controls))

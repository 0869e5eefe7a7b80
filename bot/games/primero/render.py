"""Primero on Discord: the public table embed and each player's private hand panel.

The public embed is drawn from `view(None)`: the bid, the pots, each player's state and
face-up discards; cards in hand appear only at the showdown. The panel is drawn from the
player's own view and only ever sent ephemerally to them; its controls name cards by
their place in the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.games.results import HandResult, moved_chips, scores_line, shown_scores
from bot.i18n import Lang
from bot.ui import Control, Panel, Picker, plain
from engine.core.cards import Card
from engine.core.msg import Join, Markup, Msg
from engine.primero.game import Phase as HandPhase
from engine.primero.game import Primero, PrimeroView, SeatStatus, TurnChoices, chips_of, points_of, t, tn
from engine.primero.hands import hand_said, kind_said, points

if TYPE_CHECKING:
    from bot.games.view import TableView

ROUND_NAMES = {
    HandPhase.FIRST: t("first round of bidding"),
    HandPhase.SECOND: t("second round of bidding"),
    HandPhase.CHOICE: t("stake or fold before the showdown"),
    HandPhase.OVER: t("showdown"),
}


def card_text(card: Card) -> str:
    return f"{card.short} ({points(card)})"


def bid_said(view: PrimeroView) -> Msg:
    """The bid, who made it and its bet (in markdown: the hand in bold)."""
    if view.bid is None:
        return t("No bid yet")
    said = t(
        "**{hand}** by {player}",
        hand=hand_said(view.bid.type, view.bid.total),
        player=view.seats[view.bid.bidder],
    )
    if view.options.betting and view.bet:
        if view.bet_by == view.bid.bidder:
            said = t("{bid} · bet {bet}", bid=said, bet=view.bet)
        elif view.bet_by is not None:
            said = t(
                "{bid} · bet {bet} by {player} (naming no hand)",
                bid=said,
                bet=view.bet,
                player=view.seats[view.bet_by],
            )
    return said


def bid_text(view: PrimeroView, say: Lang) -> str:
    return say(bid_said(view))


def _seat_state(view: PrimeroView, index: int) -> Msg:
    status = view.status[index]
    if status is SeatStatus.FOLDED:
        return t("folded")
    if status is SeatStatus.ALL_IN:
        return t("**all in**")
    if view.set_aside[index]:
        return t("passed · {n} set aside", n=view.set_aside[index])
    return t("in")


def primero_fields(table: TableView, game: Primero, embed: discord.Embed) -> None:
    """The public picture: the bid, the pots, every seat's state and discards."""
    say = table.lang
    view = game.view(None)
    betting = view.options.betting
    embed.add_field(name=say(t("The bid")), value=bid_text(view, say), inline=False)
    seats = []
    shown = {s.seat: s for s in view.showdown or ()}
    for index, name in enumerate(view.seats):
        who = table.hand_seats[index] if index < len(table.hand_seats) else plain(name)
        parts = [who]
        if index == view.dealer:
            parts.append(say(t("dealer")))
        parts.append(say(tn("{n} card", "{n} cards", n=view.hand_sizes[index])))
        if betting:
            parts.append(say(t("stack {n}", n=view.stacks[index])))
        else:
            score = shown_scores(table.match).get(table.hand_choice(index), 0)
            parts.append(say(t("score {n}", n=score)))
        parts.append(say(_seat_state(view, index)))
        if view.winner == index:
            parts.append(say(t("🏆 **won**")))
        line = " · ".join(parts)
        if view.discards[index]:
            line += "\n  " + say(t("discarded {cards}", cards=Join(view.discards[index], "space")))
        if index in shown:
            showing = shown[index]
            best = max(showing.forms.items(), default=None)
            held = t("nothing") if best is None else hand_said(*best)
            line += "\n  " + say(t("shows {cards} · {held}", cards=Join(showing.cards, "space"), held=held))
            if view.bid is not None and view.bid.type in showing.forms:
                line += " · " + say(
                    t("**{hand}**", hand=hand_said(view.bid.type, showing.forms[view.bid.type]))
                )
        seats.append(line)
    if betting and view.phase is HandPhase.OVER:  # the pots are paid out, or stay whole
        pots = pot_stays(view.carried) or t("The pots are paid out")
    elif betting:
        pots = t("Pot {n} chips", n=view.pot)
        if view.side_pot or view.all_in is not None:
            pots = t("{pot} · secondary pot {n}", pot=pots, n=view.side_pot)
        if view.carried_in:
            pots = t("{pot} (incl. {n} from the last hand)", pot=pots, n=view.carried_in)
    else:
        target = table.options.target
        pots = t("Points game to {n}", n=target) if target else t("Points game")
    deck = tn("{pots} · deck {n} card", "{pots} · deck {n} cards", pots=pots, n=view.deck_left)
    embed.add_field(name=say(deck), value="\n".join(seats)[:1024], inline=False)


def primero_status(table: TableView, game: Primero) -> str:
    say = table.lang
    view = game.view(None)
    due = (
        Markup(say(t(" (timer {when})", when=Markup(discord.utils.format_dt(table.deadline, "R")))))
        if table.deadline
        else Markup("")
    )
    hand = Markup(str(table.hand_no))
    if view.to_act is None:
        return say(t("**Hand {n}** — {round}.", n=hand, round=ROUND_NAMES[view.phase]))
    mention = Markup(table.seats[view.to_act].mention)
    if view.phase is HandPhase.CHOICE:
        what = t("{who} to stake {n} set aside, or fold", who=mention, n=view.set_aside[view.to_act])
    elif view.forced == view.to_act:
        what = t("{who} must cover the bet (nobody else did)", who=mention)
    else:
        what = t("{who} to act", who=mention)
    return say(
        t(
            "**Hand {n} · {round}** — {what}{due}. Press **Your hand**.",
            n=hand,
            round=ROUND_NAMES[view.phase],
            what=what,
            due=due,
        )
    )


def primero_prompt(table: TableView, game: Primero, fresh: set[int]) -> str:
    """The public ping: names who must act, never a card."""
    say = table.lang
    view = game.view(None)
    seat = view.to_act
    assert seat is not None
    who = Markup(table.seats[seat].mention)
    due = (
        Markup(say(t(" You have until {when}.", when=Markup(discord.utils.format_dt(table.deadline, "R")))))
        if table.deadline
        else Markup("")
    )
    if seat in fresh:
        where = t("Your hand panel shows your moves.")
    else:
        where = t("Press **Your hand** on the table message (or use /hand) to see your cards and moves.")
    args: dict[str, Msg | Markup] = {"who": who, "table": Markup(str(table.id)), "where": where, "due": due}
    if view.phase is HandPhase.CHOICE:
        return say(t("{who}: stake or fold before the showdown at table #{table}. {where}{due}", **args))
    if view.forced == seat:
        return say(t("{who}: nobody covered the bet, so you must at table #{table}. {where}{due}", **args))
    return say(t("{who}, it's your turn at table #{table}. {where}{due}", **args))


def _places(discard: tuple[int, ...]) -> str:
    return "".join(str(place) for place in sorted(discard))


def _with(key: str, discard: tuple[int, ...]) -> str:
    return f"{key}.{_places(discard)}" if discard else key


def changing(discard: tuple[int, ...]) -> Msg | None:
    """A button's tail naming how many cards it changes: " · change 2"."""
    if not discard:
        return None
    return t(" · change {n}", n=len(discard))


def _label(say: Lang, said: Msg, change: Msg | None) -> str:
    """A button's words, with the change tail if cards are picked."""
    if change is not None:
        said = t("{move}{change}", move=said, change=change)
    return say(said, md=False)


def primero_panel(table: TableView, game: Primero, seat: int, discard: tuple[int, ...] = ()) -> Panel:
    """What `seat` sees of their own hand, and on their turn exactly their legal moves.

    `discard` are the places (in the sorted hand) the player has picked to change."""
    say = table.lang
    view = game.view(seat)
    hand = view.hand or ()
    names = view.seats
    betting = view.options.betting
    embed = discord.Embed(
        title=say(
            t(
                "Your hand · Primero table #{table} · hand {n}",
                table=Markup(str(table.id)),
                n=Markup(str(table.hand_no)),
            ),
            md=False,
        ),
        colour=discord.Colour.dark_red(),
    )
    embed.add_field(
        name=say(t("Your cards ({n})", n=len(hand))),
        value=" · ".join(card_text(card) for card in hand) or say(t("*none*")),
        inline=False,
    )
    found = view.forms or {}
    best = Join(tuple(hand_said(kind, total) for kind, total in sorted(found.items(), reverse=True)), "dot")
    embed.add_field(
        name=say(t("What your cards make")),
        value=say(t("{hands}", hands=best) if found else t("Nothing yet (no two of a suit)")),
        inline=False,
    )
    if view.drawn:
        embed.add_field(name=say(t("You drew")), value=" ".join(c.short for c in view.drawn), inline=False)
    if not betting:
        money = t("Points game: no chips")
    elif view.phase is HandPhase.OVER:  # the pots are empty now: say where they went
        money = t(
            "Your stack {n} · {pots}",
            n=view.stacks[seat],
            pots=pot_stays(view.carried) or t("the pots are paid out"),
        )
    else:
        money = t(
            "Your stack {n} · set aside {aside} · pot {pot}",
            n=view.stacks[seat],
            aside=view.set_aside[seat],
            pot=view.pot,
        )
        if view.side_pot:
            money = t("{money} · secondary {n}", money=money, n=view.side_pot)
    embed.add_field(name=say(t("The bid")), value=f"{bid_text(view, say)}\n{say(money)}", inline=False)
    if view.phase is HandPhase.OVER:  # the plug-in puts the hand's result in the description
        return Panel(embed)
    if view.status[seat] is SeatStatus.FOLDED:
        embed.description = say(t("You folded this hand."))
        return Panel(embed)
    choice = game.choices(seat)
    if choice is None:
        if view.status[seat] is SeatStatus.ALL_IN:
            waiting = t(
                "Waiting for **{player}**. You're all in: no more moves for you this hand.",
                player=_who(names, view),
            )
        else:
            waiting = t("Waiting for **{player}**.", player=_who(names, view))
        embed.description = say(waiting)
        return Panel(embed)
    if choice.phase is HandPhase.CHOICE:
        aside = choice.set_aside
        embed.description = say(
            # three counts: the sentence agrees with what is set aside, each half with its own
            tn(
                "**Before the showdown:** put your {n} set aside into the pot and show, or fold: "
                "{lost} and {back}.",
                "**Before the showdown:** put your {n} set aside into the pot and show, or fold: "
                "{lost} and {back}.",
                n=aside,
                lost=tn("{n} goes to the pot", "{n} go to the pot", n=aside // 2),
                back=tn("{n} comes back to you", "{n} come back to you", n=aside - aside // 2),
            )
        )
        return Panel(
            embed,
            (
                Control(
                    "stake", say(t("Stake {n} and show", n=aside), md=False), discord.ButtonStyle.success
                ),
                Control(
                    "fold",
                    say(t("Fold · {n} back", n=aside - aside // 2), md=False),
                    discord.ButtonStyle.danger,
                ),
            ),
        )
    discard = tuple(p for p in discard if p < len(hand))[: choice.max_discard]
    embed.description = say(_turn_said(view, choice))
    pickers: list[Picker] = []
    if choice.max_discard:
        pickers.append(
            Picker(
                "discard",
                say(
                    t("Cards to change (up to {n}; none to keep your hand)", n=choice.max_discard),
                    md=False,
                ),
                tuple((str(i), card_text(card), i in discard) for i, card in enumerate(hand)),
                0,
                min(choice.max_discard, len(hand)),
            )
        )
    controls = turn_buttons(choice, discard, say)
    if choice.bids:
        # The whole bid in one form: type, total, bet and the cards to change (issue 23).
        kinds = Join(tuple(kind_said(kind) for kind, _ in sorted(choice.bids.items())), "dot")
        if betting:
            low, high = choice.bet_range
            label = t("Bid… ({kinds}) · bet {low}–{high}", kinds=kinds, low=low, high=high)
        else:
            label = t("Bid… ({kinds})", kinds=kinds)
        controls.insert(
            0,
            Control(_with("bidform", discard), say(label, md=False)[:80], discord.ButtonStyle.primary, row=1),
        )
    return Panel(embed, tuple(controls), tuple(pickers))


def _who(names: tuple[str, ...], view: PrimeroView) -> str:
    return names[view.to_act] if view.to_act is not None else "—"


def _turn_said(view: PrimeroView, choice: TurnChoices) -> Msg:
    parts = [t("**Your turn.**")]
    if choice.forced:
        parts.append(
            t(
                "Nobody covered the bet, so you must: cover {n} (you may change cards and then bet without "
                "naming a hand), or make a new bid. You can't pass or fold.",
                n=choice.owe,
            )
        )
    elif choice.owe:
        parts.append(
            t("The bet is {n}: stake it, bid higher, pass (setting it aside) or fold.", n=choice.owe)
        )
    elif view.options.betting:
        parts.append(t("Nothing to pay: stand, bid, or pass to change cards."))
    else:
        parts.append(t("Stand, bid a higher hand, or pass to change cards."))
    if choice.set_aside:
        parts.append(t("A stake or bid first puts in your {n} set aside.", n=choice.set_aside))
    if choice.max_discard:
        parts.append(t("Pick cards to change in the list first if you want new ones."))
    elif view.phase in (HandPhase.FIRST, HandPhase.SECOND):
        parts.append(t("No cards can be drawn now."))
    return t("{sentences}", sentences=Join(tuple(parts), "space"))


def turn_buttons(choice: TurnChoices, discard: tuple[int, ...], say: Lang) -> list[Control]:
    green, grey, red, blue = (
        discord.ButtonStyle.success,
        discord.ButtonStyle.secondary,
        discord.ButtonStyle.danger,
        discord.ButtonStyle.primary,
    )
    change = changing(discard)
    controls: list[Control] = []
    if choice.stake:
        pay = choice.owe + choice.set_aside
        if choice.forced:
            label = t("Cover {n}", n=choice.owe)
        elif choice.owe or choice.set_aside:
            label = t("Stake {n}", n=pay)
        else:
            label = t("Stand")
        controls.append(
            Control(
                _with("stake" if not choice.forced else "cover", discard),
                _label(say, label, change),
                green,
                row=2,
            )
        )
        if choice.cover_bet_max:
            controls.append(
                Control(
                    _with("coverbet", discard),
                    _label(say, t("Cover {n} and bet…", n=choice.owe), change),
                    blue,
                    row=2,
                )
            )
    if choice.can_pass:
        aside = choice.pass_sets_aside
        if discard:
            label = t("Pass · set {n} aside", n=aside) if aside else t("Pass")
            controls.append(Control(_with("pass", discard), _label(say, label, change), grey, row=2))
        else:
            label = (
                t("Pass · set {n} aside · pick cards to change first", n=aside)
                if aside
                else t("Pass · pick cards to change first")
            )
            controls.append(Control("pass", say(label, md=False), grey, disabled=True, row=2))
    if choice.all_in:
        controls.append(
            Control(
                _with("allin", discard),
                _label(say, t("All in · {n}", n=choice.stack + choice.set_aside), change),
                blue,
                row=2,
            )
        )
    if choice.fold:
        back = choice.set_aside - choice.set_aside // 2
        label = t("Fold · {n} back", n=back) if choice.set_aside else t("Fold")
        controls.append(Control("fold", say(label, md=False), red, row=2))
    return controls


def pot_stays(carried: int) -> Msg | None:
    """The words for chips a hand without a winner leaves in the pot, said the same way in
    the result, the table's pot field and the hand panel."""
    return t("The pot of {chips} stays for the next hand", chips=chips_of(carried)) if carried else None


def primero_result(table: TableView, game: Primero) -> HandResult | None:
    """Who won the bid hand's pot and with what, the pots' other shares, the tie by seniority
    if there was one, and what stays for the next hand (or the score toward the target)."""
    outcome = game.outcome
    if outcome is None:
        return None
    say = table.lang
    view = game.view(None)
    names = view.seats  # the engine names its seats after the players dealt in
    shown = {showing.seat: showing.forms for showing in view.showdown or ()}
    bid, winner = view.bid, view.winner
    reasons: list[Msg] = []
    if bid is None:
        headline = t("Nobody bid this hand, so nobody wins.")
    elif winner is None:
        headline = t("Nobody still in shows {kind}, so nobody wins.", kind=kind_said(bid.type))
    else:
        held = hand_said(bid.type, shown[winner][bid.type])
        kind = kind_said(bid.type)
        if view.points is not None:
            headline = t(
                "{player} shows the best {kind} ({hand}) and scores {points}.",
                player=names[winner],
                kind=kind,
                hand=held,
                points=points_of(view.points[winner]),
            )
        else:
            assert view.payouts is not None
            headline = t(
                "{player} wins {chips} with the best {kind} ({hand}).",
                player=names[winner],
                chips=chips_of(view.payouts[winner]),
                kind=kind,
                hand=held,
            )
        if len(shown) == 1:
            reasons.append(t("Everyone else folded before the showdown."))
        tie = game.tie()  # "Ana and Bruno both hold primero 78; Ana wins the tie ..."
        if tie is not None:
            reasons.append(tie)
    payouts = view.payouts or ()
    if view.second is not None:
        reasons.append(
            t(
                "{player} takes the secondary pot: {chips}.",
                player=names[view.second],
                chips=chips_of(payouts[view.second]),
            )
        )
    if view.best_any is not None and view.best_any != winner and payouts[view.best_any]:
        best = max(shown[view.best_any].items())
        reasons.append(
            t(
                "{player} takes {chips} with the best hand of any type ({hand}).",
                player=names[view.best_any],
                chips=chips_of(payouts[view.best_any]),
                hand=hand_said(*best),
            )
        )
    if view.options.betting:
        stays = pot_stays(outcome.carried)
        carried = say(t("{said}.", said=stays), md=False) if stays else None
    else:
        carried = scores_line(table, names, table.options.target)
    return HandResult(
        say(headline, md=False),
        tuple(say(reason, md=False) for reason in reasons),
        carried,
        moved_chips(outcome),
        names,
    )

"""Cardano's Primero on Discord: the public table embed and each player's private panel.

The table embed is drawn from `view(None)`: the invitation and who paid, the face-up
discards, declarations, the pots, each seat's state (folded hands lie face up), the duel
and the showdown. The panel is drawn from the player's own view and sent only to them; its
controls name cards by their place in the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import discord

from bot.i18n import Lang
from bot.ui import Control, Form, FormField, Panel, Picker, plain
from engine.cardano import (
    DUEL_CASES,
    AllIn,
    Bid,
    Cardano,
    CardanoMove,
    CardanoView,
    Change,
    Close,
    Concede,
    Double,
    Duel,
    Fold,
    Follow,
    Invite,
    Pass,
    Pay,
    Phase,
    Raise,
    Vie,
)
from engine.cardano.game import DUEL_SAID
from engine.cardano.hands import a_kind, hand_said, kind_said, statements, t, tn, undeclared
from engine.core.cards import Card
from engine.core.msg import Arg, Join, Markup, Msg
from engine.primero.hands import HandType, points

if TYPE_CHECKING:
    from bot.games.view import TableView

PHASE_NAMES = {
    Phase.INVITATION: t("the invitation"),
    Phase.DISCARD: t("discards after the invitation"),
    Phase.CHANGES: t("the changes"),
    Phase.CLOSING: t("a combination closed"),
    Phase.VIE: t("the vie"),
    Phase.LAST_CHANGE: t("the last change"),
    Phase.BETTING: t("the final betting"),
    Phase.DUEL: t("the final duel"),
    Phase.OVER: t("the showdown"),
}
DUEL_DRAWS = {case: draw for case, (_, draw, _, _) in DUEL_CASES.items()}
"""Cards the challenger discards and draws in each duel case."""
FRACTIONS = {
    Fraction(1, 4): "¼",
    Fraction(1, 6): "⅙",
    Fraction(1, 3): "⅓",
    Fraction(1, 8): "⅛",
    Fraction(3, 8): "⅜",
}


def card_text(card: Card) -> str:
    return f"{card.short} ({points(card)})"


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card.short for card in cards)


def case_said(case: int) -> Msg:
    _, draw, mine, theirs = DUEL_CASES[case]
    return tn(
        "case {case}: {what} — the challenger takes {mine} of the pot and the dominant {theirs}, then "
        "draws {n} card for the rest",
        "case {case}: {what} — the challenger takes {mine} of the pot and the dominant {theirs}, then "
        "draws {n} cards for the rest",
        case=Markup(str(case)),
        what=DUEL_SAID[case],
        mine=Markup(FRACTIONS[mine]),
        theirs=Markup(FRACTIONS[theirs]),
        n=draw,
    )


def pots(view: CardanoView) -> list[tuple[int, list[int]]]:
    """The pot in layers: each amount and the players still in who can win it (the last
    layer, if only one can, is chips nobody matched, which go back)."""
    live = [i for i in range(len(view.seats)) if not view.folded[i]]
    out: list[tuple[int, list[int]]] = []
    low = 0
    for high in sorted({view.paid[i] for i in live}):
        amount = sum(min(p, high) - min(p, low) for p in view.paid)
        if amount:
            out.append((amount, [i for i in live if view.paid[i] >= high]))
        low = high
    rest = sum(p - min(p, low) for p in view.paid)
    if rest:
        if out:
            out[-1] = (out[-1][0] + rest, out[-1][1])
        else:
            out.append((rest, live))
    return out


def all_in(view: CardanoView, seat: int) -> bool:
    return not view.folded[seat] and view.stacks[seat] == 0 and view.paid[seat] > 0


def pot_said(view: CardanoView) -> Msg:
    if view.payouts is not None:
        return t("Pot settled")
    said = t("Pot {n}", n=view.pot)
    names = view.seats
    if any(all_in(view, seat) for seat in range(len(view.seats))):
        layers = pots(view)
        if len(layers) > 1:
            parts = [t("main {n}", n=layers[0][0])]
            for amount, who in layers[1:]:
                if len(who) > 1:
                    parts.append(
                        t(
                            "separate pot {n} ({players})",
                            n=amount,
                            players=Join(tuple(names[i] for i in who), "comma"),
                        )
                    )
                else:
                    parts.append(t("{n} unmatched ({player})", n=amount, player=names[who[0]]))
            said = t("{pot} · {parts}", pot=said, parts=Join(parts, "dot"))
    return said


def invitation_said(view: CardanoView) -> Msg:
    names = view.seats
    if view.inviter is None:
        return t("No invitation yet") if view.phase is Phase.INVITATION else t("Nobody invited")
    said = t("{player} invited · {n} chips", player=names[view.inviter], n=view.invitation)
    if view.doubled:
        said = t("{said} (doubled)", said=said)
    paid = [names[i] for i in range(len(view.seats)) if i != view.inviter and view.paid[i] >= view.invitation]
    if paid:
        said = t("{said} · paid in full: {players}", said=said, players=Join(paid, "comma"))
    return said


def declaration_said(view: CardanoView) -> Msg | None:
    if view.bidder is None or view.phase in (Phase.INVITATION, Phase.DISCARD, Phase.CHANGES):
        return None
    kind = view.declared[view.bidder]
    what = a_kind(kind) if kind is not None else t("nothing")
    return t(
        "{player} declares {what} · {n} chips each to stay in",
        player=view.seats[view.bidder],
        what=what,
        n=view.level,
    )


def duel_said(view: CardanoView) -> Msg | None:
    duel = view.duel
    if duel is None:
        return None
    names = view.seats
    challenger, dominant = names[duel.challenger], names[duel.dominant]
    if duel.case is None:
        cases = tuple(case_said(case) for case in duel.cases)
        return t(
            "{challenger} may challenge {dominant} ({cases}).",
            challenger=challenger,
            dominant=dominant,
            cases=_semis(cases),
        )
    assert duel.winner is not None
    return t(
        "Case {case} ({what}), for a pot of {pot}: {challenger} takes {mine} and {dominant} {theirs} now; "
        "{challenger} draws {cards}; **{winner}** wins the other {stake}.",
        case=Markup(str(duel.case)),
        what=DUEL_SAID[duel.case],
        pot=duel.pot,
        challenger=challenger,
        mine=duel.challenger_share,
        dominant=dominant,
        theirs=duel.dominant_share,
        cards=Join(duel.drawn, "space"),
        winner=names[duel.winner],
        stake=duel.stake,
    )


def _semis(parts: Sequence[Msg]) -> Msg:
    """Parts joined with semicolons ("A; B")."""
    said = parts[0]
    for part in parts[1:]:
        said = t("{said}; {more}", said=said, more=part)
    return said


def seat_state(view: CardanoView, seat: int) -> Msg:
    if view.folded[seat]:
        # Players who did not close are out while two closers contend, their cards unseen.
        return t("folded") if view.face_up[seat] is not None else t("out (did not close)")
    if all_in(view, seat):
        return t("**all in**")
    if seat in view.closers:
        kind = view.declared[seat]
        return t("closed {kind}", kind=a_kind(kind)) if kind is not None else t("closed")
    kind = view.declared[seat]
    if kind is not None:
        return t("declares {kind}", kind=a_kind(kind))
    return t("in")


PRIVILEGE_KEY = t(
    "*⭐ privilege: wins a tie between equal hands, and an exact point of 39, primero of 62 or "
    "flush of 61 beats every other hand of its kind.*"
)
"""The one-line key to the privilege, beside the star wherever it shows (the text: equal
hands go to the player nearer the dealer's right, who holds the privilege)."""


def cardano_fields(table: TableView, game: Cardano, embed: discord.Embed) -> None:
    """The public picture: the invitation, declarations, duel, pots and every seat."""
    say = table.lang
    view = game.view(None)
    names = [plain(name) for name in view.seats]
    embed.add_field(name=say(t("The invitation")), value=say(invitation_said(view)), inline=False)
    declared = declaration_said(view)
    if declared:
        embed.add_field(name=say(t("The vie")), value=say(declared), inline=False)
    duel = duel_said(view)
    if duel:
        embed.add_field(name=say(t("The final duel")), value=say(duel)[:1024], inline=False)
    lines = []
    for index in range(len(view.seats)):
        who = table.hand_seats[index] if index < len(table.hand_seats) else names[index]
        parts = [who]
        if index == view.dealer:
            parts.append(say(t("dealer")))
        if index == view.privileged:
            parts.append(say(t("⭐ privilege")))
        parts += [
            say(tn("{n} card", "{n} cards", n=view.hand_sizes[index])),
            say(t("stack {n}", n=view.stacks[index])),
        ]
        parts += [say(t("paid {n}", n=view.paid[index])), say(seat_state(view, index))]
        if index in view.winners:
            parts.append(say(t("🏆 **won**")))
        if view.payouts is not None and view.payouts[index]:
            parts.append(say(t("takes {n}", n=view.payouts[index])))
        line = " · ".join(parts)
        if view.discards[index]:
            line += "\n  " + say(t("discarded {cards}", cards=Join(view.discards[index], "space")))
        shown = view.face_up[index]
        if shown is not None:
            args: dict[str, Arg] = {
                "cards": Join(shown, "space"),
                "hand": hand_said(shown, view.options.primero_81),
            }
            verb = (
                t("laid down {cards} · {hand}", **args)
                if view.folded[index]
                else t("shows {cards} · {hand}", **args)
            )
            line += "\n  " + say(verb)
        lines.append(line)
    key = f"\n{say(PRIVILEGE_KEY)}" if view.privileged is not None else ""
    embed.add_field(
        name=say(tn("{pot} · deck {n} card", "{pot} · deck {n} cards", pot=pot_said(view), n=view.deck_left)),
        value="\n".join(lines)[: 1024 - len(key)] + key,
        inline=False,
    )
    outcome = game.outcome
    if outcome is not None:
        embed.add_field(
            name=say(t("Result")), value=say(outcome.said or outcome.summary)[:1024], inline=False
        )


def _what(view: CardanoView, seat: int, who: Markup) -> Msg:
    phase = view.phase
    if phase is Phase.INVITATION:
        if view.invitation:
            return t("{who} to invite, answer the invitation or pass", who=who)
        return t("{who} to invite or pass", who=who)
    if phase is Phase.DISCARD:
        return t("{who} to discard", who=who)
    if phase is Phase.CHANGES:
        return t("{who} to change cards, close a combination or open the vie", who=who)
    if phase is Phase.CLOSING:
        return t("{who} to close a combination too, or let it go", who=who)
    if phase is Phase.LAST_CHANGE:
        return t("{who} to take the last change", who=who)
    if phase is Phase.DUEL:
        return t("{who} to challenge to the final duel, or not", who=who)
    return t("{who} to bet, follow or fold", who=who)


def cardano_status(table: TableView, game: Cardano) -> str:
    say = table.lang
    view = game.view(None)
    due = (
        Markup(say(t(" (timer {when})", when=Markup(discord.utils.format_dt(table.deadline, "R")))))
        if table.deadline
        else Markup("")
    )
    hand = Markup(str(table.hand_no))
    if view.to_act is None:
        return say(t("**Hand {n}** — {phase}.", n=hand, phase=PHASE_NAMES[view.phase]))
    what = _what(view, view.to_act, Markup(table.seats[view.to_act].mention))
    return say(
        t(
            "**Hand {n} · {phase}** — {what}{due}. Press **Your hand**.",
            n=hand,
            phase=PHASE_NAMES[view.phase],
            what=what,
            due=due,
        )
    )


def cardano_prompt(table: TableView, game: Cardano, fresh: set[int]) -> str:
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
    return say(
        t(
            "{who}, it's your turn at table #{table} ({phase}). {where}{due}",
            who=who,
            table=Markup(str(table.id)),
            phase=PHASE_NAMES[view.phase],
            where=where,
            due=due,
        )
    )


def rooms(legal: Sequence[CardanoMove]) -> dict[HandType, tuple[str, int]]:
    """For each kind the player may declare with a raise or a bid: the move and the most."""
    out: dict[HandType, tuple[str, int]] = {}
    for action in legal:
        if isinstance(action, Raise | Bid):
            word, most = out.get(action.type, (action.kind, 0))
            out[action.type] = (word, max(most, action.amount))
    return out


def declare_form(game: Cardano, seat: int, label: str, say: Lang) -> Form | None:
    """The form for the amount of a raise or a bid declaring the kind `label`."""
    kind = HandType.from_label(label)
    found = rooms(game.legal_actions(seat)).get(kind) if kind is not None else None
    if kind is None or found is None:
        return None
    word, most = found
    if word == "raise":
        title = t("Raise: declare {kind}", kind=a_kind(kind))
        label_said = t("Chips to raise (1 to {most})", most=most)
    else:
        title = t("Bid: declare {kind}", kind=a_kind(kind))
        label_said = t("Chips to bid (1 to {most})", most=most)
    field = FormField(
        "amount", say(label_said, md=False)[:45], say(t("1 to {most}", most=most), md=False), 12
    )
    return Form(f"{word}.{kind.label}", say(title, md=False)[:45], (field,))


COUNT_WORDS = (t("no"), t("one"), t("two"), t("three"), t("four"), t("five"))
"""Small counts in words, as a change asks for them ("one or two cards")."""


def change_said(least: int, top: int) -> Msg:
    """What a change asks, saying exactly how many cards it takes: "one or two" when both
    are open, "two" when the hand must come down to three (never "one or two (at least
    2)")."""
    if least == top:
        return tn(
            "Pick {count} card to discard face up; two new cards follow.",
            "Pick {count} cards to discard face up; two new cards follow.",
            n=top,
            count=COUNT_WORDS[top],
        )
    if least == 0:
        return t(
            "Pick up to {count} cards (or none, to keep your hand) to discard face up; two new cards follow.",
            count=COUNT_WORDS[top],
        )
    return t(
        "Pick {counts} cards to discard face up; two new cards follow.",
        counts=Join(tuple(COUNT_WORDS[n] for n in range(least, top + 1)), "or"),
    )


def _places(picks: Sequence[int]) -> str:
    return "".join(str(place) for place in sorted(picks))


def cardano_panel(table: TableView, game: Cardano, seat: int, picks: tuple[int, ...] = ()) -> Panel:
    """What `seat` sees of their own hand, and on their turn exactly their legal moves.

    `picks` are the places (in the sorted hand) the player has picked to discard."""
    say = table.lang
    view = game.view(seat)
    hand = view.hand or ()
    embed = discord.Embed(
        title=say(
            t(
                "Your hand · Cardano's Primero table #{table} · hand {n}",
                table=Markup(str(table.id)),
                n=Markup(str(table.hand_no)),
            ),
            md=False,
        ),
        colour=discord.Colour.dark_green(),
    )
    embed.add_field(
        name=say(t("Your cards ({n})", n=len(hand))),
        value=" · ".join(card_text(card) for card in hand) or say(t("*none*")),
        inline=False,
    )
    makes = say(hand_said(hand, view.options.primero_81))
    if view.privileged == seat:
        makes += "\n" + say(t("⭐ You hold the privilege. {key}", key=PRIVILEGE_KEY))
    embed.add_field(name=say(t("What your cards make")), value=makes, inline=False)
    owe = view.owe or 0
    if owe and view.phase in (Phase.VIE, Phase.BETTING):
        chips = t(
            "Your stack {n} · you've paid {paid} · to stay in: {owe} more · {pot}",
            n=view.stacks[seat],
            paid=view.paid[seat],
            owe=owe,
            pot=pot_said(view),
        )
    else:
        chips = t(
            "Your stack {n} · you've paid {paid} · {pot}",
            n=view.stacks[seat],
            paid=view.paid[seat],
            pot=pot_said(view),
        )
    embed.add_field(name=say(t("Chips")), value=say(chips), inline=False)
    embed.add_field(name=say(t("The invitation")), value=say(invitation_said(view)), inline=False)
    declared = declaration_said(view)
    if declared:
        embed.add_field(name=say(t("The vie")), value=say(declared), inline=False)
    duel = duel_said(view)
    if duel:
        embed.add_field(name=say(t("The final duel")), value=say(duel)[:1024], inline=False)
    if view.phase is Phase.OVER:
        outcome = game.outcome
        summary = say(outcome.said or outcome.summary) if outcome is not None else ""
        embed.description = say(t("The hand is over. {summary}", summary=Markup(summary)))
        return Panel(embed)
    if view.folded[seat]:
        embed.description = say(
            t("You folded this hand; your cards lie face up.")
            if view.face_up[seat] is not None
            else t("You did not close: the closers contend the pot between them.")
        )
        return Panel(embed)
    legal = game.legal_actions(seat)
    if not legal:
        who = view.seats[view.to_act] if view.to_act is not None else "—"
        if all_in(view, seat):
            embed.description = say(
                t("Waiting for **{player}**. You're all in: no more bets for you this hand.", player=who)
            )
        else:
            embed.description = say(t("Waiting for **{player}**.", player=who))
        return Panel(embed)
    return _turn(view, legal, hand, picks, embed, say)


def _turn(
    view: CardanoView,
    legal: Sequence[CardanoMove],
    hand: Sequence[Card],
    picks: tuple[int, ...],
    embed: discord.Embed,
    say: Lang,
) -> Panel:
    green, grey, red, blue = (
        discord.ButtonStyle.success,
        discord.ButtonStyle.secondary,
        discord.ButtonStyle.danger,
        discord.ButtonStyle.primary,
    )
    seat = view.you
    assert seat is not None
    owe = view.owe or 0
    controls: list[Control] = []
    pickers: list[Picker] = []
    text: list[Msg] = [t("**Your turn.**")]

    def word(said: Msg) -> str:
        return say(said, md=False)

    changes = [a for a in legal if isinstance(a, Change)]
    duels = [a for a in legal if isinstance(a, Duel)]
    most = max([len(a.discard) for a in changes] + [len(a.discard) for a in duels], default=0)
    picked = tuple(p for p in picks if p < len(hand))[:most]
    # Where the move fixes how many cards it takes (a change down to three, a duel with one
    # case open), one list plays it at once: choosing the cards is the move. Where several
    # counts are valid (the discard round: one or two) or several duel cases draw different
    # counts, the list only picks, and a button plays (issue 23).
    counts = {len(a.discard) for a in changes}
    cases = sorted({a.case for a in duels})
    at_once: Picker | None = None
    if changes and not duels and len(counts) == 1 and min(counts) > 0:
        count = min(counts)
        at_once = Picker(
            "change",
            word(tn("Discard {n} face up: choose it", "Discard {n} face up: choose them", n=count)),
            tuple((str(i), card_text(card), False) for i, card in enumerate(hand)),
            count,
            count,
        )
    elif duels and not changes and len(cases) == 1:
        draw = DUEL_DRAWS[cases[0]]
        at_once = Picker(
            f"duel.{cases[0]}",
            word(t("Duel case {case}: choose {n} to change", case=Markup(str(cases[0])), n=draw)),
            tuple((str(i), card_text(card), False) for i, card in enumerate(hand)),
            draw,
            draw,
        )
    if at_once is not None:
        pickers.append(at_once)
    elif most:
        pickers.append(
            Picker(
                "discard",
                word(t("Cards to discard face up (up to {n})", n=most)),
                tuple((str(i), card_text(card), i in picked) for i, card in enumerate(hand)),
                0,
                min(most, len(hand)),
            )
        )
    # The invitation.
    for action in legal:
        if isinstance(action, Invite):
            amount = action.counters * view.options.counter
            controls.append(
                Control(f"invite.{action.counters}", word(t("Invite {n}", n=amount)), green, row=3)
            )
        elif isinstance(action, Pay):
            controls.append(
                Control("pay", word(t("Pay {n}", n=view.invitation - view.paid[seat])), green, row=3)
            )
        elif isinstance(action, Double):
            controls.append(Control("double", word(t("Double to {n}", n=2 * view.invitation)), blue, row=3))
    if view.phase is Phase.DISCARD and Pay() in legal:
        text.append(
            t(
                "Pay {n} to make up the whole invitation and keep both cards, or discard.",
                n=view.invitation - view.paid[seat],
            )
        )
    if view.phase is Phase.INVITATION:
        text.append(
            t(
                "The invitation is {n}: pay it to keep both cards, double it, or pass (then you must discard "
                "one or two).",
                n=view.invitation,
            )
            if view.invitation
            else t("Invite one or two counters to keep the hand alive, or pass.")
        )
    # The changes.
    if changes:
        least = min(len(a.discard) for a in changes)
        top = max(len(a.discard) for a in changes)
        count = len(picked)
        if at_once is not None:
            pass  # the list plays the change
        elif top == 0:
            controls.append(Control("change", word(t("Keep your cards (the deck is spent)")), green, row=3))
        elif least <= count <= top:
            key = f"change.{_places(picked)}" if picked else "change"
            label = t("Discard {n} face up", n=count) if count else t("Keep all your cards")
            controls.append(Control(key, word(label), green, row=3))
        else:
            span = Markup(f"{least}" if least == top else f"{least}–{top}")
            controls.append(
                Control(
                    "change",
                    word(t("Discard · pick {span} cards first", span=span)),
                    grey,
                    disabled=True,
                    row=3,
                )
            )
        text.append(change_said(least, top))
    for action in legal:
        if isinstance(action, Close):
            controls.append(
                Control(
                    f"close.{action.type.label}",
                    word(t("Close {kind}", kind=a_kind(action.type))),
                    blue,
                    row=4,
                )
            )
    if view.phase is Phase.CLOSING:
        text.append(t("Someone closed a four-card combination: close yours too to contend, or let it go."))
    vies = [a.type for a in legal if isinstance(a, Vie)]
    if vies:
        cost = max(0, view.invitation + view.options.vie_chips - view.paid[seat])
        pickers.append(
            Picker(
                "vie",
                word(t("Open the vie ({n} chips) declaring…", n=cost)),
                tuple(
                    (kind.label, word(t("declare {kind} · {n} chips", kind=a_kind(kind), n=cost)), False)
                    for kind in vies
                ),
            )
        )
        text.append(t("Or declare a kind and open the vie: the changes end."))
    # The betting.
    declarable = rooms(legal)
    if declarable:
        raising = any(w == "raise" for w, _ in declarable.values())
        pickers.append(
            Picker(
                "declare",
                word(t("Declare and raise…") if raising else t("Declare and bid…")),
                tuple(
                    (
                        kind.label,
                        word(
                            t("raise · {kind} · 1–{n} chips", kind=a_kind(kind), n=room)
                            if move == "raise"
                            else t("bid · {kind} · 1–{n} chips", kind=a_kind(kind), n=room)
                        ),
                        False,
                    )
                    for kind, (move, room) in sorted(declarable.items())
                ),
            )
        )
    if Pass() in legal and view.phase is Phase.BETTING:
        controls.append(Control("pass", word(t("Pass (bet nothing)")), grey, row=3))
        text.append(t("Nobody has bet: bid (declare a kind and bet), pass, or fold."))
    elif Pass() in legal:
        controls.append(Control("pass", word(t("Pass")), grey, row=3))
    # Following states a combination (decision 21): the kind held, on the first button; the
    # text's exceptions and lesser statements, which leave a primero or flush undeclared at
    # the risk of losing the pot, on the row below.
    held = statements(hand)[-1]
    for action in legal:
        if not isinstance(action, Follow | AllIn):
            continue
        head = "follow" if isinstance(action, Follow) else "allin"
        price = (
            (t("Follow · {n}", n=owe) if owe else t("Follow"))
            if head == "follow"
            else t("All in · {n}", n=view.stacks[seat])
        )
        style = green if head == "follow" else blue
        if action.type is None:
            controls.append(
                Control(
                    head, word(t("{price} · stating {kind}", price=price, kind=a_kind(held))), style, row=3
                )
            )
            continue
        missed = undeclared(hand, action.type)
        if missed is not None:
            label = t(
                "{price} · stating {kind} (your {missed} undeclared)",
                price=price,
                kind=a_kind(action.type),
                missed=kind_said(missed),
            )
        else:
            label = t("{price} · stating {kind}", price=price, kind=a_kind(action.type))
        controls.append(Control(f"{head}.{action.type.label}", word(label)[:80], grey, row=4))
    if view.phase in (Phase.VIE, Phase.BETTING) and owe:
        text.append(
            t(
                "To stay in, pay {n}: follow (stating your combination), raise (declaring a kind), or fold "
                "face up. After the vie an undeclared primero or flush loses the pot after a bet.",
                n=owe,
            )
        )
    if Fold() in legal:
        controls.append(Control("fold", word(t("Fold face up")), red, row=3))
    # The duel.
    if duels:
        for case in cases if at_once is None else ():
            draw = DUEL_DRAWS[case]
            number = Markup(str(case))
            if len(picked) == draw:
                controls.append(
                    Control(
                        f"duel.{case}.{_places(picked)}",
                        word(t("Duel case {case} · draw {n}", case=number, n=draw)),
                        green,
                        row=3,
                    )
                )
            else:
                controls.append(
                    Control(
                        f"duel.{case}",
                        word(t("Duel case {case} · pick {n} to change", case=number, n=draw)),
                        grey,
                        True,
                        row=3,
                    )
                )
        text.append(
            t("You lost, but may challenge: {cases}.", cases=_semis(tuple(case_said(case) for case in cases)))
        )
    if Concede() in legal:
        controls.append(
            Control("concede", word(t("Don't challenge") if duels else t("Let it go")), red, row=3)
        )
    embed.description = say(t("{sentences}", sentences=Join(text, "space")))
    return Panel(embed, tuple(controls), tuple(pickers))

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
from engine.cardano.hands import describe, kind_name, statements, undeclared
from engine.core.cards import Card
from engine.core.text import plural
from engine.primero.hands import HandType, points

if TYPE_CHECKING:
    from bot.games.view import TableView

PHASE_NAMES = {
    Phase.INVITATION: "the invitation",
    Phase.DISCARD: "discards after the invitation",
    Phase.CHANGES: "the changes",
    Phase.CLOSING: "a combination closed",
    Phase.VIE: "the vie",
    Phase.LAST_CHANGE: "the last change",
    Phase.BETTING: "the final betting",
    Phase.DUEL: "the final duel",
    Phase.OVER: "the showdown",
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


def kind_text(kind: HandType) -> str:
    return kind_name(kind)


def case_text(case: int) -> str:
    what, draw, mine, theirs = DUEL_CASES[case]
    return (
        f"case {case}: {what} — the challenger takes {FRACTIONS[mine]} of the pot and the dominant "
        f"{FRACTIONS[theirs]}, then draws {plural(draw, 'card')} for the rest"
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


def pot_text(view: CardanoView, names: Sequence[str]) -> str:
    if view.payouts is not None:
        return "Pot settled"
    text = f"Pot {view.pot:,}"
    if any(all_in(view, seat) for seat in range(len(view.seats))):
        layers = pots(view)
        if len(layers) > 1:
            parts = [f"main {layers[0][0]:,}"]
            for amount, who in layers[1:]:
                if len(who) > 1:
                    parts.append(f"separate pot {amount:,} ({', '.join(names[i] for i in who)})")
                else:
                    parts.append(f"{amount:,} unmatched ({names[who[0]]})")
            text += " · " + " · ".join(parts)
    return text


def invitation_text(view: CardanoView, names: Sequence[str]) -> str:
    if view.inviter is None:
        return "No invitation yet" if view.phase is Phase.INVITATION else "Nobody invited"
    text = f"{names[view.inviter]} invited · {view.invitation:,} chips"
    if view.doubled:
        text += " (doubled)"
    paid = [names[i] for i in range(len(view.seats)) if i != view.inviter and view.paid[i] >= view.invitation]
    if paid:
        text += " · paid in full: " + ", ".join(paid)
    return text


def declaration_text(view: CardanoView, names: Sequence[str]) -> str | None:
    if view.bidder is None or view.phase in (Phase.INVITATION, Phase.DISCARD, Phase.CHANGES):
        return None
    kind = view.declared[view.bidder]
    what = f"a {kind_text(kind)}" if kind is not None else "nothing"
    return f"{names[view.bidder]} declares {what} · {view.level:,} chips each to stay in"


def duel_text(view: CardanoView, names: Sequence[str]) -> str | None:
    duel = view.duel
    if duel is None:
        return None
    challenger, dominant = names[duel.challenger], names[duel.dominant]
    if duel.case is None:
        cases = "; ".join(case_text(case) for case in duel.cases)
        return f"{challenger} may challenge {dominant} ({cases})."
    assert duel.winner is not None
    return (
        f"Case {duel.case} ({DUEL_CASES[duel.case][0]}), for a pot of {duel.pot:,}: {challenger} takes "
        f"{duel.challenger_share:,} and {dominant} {duel.dominant_share:,} now; {challenger} draws "
        f"{cards_text(duel.drawn)}; **{names[duel.winner]}** wins the other {duel.stake:,}."
    )


def seat_state(view: CardanoView, seat: int) -> str:
    if view.folded[seat]:
        # Players who did not close are out while two closers contend, their cards unseen.
        return "folded" if view.face_up[seat] is not None else "out (did not close)"
    if all_in(view, seat):
        return "**all in**"
    if seat in view.closers:
        kind = view.declared[seat]
        return f"closed a {kind_text(kind)}" if kind is not None else "closed"
    kind = view.declared[seat]
    if kind is not None:
        return f"declares a {kind_text(kind)}"
    return "in"


def cardano_fields(table: TableView, game: Cardano, embed: discord.Embed) -> None:
    """The public picture: the invitation, declarations, duel, pots and every seat."""
    view = game.view(None)
    names = [plain(name) for name in view.seats]
    embed.add_field(name="The invitation", value=invitation_text(view, names), inline=False)
    declared = declaration_text(view, names)
    if declared:
        embed.add_field(name="The vie", value=declared, inline=False)
    duel = duel_text(view, names)
    if duel:
        embed.add_field(name="The final duel", value=duel[:1024], inline=False)
    lines = []
    for index in range(len(view.seats)):
        who = table.hand_seats[index] if index < len(table.hand_seats) else names[index]
        parts = [who]
        if index == view.dealer:
            parts.append("dealer")
        if index == view.privileged:
            parts.append("⭐ privilege")
        parts += [plural(view.hand_sizes[index], "card"), f"stack {view.stacks[index]:,}"]
        parts += [f"paid {view.paid[index]:,}", seat_state(view, index)]
        if index in view.winners:
            parts.append("🏆 **won**")
        if view.payouts is not None and view.payouts[index]:
            parts.append(f"takes {view.payouts[index]:,}")
        line = " · ".join(parts)
        if view.discards[index]:
            line += f"\n  discarded {cards_text(view.discards[index])}"
        shown = view.face_up[index]
        if shown is not None:
            verb = "laid down" if view.folded[index] else "shows"
            line += f"\n  {verb} {cards_text(shown)} · {describe(shown, view.options.primero_81)}"
        lines.append(line)
    embed.add_field(
        name=f"{pot_text(view, names)} · deck {plural(view.deck_left, 'card')}",
        value="\n".join(lines)[:1024],
        inline=False,
    )
    outcome = game.outcome
    if outcome is not None:
        embed.add_field(name="Result", value=plain(outcome.summary)[:1024], inline=False)


def _what(view: CardanoView, seat: int) -> str:
    phase = view.phase
    if phase is Phase.INVITATION:
        return "to invite, answer the invitation or pass" if view.invitation else "to invite or pass"
    if phase is Phase.DISCARD:
        return "to discard"
    if phase is Phase.CHANGES:
        return "to change cards, close a combination or open the vie"
    if phase is Phase.CLOSING:
        return "to close a combination too, or let it go"
    if phase is Phase.LAST_CHANGE:
        return "to take the last change"
    if phase is Phase.DUEL:
        return "to challenge to the final duel, or not"
    return "to bet, follow or fold"


def cardano_status(table: TableView, game: Cardano) -> str:
    view = game.view(None)
    due = f" (timer {discord.utils.format_dt(table.deadline, 'R')})" if table.deadline else ""
    if view.to_act is None:
        return f"**Hand {table.hand_no}** — {PHASE_NAMES[view.phase]}."
    mention = table.seats[view.to_act].mention
    what = _what(view, view.to_act)
    return (
        f"**Hand {table.hand_no} · {PHASE_NAMES[view.phase]}** — {mention} {what}{due}. Press **Your hand**."
    )


def cardano_prompt(table: TableView, game: Cardano, fresh: set[int]) -> str:
    """The public ping: names who must act, never a card."""
    view = game.view(None)
    seat = view.to_act
    assert seat is not None
    who = table.seats[seat].mention
    due = f" You have until {discord.utils.format_dt(table.deadline, 'R')}." if table.deadline else ""
    if seat in fresh:
        where = "Your hand panel shows your moves."
    else:
        where = "Press **Your hand** on the table message (or use /hand) to see your cards and moves."
    return f"{who}, it's your turn at table #{table.id} ({PHASE_NAMES[view.phase]}). {where}{due}"


def rooms(legal: Sequence[CardanoMove]) -> dict[HandType, tuple[str, int]]:
    """For each kind the player may declare with a raise or a bid: the move and the most."""
    out: dict[HandType, tuple[str, int]] = {}
    for action in legal:
        if isinstance(action, Raise | Bid):
            word, most = out.get(action.type, (action.kind, 0))
            out[action.type] = (word, max(most, action.amount))
    return out


def declare_form(game: Cardano, seat: int, label: str) -> Form | None:
    """The form for the amount of a raise or a bid declaring the kind `label`."""
    kind = HandType.from_label(label)
    found = rooms(game.legal_actions(seat)).get(kind) if kind is not None else None
    if kind is None or found is None:
        return None
    word, most = found
    title = f"{word.title()}: declare a {kind_text(kind)}"
    field = FormField("amount", f"Chips to {word} (1 to {most:,})"[:45], f"1 to {most:,}", 12)
    return Form(f"{word}.{kind.label}", title[:45], (field,))


def _places(picks: Sequence[int]) -> str:
    return "".join(str(place) for place in sorted(picks))


def cardano_panel(table: TableView, game: Cardano, seat: int, picks: tuple[int, ...] = ()) -> Panel:
    """What `seat` sees of their own hand, and on their turn exactly their legal moves.

    `picks` are the places (in the sorted hand) the player has picked to discard."""
    view = game.view(seat)
    hand = view.hand or ()
    names = [plain(name) for name in view.seats]
    embed = discord.Embed(
        title=f"Your hand · Cardano's Primero table #{table.id} · hand {table.hand_no}",
        colour=discord.Colour.dark_green(),
    )
    embed.add_field(
        name=f"Your cards ({len(hand)})",
        value=" · ".join(card_text(card) for card in hand) or "*none*",
        inline=False,
    )
    makes = view.hand_value or "nothing"
    if view.privileged == seat:
        makes += " · ⭐ you hold the privilege: point 39, primero 62 or flush 61 beats every hand of its kind"
    embed.add_field(name="What your cards make", value=makes, inline=False)
    owe = view.owe or 0
    chips = (
        f"Your stack {view.stacks[seat]:,} · you've paid {view.paid[seat]:,}"
        + (f" · to stay in: {owe:,} more" if owe and view.phase in (Phase.VIE, Phase.BETTING) else "")
        + f" · {pot_text(view, names)}"
    )
    embed.add_field(name="Chips", value=chips, inline=False)
    embed.add_field(name="The invitation", value=invitation_text(view, names), inline=False)
    declared = declaration_text(view, names)
    if declared:
        embed.add_field(name="The vie", value=declared, inline=False)
    duel = duel_text(view, names)
    if duel:
        embed.add_field(name="The final duel", value=duel[:1024], inline=False)
    if view.phase is Phase.OVER:
        outcome = game.outcome
        summary = plain(outcome.summary) if outcome is not None else ""
        embed.description = f"The hand is over. {summary}"
        return Panel(embed)
    if view.folded[seat]:
        embed.description = (
            "You folded this hand; your cards lie face up."
            if view.face_up[seat] is not None
            else "You did not close: the closers contend the pot between them."
        )
        return Panel(embed)
    legal = game.legal_actions(seat)
    if not legal:
        who = names[view.to_act] if view.to_act is not None else "—"
        out = " You're all in: no more bets for you this hand." if all_in(view, seat) else ""
        embed.description = f"Waiting for **{who}**.{out}"
        return Panel(embed)
    return _turn(view, legal, hand, picks, embed)


def _turn(
    view: CardanoView,
    legal: Sequence[CardanoMove],
    hand: Sequence[Card],
    picks: tuple[int, ...],
    embed: discord.Embed,
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
    text = ["**Your turn.**"]
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
            f"Discard {count} face up: choose {'it' if count == 1 else 'them'}",
            tuple((str(i), card_text(card), False) for i, card in enumerate(hand)),
            count,
            count,
        )
    elif duels and not changes and len(cases) == 1:
        draw = DUEL_DRAWS[cases[0]]
        at_once = Picker(
            f"duel.{cases[0]}",
            f"Duel case {cases[0]}: choose {draw} to change",
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
                f"Cards to discard face up (up to {most})",
                tuple((str(i), card_text(card), i in picked) for i, card in enumerate(hand)),
                0,
                min(most, len(hand)),
            )
        )
    # The invitation.
    for action in legal:
        if isinstance(action, Invite):
            amount = action.counters * view.options.counter
            controls.append(Control(f"invite.{action.counters}", f"Invite {amount:,}", green, row=3))
        elif isinstance(action, Pay):
            controls.append(Control("pay", f"Pay {view.invitation - view.paid[seat]:,}", green, row=3))
        elif isinstance(action, Double):
            controls.append(Control("double", f"Double to {2 * view.invitation:,}", blue, row=3))
    if view.phase is Phase.DISCARD and Pay() in legal:
        text.append(
            f"Pay {view.invitation - view.paid[seat]:,} to make up the whole invitation and keep "
            "both cards, or discard."
        )
    if view.phase is Phase.INVITATION:
        text.append(
            f"The invitation is {view.invitation:,}: pay it to keep both cards, double it, or pass "
            "(then you must discard one or two)."
            if view.invitation
            else "Invite one or two counters to keep the hand alive, or pass."
        )
    # The changes.
    if changes:
        least = min(len(a.discard) for a in changes)
        top = max(len(a.discard) for a in changes)
        count = len(picked)
        if at_once is not None:
            pass  # the list plays the change
        elif top == 0:
            controls.append(Control("change", "Keep your cards (the deck is spent)", green, row=3))
        elif least <= count <= top:
            key = f"change.{_places(picked)}" if picked else "change"
            label = f"Discard {count} face up" if count else "Keep all your cards"
            controls.append(Control(key, label, green, row=3))
        else:
            span = f"{least}" if least == top else f"{least}–{top}"
            controls.append(
                Control("change", f"Discard · pick {span} cards first", grey, disabled=True, row=3)
            )
        text.append(
            f"Pick {'one or two' if least else 'up to two'} cards to discard face up"
            + (f" (at least {least})" if least > 1 else "")
            + "; two new cards follow."
        )
    for action in legal:
        if isinstance(action, Close):
            controls.append(
                Control(f"close.{action.type.label}", f"Close a {kind_text(action.type)}", blue, row=4)
            )
    if view.phase is Phase.CLOSING:
        text.append("Someone closed a four-card combination: close yours too to contend, or let it go.")
    vies = [a.type for a in legal if isinstance(a, Vie)]
    if vies:
        cost = max(0, view.invitation + view.options.vie_chips - view.paid[seat])
        pickers.append(
            Picker(
                "vie",
                f"Open the vie ({cost:,} chips) declaring…",
                tuple((kind.label, f"declare a {kind_text(kind)} · {cost:,} chips", False) for kind in vies),
            )
        )
        text.append("Or declare a kind and open the vie: the changes end.")
    # The betting.
    declarable = rooms(legal)
    if declarable:
        pickers.append(
            Picker(
                "declare",
                "Declare and " + ("raise…" if any(w == "raise" for w, _ in declarable.values()) else "bid…"),
                tuple(
                    (kind.label, f"{word} · a {kind_text(kind)} · 1–{room:,} chips", False)
                    for kind, (word, room) in sorted(declarable.items())
                ),
            )
        )
    if Pass() in legal and view.phase is Phase.BETTING:
        controls.append(Control("pass", "Pass (bet nothing)", grey, row=3))
        text.append("Nobody has bet: bid (declare a kind and bet), pass, or fold.")
    elif Pass() in legal:
        controls.append(Control("pass", "Pass", grey, row=3))
    # Following states a combination (decision 21): the kind held, on the first button; the
    # text's exceptions and lesser statements, which leave a primero or flush undeclared at
    # the risk of losing the pot, on the row below.
    held = statements(hand)[-1]
    for action in legal:
        if not isinstance(action, Follow | AllIn):
            continue
        head = "follow" if isinstance(action, Follow) else "allin"
        price = (
            (f"Follow · {owe:,}" if owe else "Follow")
            if head == "follow"
            else f"All in · {view.stacks[seat]:,}"
        )
        style = green if head == "follow" else blue
        if action.type is None:
            controls.append(Control(head, f"{price} · stating a {kind_text(held)}", style, row=3))
            continue
        missed = undeclared(hand, action.type)
        risk = f" (your {kind_text(missed)} undeclared)" if missed is not None else ""
        label = f"{price} · stating a {kind_text(action.type)}{risk}"
        controls.append(Control(f"{head}.{action.type.label}", label[:80], grey, row=4))
    if view.phase in (Phase.VIE, Phase.BETTING) and owe:
        text.append(
            f"To stay in, pay {owe:,}: follow (stating your combination), raise (declaring a kind), "
            "or fold face up. After the vie an undeclared primero or flush loses the pot after a bet."
        )
    if Fold() in legal:
        controls.append(Control("fold", "Fold face up", red, row=3))
    # The duel.
    if duels:
        for case in cases if at_once is None else ():
            draw = DUEL_DRAWS[case]
            if len(picked) == draw:
                controls.append(
                    Control(f"duel.{case}.{_places(picked)}", f"Duel case {case} · draw {draw}", green, row=3)
                )
            else:
                controls.append(
                    Control(f"duel.{case}", f"Duel case {case} · pick {draw} to change", grey, True, row=3)
                )
        text.append("You lost, but may challenge: " + "; ".join(case_text(case) for case in cases) + ".")
    if Concede() in legal:
        controls.append(Control("concede", "Don't challenge" if duels else "Let it go", red, row=3))
    embed.description = " ".join(text)
    return Panel(embed, tuple(controls), tuple(pickers))

"""What a finished hand says: who won, how much and why, what carries over to the next
hand, and each member's net chips. Every game builds one `HandResult` from its finished
hand (`GamePlugin.hand_result`); the table message between hands and each member's hand
panel draw it with the helpers here, so the words have one shape whatever the game.

A result holds only public facts (what the engine's summary says, cards shown at the end),
and names players raw, as the engines and the log do: the helpers escape them where they
are drawn.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.games.view import TableView
from bot.i18n import Join, Lang, Markup, lang, t, tn
from bot.ui import Panel, plain
from engine.core.game import Outcome
from engine.core.match import Match

ENGLISH = lang("en")


@dataclass(frozen=True)
class HandResult:
    """The end of one hand in words (raw text: names unescaped)."""

    #: who won, how much, and the rule that decided it
    headline: str
    #: further lines when the hand paid several items (scored items, side pots)
    reasons: tuple[str, ...] = ()
    #: what carries over: a pot that stays, pouches, scores toward the target
    carried: str | None = None
    #: engine seat -> that player's net chips for the hand (empty: a hand that moves no chips)
    nets: Mapping[int, int] = field(default_factory=dict)
    #: engine seat -> the player's name, for the nets line
    names: tuple[str, ...] = ()


def player_names(table: TableView, labels: Sequence[str]) -> tuple[str, ...]:
    """Engine seat -> the name of the player in the seat dealt into it, for an engine whose
    labels are not the players' names (Prima Carta's suits). Where that seat is empty now
    (its player left, a robot played by its partner) the engine's label stays."""
    names = []
    for seat, label in enumerate(labels):
        player = table.players.get(seat)
        dealt = player is not None and player.choice == table.dealt.get(seat)
        names.append(player.name if player is not None and dealt else label)
    return tuple(names)


def renamed(text: str, labels: Sequence[str], names: Sequence[str]) -> str:
    """An engine's line with every seat it names by a label other than its player's name
    (Prima Carta's suits) named as "Ana (Cups)"; where the engine already uses the player's
    name the text stays as it is."""
    for label, name in zip(labels, names, strict=False):
        if label and label != name:
            text = re.sub(rf"\b{re.escape(label)}\b", f"{name} ({label})".replace("\\", "\\\\"), text)
    return text


def nets_of(outcome: Outcome) -> dict[int, int]:
    """Engine seat -> net chips for the hand, as the outcome settles it."""
    return {seat: outcome.net(seat) for seat in range(len(outcome.paid_in))}


def signed(amount: int, say: Lang = ENGLISH) -> str:
    """+40, −10, ±0: a net as a member reads it (digits grouped as `say` groups them)."""
    if amount > 0:
        return f"+{say.number(amount)}"
    if amount < 0:
        return f"−{say.number(-amount)}"
    return "±0"


def nets_line(result: HandResult, say: Lang = ENGLISH) -> str | None:
    """ "Nets: Ana +40 · Bruno −20 · Chiara −20" (escaped), or None for a hand that moved no chips."""
    if not result.nets:
        return None
    parts = []
    for seat, net in sorted(result.nets.items()):
        name = plain(result.names[seat]) if seat < len(result.names) else say(t("Seat {n}", n=seat + 1))
        parts.append(f"{name} {signed(net, say)}")
    return say(t("Nets: {nets}", nets=Markup(" · ".join(parts))))


def result_text(result: HandResult, say: Lang = ENGLISH) -> str:
    """The table message's lines for a finished hand: the headline, further reasons, what
    carries over, and each member's net (markdown, names escaped)."""
    lines = [f"**{plain(result.headline)}**", *(plain(line) for line in result.reasons)]
    if result.carried:
        lines.append(plain(result.carried))
    nets = nets_line(result, say)
    if nets:
        lines.append(nets)
    return "\n".join(lines)


def member_text(result: HandResult, seat: int, say: Lang = ENGLISH) -> str:
    """The end of the hand as the member in engine seat `seat` reads it on their panel:
    their own net first ("You won 40 chips."), then the headline and what carries over."""
    net = result.nets.get(seat)
    if net is None:
        lead = ""
    elif net > 0:
        lead = say(t("You won {chips} this hand.", chips=tn("{n} chip", "{n} chips", n=net))) + " "
    elif net < 0:
        lead = say(t("You lost {chips} this hand.", chips=tn("{n} chip", "{n} chips", n=-net))) + " "
    else:
        lead = say(t("You came out even this hand.")) + " "
    lines = [lead + plain(result.headline), *(plain(line) for line in result.reasons)]
    if result.carried:
        lines.append(plain(result.carried))
    return "\n".join(lines)


def shown_scores(match: Match) -> Mapping[str, int]:
    """The scores a table shows for each seat: the game under way's or, once a hand has
    ended a game, that game's final scores until the next deal (the match has already
    started the next game from nothing)."""
    ended = match.last_result
    return ended.scores if ended is not None and ended.hand_no == match.hand_no else match.scores


def scores_line(table: TableView, names: Sequence[str], target: int | None, title: str = "Scores") -> str:
    """What the scores carry to the next hand: "Scores toward 21: Ana 12 · Bruno 9." (each
    dealt seat's running score in the match), or, when this hand ended the game, its final
    scores and winner (the match has already started the next game from nothing)."""
    match, say = table.match, table.lang
    named = {key: names[seat] for seat, key in table.dealt.items() if seat < len(names)}
    ended = match.last_result
    if ended is not None and ended.hand_no == match.hand_no:
        final = " · ".join(
            f"{named.get(key, key)} {say.number(score)}" for key, score in ended.scores.items()
        )
        winners = [named.get(key, key) for key in ended.winners]
        ends = (
            t(
                "This hand ends the game: {winners} wins ({final}).",
                winners=Join(winners),
                final=Markup(final),
            )
            if len(winners) == 1
            else t(
                "This hand ends the game: {winners} win ({final}).",
                winners=Join(winners),
                final=Markup(final),
            )
        )
        return say(ends, md=False)
    parts = Markup(
        " · ".join(f"{name} {say.number(match.scores.get(key, 0))}" for key, name in named.items())
    )
    if title != "Scores":
        toward = f" toward {target:,}" if target else ""
        return f"{title}{toward}: {parts}."
    if target:
        return say(t("Scores toward {target}: {scores}.", target=target, scores=parts), md=False)
    return say(t("Scores: {scores}.", scores=parts), md=False)


def moved_chips(outcome: Outcome) -> dict[int, int]:
    """Engine seat -> net chips, or empty for a hand that moved no chips at all (a score
    game whose chips move only when a game ends)."""
    if not any(outcome.paid_in) and not any(outcome.paid_out):
        return {}
    return nets_of(outcome)


def from_summary(
    table: TableView,
    labels: Sequence[str],
    outcome: Outcome,
    *,
    reasons: tuple[str, ...] = (),
    carried: str | None = None,
    names: Sequence[str] | None = None,
    headline: str | None = None,
) -> HandResult:
    """A result whose headline is the engine's own summary of the hand (which already names
    the winner, what they take and the rule that decided it), or `headline`, that summary
    already rendered in the table's language. `labels` are how the engine names its seats;
    `names` the players' names where those differ (None: the engine's seats are named after
    the players dealt in, as in most games)."""
    names = tuple(labels) if names is None else tuple(names)
    return HandResult(
        headline=renamed(outcome.summary if headline is None else headline, labels, names),
        reasons=tuple(renamed(line, labels, names) for line in reasons),
        carried=carried,
        nets=moved_chips(outcome),
        names=names,
    )


def between_hands(result: HandResult | None, status: str, say: Lang = ENGLISH) -> str:
    """The table message's description between hands: the finished hand's result above the
    table's own status line."""
    return status if result is None else f"{result_text(result, say)}\n{status}"


def closing_panel(panel: Panel, result: HandResult | None, seat: int, say: Lang = ENGLISH) -> Panel:
    """A member's hand panel once the hand is over: it says the result as that member reads
    it (their net, who won and why) in place of the game's own "the hand is over"."""
    if result is not None:
        panel.embed.description = member_text(result, seat, say)
    return panel

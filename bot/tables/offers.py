"""Side bets between members at a table (Prima Carta's confidence bets): one member offers,
the other accepts or declines. The maker's amount goes into the table's escrow with the
offer, the taker's with the acceptance; a declined offer goes back at once, one never
answered when the hand ends goes back then, and an accepted one settles in the hand's own
transaction as the game reads the finished hand. The game says which offers may be made
and on what terms (the game's `SideOffers` capability: `choices`, `terms`, `still_open`,
`settle`); nothing here names a game. docs/RULES.md, "Bets at the table"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.games import OfferChoice, OfferSettlement
from bot.games.base import SideOffers
from bot.i18n import Text, chips, t
from bot.store import Tx, member_account
from bot.tables.model import Offer, Person, Phase, Table, TableError
from bot.tables.money import ESCROW, Transfer
from engine.core.errors import IllegalAction, RuleError
from engine.core.msg import Markup, Msg

if TYPE_CHECKING:
    from bot.tables.commit import Commit

NOT_OPEN = t("That offer isn't open now — the hand has moved on.")
ALREADY: dict[str, Msg] = {
    "accepted": t("That offer was already accepted."),
    "declined": t("That offer was already declined."),
    "settled": t("That offer was already settled."),
    "refunded": t("That offer was already refunded."),
}
"""The answer to a second answer, by where the offer stands (whole sentences: the word
agrees with "offer" in each language)."""
WHERE: dict[str, Msg] = {"offered": t("waiting for an answer"), "accepted": t("accepted")}
"""Where an offer stands, as the table's Details list it."""
RESULTS: dict[str, Msg] = {
    "too late — refunded": t("too late — refunded"),
    "declined — refunded": t("declined — refunded"),
    "not answered — refunded": t("not answered — refunded"),
    "refunded": t("refunded"),
}
"""The results an offer is stored with (`Offer.result`, kept in English in the table's
state), shown in the reader's language; a settled offer's result is the game's own words
(a message, or a plain string in a snapshot saved before they were messages)."""


def terms_of(offer: Offer) -> Msg | Markup:
    """An offer's terms as a message argument: the game's message, or the plain string a
    snapshot saved before terms were messages (the game's own text, trusted as it was)."""
    return offer.text if isinstance(offer.text, Msg) else Markup(offer.text)


def refund_moves(offers: Sequence[Offer], escrow: str) -> list[Transfer]:
    """What open offers hold goes back to whoever put it in."""
    moves = []
    for offer in offers:
        if offer.status in ("offered", "accepted") and offer.maker_amount:
            moves.append(Transfer(escrow, member_account(offer.maker_id), offer.maker_amount, "offer refund"))
        if offer.status == "accepted" and offer.taker_amount:
            moves.append(Transfer(escrow, member_account(offer.taker_id), offer.taker_amount, "offer refund"))
    return moves


def settle_moves(offer: Offer, escrow: str, settlement: OfferSettlement) -> list[Transfer]:
    """An accepted offer's ledger moves: the escrowed chips split as the game says, and what
    the taker owes the maker from their winnings. The split must account for exactly the
    escrowed chips."""
    held = offer.maker_amount + offer.taker_amount
    if settlement.to_maker < 0 or settlement.to_taker < 0 or settlement.taker_pays_maker < 0:
        raise ValueError("an offer cannot pay out less than nothing")
    if settlement.to_maker + settlement.to_taker != held:
        raise ValueError(
            f"an offer holding {held} chips was split into {settlement.to_maker} + {settlement.to_taker}"
        )
    maker, taker = member_account(offer.maker_id), member_account(offer.taker_id)
    moves = []
    if settlement.to_maker:
        moves.append(Transfer(escrow, maker, settlement.to_maker, "offer won"))
    if settlement.to_taker:
        moves.append(Transfer(escrow, taker, settlement.to_taker, "offer won"))
    if settlement.taker_pays_maker:
        moves.append(Transfer(taker, maker, settlement.taker_pays_maker, "offer share"))
    return moves


def held(offers: Sequence[Offer]) -> int:
    return sum(offer.held for offer in offers)


def _sides(table: Table) -> SideOffers[Any, Any]:
    """The game's side offers: an offer exists only at a table whose game has them."""
    sides = table.plugin.capability(SideOffers)
    assert sides is not None, "an offer at a table whose game takes none"
    return sides


def refund_all(table: Table) -> list[Transfer]:
    """A closing table: every offer still holding chips is marked refunded; the moves home."""
    state = table.state
    moves = refund_moves(state.offers, ESCROW)
    state.offers = [
        o.model_copy(update={"status": "refunded", "result": "refunded"}) if o.held else o
        for o in state.offers
    ]
    return moves


class Offers:
    """Making, answering and settling side bets between members."""

    def __init__(self, commit: Commit) -> None:
        self.commit = commit

    def choices(self, table: Table, user: Person) -> list[OfferChoice]:
        """The offers `user` may make now: to a member (not a computer, not themselves)."""
        game = table.game
        if table.state.phase is not Phase.PLAYING or game is None or game.outcome is not None:
            return []
        index = table.seat_of(user.id)
        seat = table.engine_seat(index) if index is not None else None
        if index is not None and seat is None:
            return []  # seated after the deal: neither a player of this hand nor an onlooker
        found = []
        sides = table.plugin.capability(SideOffers)
        for choice in sides.choices(game, table.options, seat) if sides is not None else ():
            target = table.seat_for(choice.seat)
            if target.user_id is not None and target.user_id != user.id:
                found.append(choice)
        return found

    async def make(
        self, table: Table, user: Person, hand_no: int, kind: str, seat: int, values: Sequence[str]
    ) -> Offer:
        """An offer from the offer form: checked, the maker's amount into escrow, saved."""
        state = table.state
        if hand_no != state.hand_no:
            raise TableError(NOT_OPEN)
        choice = next((c for c in self.choices(table, user) if (c.kind, c.seat) == (kind, seat)), None)
        if choice is None:
            raise TableError(NOT_OPEN)
        try:
            terms = _sides(table).terms(table.game, table.options, kind, seat, values)
        except (IllegalAction, RuleError) as error:
            raise TableError(error.said) from error
        target = table.seat_for(seat)
        assert target.user_id is not None
        offer = Offer(
            id=max((o.id for o in state.offers), default=0) + 1,
            kind=kind,
            seat=seat,
            maker_id=user.id,
            maker_name=user.display_name,
            taker_id=target.user_id,
            taker_name=target.name,
            maker_amount=terms.maker_amount,
            taker_amount=terms.taker_amount,
            text=terms.text,
            data=dict(terms.data),
        )
        state.offers = [*state.offers, offer]
        line = t(
            "{maker} offers {taker} {offer}",
            maker=offer.maker_name,
            taker=offer.taker_name,
            offer=terms_of(offer),
        )
        moves = []
        if offer.maker_amount:
            moves.append(Transfer(member_account(user.id), ESCROW, offer.maker_amount, "offer"))
        await self._save(table, line, moves, t("You don't have enough chips for that offer."))
        return offer

    async def answer(self, table: Table, user: Person, hand_no: int, offer_id: int, accept: bool) -> Text:
        """The member asked accepts (their amount into escrow) or declines (the maker's
        amount goes back); an offer the hand has overtaken goes back too."""
        state = table.state
        offer = next((o for o in state.offers if o.id == offer_id), None)
        if hand_no != state.hand_no or offer is None:
            raise TableError(t("That offer was for an earlier hand."))
        if offer.taker_id != user.id:
            raise TableError(t("That offer was made to someone else."))
        if offer.status != "offered":
            raise TableError(ALREADY.get(offer.status, t("That offer was already answered.")))
        game = table.game
        still = (
            state.phase is Phase.PLAYING
            and game is not None
            and game.outcome is None
            and _sides(table).still_open(game, offer.kind, offer.seat, offer.data)
        )
        refund = Transfer(ESCROW, member_account(offer.maker_id), offer.maker_amount, "offer refund")
        if not still:
            self._replace(table, offer, status="refunded", result="too late — refunded")
            line = t(
                "{maker}'s offer to {taker} lapsed; the stake went back.",
                maker=offer.maker_name,
                taker=offer.taker_name,
            )
            await self._save(table, line, [refund] if offer.maker_amount else [], "")
            return t("Too late: the hand has moved past that offer, so its stake went back to the maker.")
        if accept:
            self._replace(table, offer, status="accepted")
            line = t(
                "{taker} accepts {maker}'s offer: {offer}",
                taker=offer.taker_name,
                maker=offer.maker_name,
                offer=terms_of(offer),
            )
            moves = []
            if offer.taker_amount:
                moves.append(Transfer(member_account(user.id), ESCROW, offer.taker_amount, "offer"))
            await self._save(table, line, moves, t("You don't have enough chips to accept that offer."))
            return t("You accepted: {offer} It settles with the hand.", offer=terms_of(offer))
        self._replace(table, offer, status="declined", result="declined — refunded")
        line = t("{taker} declines {maker}'s offer.", taker=offer.taker_name, maker=offer.maker_name)
        await self._save(table, line, [refund] if offer.maker_amount else [], "")
        return t("You declined the offer; its stake went back to the maker.")

    async def settle(self, table: Table, tx: Tx) -> None:
        """Inside the hand's settlement: accepted offers settle, unanswered ones go back."""
        game = table.game
        moves: list[Transfer] = []
        settled = []
        for offer in table.state.offers:
            if offer.status == "offered":
                moves += refund_moves([offer], ESCROW)
                offer = offer.model_copy(update={"status": "refunded", "result": "not answered — refunded"})
            elif offer.status == "accepted":
                result = _sides(table).settle(
                    game, offer.kind, offer.seat, offer.maker_amount, offer.taker_amount, offer.data
                )
                moves += settle_moves(offer, ESCROW, result)
                offer = offer.model_copy(update={"status": "settled", "result": result.text})
            settled.append(offer)
        table.state.offers = settled
        await self.commit.transfer(table, tx, moves)

    # ----------------------------------------------------------------- helpers
    @staticmethod
    def _replace(table: Table, offer: Offer, **update: str) -> None:
        table.state.offers = [
            o.model_copy(update=update) if o.id == offer.id else o for o in table.state.offers
        ]

    async def _save(self, table: Table, line: Text, moves: list[Transfer], short: Text) -> None:
        await self.commit.commit(table, line, moves, new_turn=False, short=short)


def describe(offer: Offer) -> Msg:
    """One line for the table message: who offered whom what, and where it stands."""
    kept = offer.result
    where: Text = (
        kept if isinstance(kept, Msg) else RESULTS.get(kept, kept) or WHERE.get(offer.status, offer.status)
    )
    return t(
        "{maker} → {taker} · {offer} · {chips} · {where}",
        maker=Markup(f"<@{offer.maker_id}>"),
        taker=Markup(f"<@{offer.taker_id}>"),
        offer=terms_of(offer),
        chips=chips(offer.maker_amount),
        where=Markup(where) if isinstance(where, str) else where,
    )

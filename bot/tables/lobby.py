"""Seats and the host: joining (with the stack a member brings), leaving, adding computer
players, starting and closing a table."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from bot.games.base import ScoreGame, min_bankroll
from bot.i18n import Join, Markup, Text, chips, level_name, t
from bot.tables import money, offers, wagers
from bot.tables.commit import Commit
from bot.tables.model import Person, Phase, Seat, Table, TableError
from bot.tables.money import ESCROW, Transfer
from bot.tables.ratings import Ratings

if TYPE_CHECKING:
    from bot.games import Plugin

log = logging.getLogger(__name__)

#: the table-message key of "Leave now" (the timer plays the rest of the member's hand);
#: "leave" and "leave.stay" leave after the hand, playing on until then
LEAVE_NOW = "leave.now"
LEAVE_STAY = "leave.stay"

COMPUTER_NAMES = ("Isabella", "Lorenzo", "Beatrice", "Cosimo", "Lucrezia", "Baldassare")

Handler = Callable[[Table, Person, str], Awaitable[Text | None]]


def display_name(person: Person) -> str:
    return person.display_name


class Lobby:
    """Who sits where, and the table-message buttons that change it."""

    def __init__(self, commit: Commit) -> None:
        self.commit = commit
        self.ratings = Ratings(commit)  # a member's rating, read as they sit down (issue 24)
        #: the lobby's moves by table-message key (any other key is a move of the hand;
        #: "start" is the deal: `check_start`, then `Hands.deal`)
        self.moves: dict[str, Handler] = {
            "join": self.join,
            "leave": self.leave,
            "bot": self.add_computer,
            "cancel": self.cancel,
        }

    async def check_join(self, table: Table, user: Person) -> list[str]:
        """The seats `user` may take now; raises TableError saying why they can't join."""
        state = table.state
        if state.phase not in (Phase.LOBBY, Phase.BETWEEN):
            raise TableError(t("A hand is in play. You can join when it ends."))
        if table.seat_of(user.id) is not None:
            raise TableError(t("You're already seated at this table."))
        free = self.free_seats(table)
        if not free:
            raise TableError(FULL)
        await self.check_bankroll(state.guild_id, user.id, table.plugin, state.stake, table.options)
        return free

    async def join(self, table: Table, user: Person, key: str) -> Text | None:
        free = await self.check_join(table, user)
        choice = key.split(".", 1)[1] if "." in key else free[0]
        if choice not in free:
            raise TableError(
                t("{seat} is already taken. Pick another.", seat=table.plugin.choice_label(choice))
            )
        seat = Seat(choice=choice, user_id=user.id, name=display_name(user))
        await self.ratings.sit(table, seat)
        self.seat(table, seat)
        line = t("{player} sat down with {seat}.", player=seat.name, seat=table.plugin.choice_label(choice))
        await self.commit.commit(table, line, self.buy_in(table, seat))
        return None

    async def leave(self, table: Table, user: Person, key: str) -> Text | None:
        index = table.seat_of(user.id)
        if index is None:
            raise TableError(NOT_SEATED)
        seat = table.state.seats[index]
        if table.state.phase is Phase.PLAYING:
            return await self.leave_after_hand(table, seat, now=key == LEAVE_NOW)
        if self.kept(table, seat):
            name = seat.name
            cashed, bought = self.replace(table, seat)
            line: Text = (
                t(
                    "{player} left the table with {chips}; 🤖 {computer} keeps the seat.",
                    player=name,
                    chips=chips(cashed[0].amount),
                    computer=seat.name,
                )
                if cashed
                else t(
                    "{player} left the table; 🤖 {computer} keeps the seat.", player=name, computer=seat.name
                )
            )
            moves = cashed + bought
            self.pass_host(table)
            await self.commit.commit(table, line, moves)
            return None
        paid = self.pay_debts(table, seat)
        del table.state.seats[index]
        table.match = table.match.vacate(seat.choice)
        moves = self.cash_out(table, seat)
        left = (
            t("{player} left the table with {chips}.", player=seat.name, chips=chips(moves[0].amount))
            if moves
            else t("{player} left the table.", player=seat.name)
        )
        line = left if paid is None else t("{paid} {left}", paid=paid, left=left)
        if not table.humans:
            # The last member out closes the table: every stack goes home, computers' to the
            # house, and a carried pot is shared by the leaver and whoever is still seated.
            moves += self.share_pot(table, [seat, *table.state.seats])
            await self.close(table, t("{line} Nobody else is left, so the table closed.", line=line), moves)
            return None
        self.pass_host(table)
        await self.commit.commit(table, line, moves)
        return None

    def decision_pending(self, table: Table, user: Person) -> bool:
        """Whether `user` has a decision to make in the hand now (the hand waits on them),
        one that leaving at once would hand to the timer."""
        index = table.seat_of(user.id)
        if index is None or table.state.phase is not Phase.PLAYING:
            return False
        seat = table.state.seats[index]
        if seat.leaving and not seat.plays_out:
            return False  # the timer already plays for them
        engine = table.engine_seat(index)
        return engine is not None and engine in table.awaiting

    async def leave_after_hand(self, table: Table, seat: Seat, *, now: bool) -> Text:
        """A member leaves a hand in play: their seat goes when the hand ends. Until then
        they play their own turns (`plays_out`), or with `now` the timer plays every one at
        once (the game's `timeout_action`: a fold, a pass or a stand). Leaving never decides for a member
        who did not choose that (docs/RULES.md, "The card room")."""
        if seat.leaving and not (now and seat.plays_out):  # only "Leave now" may follow "after the hand"
            raise TableError(t("You're already leaving at the end of this hand."))
        seat.leaving, seat.plays_out = True, not now
        if now:
            await self.commit.commit(
                table,
                t("{player} leaves: the timer plays their turns until the hand ends.", player=seat.name),
            )
            return t(
                "You've left this hand: the timer plays your turns (the least it can: a fold, a pass "
                "or a stand), and your seat goes when the hand ends."
            )
        await self.commit.commit(table, t("{player} will leave after this hand.", player=seat.name))
        return t(
            "You'll leave when this hand ends. Until then your turns are still yours to play "
            "(if you let one run out, the turn timer plays it)."
        )

    async def add_computer(self, table: Table, user: Person, key: str) -> Text | None:

        state = table.state
        self.require_host(table, user)
        if state.phase not in (Phase.LOBBY, Phase.BETWEEN):
            raise TableError(t("Add a computer player between hands."))
        free = self.free_seats(table)
        if not free:
            raise TableError(FULL)
        seat = Seat(choice=free[0], name=self.computer_name(table), level=state.level)
        self.seat(table, seat)
        line = t(
            "🤖 {computer} ({level}) sat down with {seat}.",
            computer=seat.name,
            level=level_name(state.level),
            seat=table.plugin.choice_label(seat.choice),
        )
        await self.commit.commit(table, line, self.buy_in(table, seat))
        return None

    def check_start(self, table: Table, user: Person) -> None:
        """Refuse, with a sentence, a member who may not deal now."""
        state = table.state
        if state.phase is Phase.LOBBY:
            self.require_host(table, user)
        elif state.phase is Phase.BETWEEN:
            if table.seat_of(user.id) is None:
                raise TableError(
                    t("Only players seated at this table can start a new game.")
                    if table.game_over
                    else t("Only players seated at this table can deal the next hand.")
                )
        else:
            raise TableError(t("A hand is already in play."))
        low, high = table.seat_range
        if len(state.seats) < low:
            raise TableError(t("{game} needs at least {n} players.", game=table.plugin.name, n=low))
        if len(state.seats) > high:
            raise TableError(t("{game} seats at most {n} players.", game=table.plugin.name, n=high))

    async def cancel(self, table: Table, user: Person, key: str) -> Text | None:
        self.require_host(table, user)
        if table.state.phase is Phase.PLAYING:
            if table.state.closing:
                raise TableError(t("The table already closes at the end of this hand."))
            table.state.closing = True
            await self.commit.commit(table, t("The host will close the table after this hand."))
            return t("The table closes when this hand ends.")
        await self.close(table, t("The host closed the table."))
        return None

    # --------------------------------------------------------------- closing
    async def close(self, table: Table, line: Text, moves: list[Transfer] | None = None) -> None:
        # bets and offers a hand never settled go back to whoever put them in
        refunds = wagers.refund_all(table) + offers.refund_all(table)
        table.state.phase = Phase.CLOSED
        await self.commit.commit(table, line, [*(moves or []), *refunds, *self.cash_out_all(table)])
        log.info("table %s: closed (%s)", table.id, line)

    def cash_out(self, table: Table, seat: Seat) -> list[Transfer]:
        """Stack games: a leaving seat's stack goes back to whoever brought it."""
        return money.cash_out(seat, ESCROW, table.state.stacks.pop(seat.choice, 0))

    def cash_out_all(self, table: Table, departed: list[Seat] | None = None) -> list[Transfer]:
        """Every stack goes home, and a pot left by a hand without a winner is shared out
        among the players still seated (or those who just left, if nobody is). A game in
        progress whose stakes move only at its end is settled first as it stands: each seat
        pays what leaving now would cost it (`ScoreGame.leaving_debts`), so closing the
        table is no way out of a game one is losing (docs/RULES.md, "The card room")."""
        moves: list[Transfer] = []
        for seat in table.state.seats:
            paid = self.pay_debts(table, seat)
            if paid is not None:
                self.commit.log(table, paid)
        for seat in table.state.seats:
            moves += self.cash_out(table, seat)
        return moves + self.share_pot(table, table.state.seats or departed or [])

    def share_pot(self, table: Table, seats: list[Seat]) -> list[Transfer]:
        table.match, pot = table.match.take_carried()
        return money.share_pot(pot, ESCROW, seats)

    # --------------------------------------------------------------- helpers
    def buy_in(self, table: Table, seat: Seat) -> list[money.Transfer]:
        """Stack games: the chips a new seat brings into the table's escrow."""
        amount = table.plugin.buy_in(table.state.stake, table.options)
        if amount is None:
            return []
        table.state.stacks[seat.choice] = amount
        return money.buy_in(seat, ESCROW, amount)

    def pay_debts(self, table: Table, seat: Seat) -> Text | None:
        """A member leaving a stack game in progress pays what the game says they owe
        (`leaving_debts`) from their stack into the other seats' stacks, never more than
        the stack holds; chips stay in the escrow. Returns the log's sentence (None if none)."""
        state = table.state
        score = table.plugin.capability(ScoreGame)
        debts = score.leaving_debts(table.view(), seat.choice) if score is not None else {}
        seated = {s.choice: s for s in state.seats if s is not seat}
        left = state.stacks.get(seat.choice, 0)
        paid: list[Text] = []
        for choice, stakes in debts.items():
            other = seated.get(choice)
            amount = min(left, stakes * state.stake)
            if other is None or amount <= 0:
                continue
            left -= amount
            state.stacks[choice] = state.stacks.get(choice, 0) + amount
            paid.append(t("{chips} to {player}", chips=chips(amount), player=other.name))
        if not paid:
            return None
        state.stacks[seat.choice] = left
        return t("{player} leaves the game in progress and pays {paid}.", player=seat.name, paid=Join(paid))

    def kept(self, table: Table, seat: Seat) -> bool:
        """Whether a member leaving now leaves their seat to a computer player: the game
        says so (a game in progress) and another member stays at the table."""
        others = [s for s in table.state.seats if s is not seat and not s.is_computer and not s.leaving]
        score = table.plugin.capability(ScoreGame)
        return bool(others) and score is not None and score.keeps_seat(table.view())

    def replace(self, table: Table, seat: Seat) -> tuple[list[money.Transfer], list[money.Transfer]]:
        """A computer player takes a member's seat, keeping its place in the match: the
        member's stack goes home and the computer brings the house's (those two moves)."""
        cashed = self.cash_out(table, seat)
        seat.user_id, seat.level, seat.replace, seat.strikes = None, table.state.level, False, 0
        seat.leaving = False
        seat.name = self.computer_name(table)
        return cashed, self.buy_in(table, seat)

    def seat(self, table: Table, seat: Seat) -> None:
        """Seat someone, keeping the seats in the game's seat order (the deal's order)."""
        order = {choice: i for i, choice in enumerate(table.plugin.seat_choices)}
        table.state.seats = sorted([*table.state.seats, seat], key=lambda s: order[s.choice])

    def free_seats(self, table: Table) -> list[str]:
        if len(table.state.seats) >= table.seat_range[1]:
            return []
        taken = {s.choice for s in table.state.seats}
        return [c for c in table.plugin.seat_choices if c not in taken]

    def pass_host(self, table: Table) -> None:
        """A host who left hands the table to the first member still seated; with nobody
        left, the caller closes the table (and pays every stack back)."""
        state = table.state
        if any(seat.user_id == state.host_id for seat in state.seats):
            return
        humans = table.humans
        if humans:
            state.host_id = humans[0].user_id or state.host_id
            self.commit.log(table, t("{player} is the host now.", player=humans[0].name))

    def require_host(self, table: Table, user: Person) -> None:
        if user.id != table.state.host_id:
            raise TableError(
                t("Only the host, {host}, can do that.", host=Markup(f"<@{table.state.host_id}>"))
            )

    def computer_name(self, table: Table) -> str:
        taken = {seat.name for seat in table.state.seats}
        return next((n for n in COMPUTER_NAMES if n not in taken), f"Computer {len(taken) + 1}")

    async def check_bankroll(
        self, guild_id: int, user_id: int, plugin: Plugin, stake: int, options: Any
    ) -> None:
        """Refuse a member who can't cover what this table asks, saying what they can afford:
        the largest stack they could bring (stack games) and the largest stake at which a
        table with these options would take them."""
        needed = min_bankroll(plugin, stake, options)
        balance = await self.commit.balance(guild_id, user_id)
        if balance >= needed:
            return
        stacked = plugin.buy_in(stake, options) is not None
        if stacked:
            need = t(
                "You need at least {chips} to sit at this table (the stack each player brings); "
                "you have {n}.",
                chips=chips(needed),
                n=balance,
            )
        else:
            need = t(
                "You need at least {chips} to sit at this table (the most one hand can cost); you have {n}.",
                chips=chips(needed),
                n=balance,
            )
        best = affordable_stake(plugin, options, balance, below=stake)
        if stacked and best:
            size = plugin.buy_in(best, options) or 0
            advice = t(
                "The largest stack you can bring is {chips} — try /daily, or open a table with stake "
                "{stake} (a stack of {size}).",
                chips=chips(balance),
                stake=best,
                size=size,
            )
        elif stacked:
            advice = t("The largest stack you can bring is {chips} — try /daily.", chips=chips(balance))
        elif best:
            advice = t(
                "The largest stake you can afford is {stake} — try /daily, or open a table with that stake.",
                stake=best,
            )
        else:
            advice = t("Try /daily.")
        raise TableError(t("{need} {advice}", need=need, advice=advice))


def affordable_stake(plugin: Plugin, options: Any, balance: int, *, below: int) -> int:
    """The largest stake under `below` at which `plugin` with `options` lets a member holding
    `balance` chips sit down (0: none). What a seat needs grows with the stake, so a binary
    search over the game's own `min_bankroll` finds it without knowing the game."""
    low, high = 0, below - 1
    while low < high:
        middle = (low + high + 1) // 2
        if min_bankroll(plugin, middle, options) <= balance:
            low = middle
        else:
            high = middle - 1
    return low


FULL = t("Every seat at this table is taken.")
NOT_SEATED = t("You're not seated at this table.")

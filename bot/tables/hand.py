"""The hand in play and its money: the deal (antes into escrow, the match passing the
deal), each move (its chips and the snapshot in one transaction), and the settlement
(pots paid out, stacks kept, points scored, results recorded, leavers paid)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.games import HandSetup
from bot.games.base import (
    HandByHand,
    HouseDeals,
    OutOfTurn,
    Partners,
    Prepares,
    ScoreGame,
    min_bankroll,
    scoreboard,
)
from bot.i18n import Join, Markup, Text, chips, t, tn
from bot.store import HOUSE, InsufficientFunds, Tx
from bot.store.contract import Actor
from bot.tables.commit import short_of
from bot.tables.fair import CLOCK, Fairness, hand_name
from bot.tables.lobby import NOT_SEATED
from bot.tables.model import LOG_LINES, Person, Phase, Seat, Table, TableError, Turn
from bot.tables.money import ESCROW, Transfer, pay_in
from bot.tables.ratings import Ratings
from bot.tables.records import Dealt, Moved, Records
from bot.workers import WorkerFailed, Workers
from engine.core.errors import RuleError
from engine.core.game import Event
from engine.core.match import GameResult
from engine.core.turns import not_your_turn

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from bot.tables.commit import Commit
    from bot.tables.lobby import Lobby
    from bot.tables.offers import Offers
    from bot.tables.wagers import Wagers
    from bot.ui import Form


class Hands:
    """Deals, plays and settles hands."""

    def __init__(
        self,
        commit: Commit,
        lobby: Lobby,
        wagers: Wagers,
        offers: Offers,
        seeds: Callable[[], int],
        workers: Workers,
        decision_cap: float,
        deals: Callable[[], int] | None = None,
    ) -> None:
        self.commit = commit
        self.workers = workers  # where a game's heavy part of a move runs (`Prepares`)
        self.decision_cap = decision_cap
        # Fair deals (issue 24): each hand's server seed, locked before the deal and mixed at it;
        # `seeds` is the OS's randomness, or a test's reproducible source; `deals`, a test's
        # particular deck seeds in place of the mix (`create_bot`).
        self.fair = Fairness(commit.store, seeds, deals)
        self.lobby = lobby
        self.wagers = wagers
        self.offers = offers
        self.ratings = Ratings(commit)  # issue 24: what a hand or a game decided, rated as it settles
        self.records = Records()  # every hand kept, to replay (issue 24)

    async def play(self, table: Table, turn: Turn, user: Person, key: str, values: list[str]) -> None:
        """A member's move, from a button key (and a select's or form's values), checked
        against `turn`, whom the hand waits on (the move's new-turn test reads it too)."""
        # The awaited seat this member moves for: their own, or a vacant one they play (a
        # robot their partner plays: no game waits on both at once).
        seat = next((seat for seat, player in turn.players.items() if player.user_id == user.id), None)
        if seat is None:
            await self.out_of_turn(table, user, key, values, turn)
            return
        try:
            action = table.plugin.decode(table.game, seat, key, values)
        except RuleError as error:
            raise TableError(error.said) from error
        if action is None:
            raise TableError(NOT_OPEN)
        turn.players[seat].strikes = 0  # the member's own seat: their missed turns count again from 0
        table.state.clock_deals = 0
        await self.apply(table, seat, action, before=turn)

    async def out_of_turn(self, table: Table, user: Person, key: str, values: list[str], turn: Turn) -> None:
        """A move of a member the hand doesn't wait on: one the game allows meanwhile (a
        standing decision set or cancelled), or else a refusal that says why."""
        index = table.seat_of(user.id)
        if index is None or table.game is None or table.state.phase is not Phase.PLAYING:
            raise self._not_playing(index)
        game = table.game
        seat = table.engine_seat(index)
        out_of_turn = table.plugin.capability(OutOfTurn)
        if seat is not None and out_of_turn is not None:
            try:
                action = out_of_turn.out_of_turn(game, seat, key, values)
            except RuleError as error:
                raise TableError(error.said) from error
            if action is not None:
                await self.apply(table, seat, action, before=turn)
                return
        raise self._not_awaited(table, turn)

    def form(self, table: Table, user: Person, key: str) -> tuple[int, Form]:
        """The form behind table message button `key` (a game's `TableMoves` move whose key
        is one of its `form_keys`) for `user`, and their table seat; it changes nothing.
        Raises TableError with a sentence when the member may not make that move now."""
        game = table.game
        index = table.seat_of(user.id)
        if index is None or game is None or table.state.phase is not Phase.PLAYING:
            raise self._not_playing(index)
        seat = table.engine_seat(index)
        if seat is None:
            raise TableError(t("You joined after this hand was dealt; you'll play from the next one."))
        turn = table.turn()
        if seat not in turn.awaiting:
            raise self._not_awaited(table, turn)
        form = table.plugin.form(table.view(), game, seat, key, ())
        if form is None:
            raise TableError(NOT_OPEN)
        return index, form

    @staticmethod
    def _not_playing(index: int | None) -> TableError:
        """The refusal for a member who can't play the hand: not seated, or no hand in play."""
        return TableError(NOT_SEATED if index is None else t("No hand is in play at this table."))

    @staticmethod
    def _not_awaited(table: Table, turn: Turn) -> TableError:
        """The refusal for a member the hand is not waiting on, naming who it waits on."""
        chosen = t("You've made your choice") if len(turn.awaiting) > 1 or table.to_act is None else None
        # A partner may play two seats: name them once.
        waiting = dict.fromkeys(Markup(player.mention) for player in turn.players.values())
        return TableError(not_your_turn(list(waiting), chosen=chosen).said)

    async def deal(self, table: Table, started: str = CLOCK, interactions: Sequence[int] = ()) -> None:
        """Start a hand: seat changes take effect, antes go into escrow, the cards are dealt.
        `started`: what dealt it (a member's click, `/play`, the clock), and `interactions` the
        ids Discord gave the interaction(s) that did, mixed into the deck seed."""
        commit, lobby, state = self.commit, self.lobby, table.state
        moves: list[Transfer] = []
        earlier, state.log = state.log, []  # what happens at the deal opens the new hand's log
        for seat in list(state.seats):
            if seat.replace and seat.user_id is not None:
                commit.log(
                    table,
                    t("{player} was away for two turns; a computer player takes the seat.", player=seat.name),
                )
                moves += [move for part in lobby.replace(table, seat) for move in part]
        if table.stacked:
            minimum = table.plugin.seat_minimum(state.stake, table.options)
            score = table.plugin.capability(ScoreGame)
            tops_up = score is not None and score.tops_up(table.options)
            for seat in list(state.seats):
                if state.stacks.get(seat.choice, 0) < minimum and tops_up:
                    moves += await self.top_up(table, seat, minimum)
                if state.stacks.get(seat.choice, 0) < minimum:
                    state.seats.remove(seat)
                    table.match = table.match.vacate(seat.choice)
                    moves += lobby.cash_out(table, seat)
                    commit.log(table, t("{player} can't cover the ante and stood up.", player=seat.name))
        else:
            for seat in [s for s in state.seats if s.user_id is not None]:
                assert seat.user_id is not None
                balance = await commit.balance(state.guild_id, seat.user_id)
                if balance < min_bankroll(table.plugin, state.stake, table.options):
                    state.seats.remove(seat)
                    table.match = table.match.vacate(seat.choice)
                    commit.log(
                        table,
                        t("{player} doesn't have enough chips for a hand and stood up.", player=seat.name),
                    )
        lobby.pass_host(table)
        notes, state.log = state.log, [*earlier, *state.log][-LOG_LINES:]
        if not table.humans:
            await lobby.close(
                table, t("Nobody is left at the table but computer players, so it closed."), moves
            )
            return
        low, high = table.seat_range
        if not low <= len(state.seats) <= high:
            await commit.commit(
                table,
                t("{game} needs {low}–{high} players.", game=table.plugin.name, low=low, high=high),
                moves,
            )
            return
        names = {seat.choice: seat.name for seat in state.seats}
        seated = [seat.choice for seat in state.seats]
        score = table.plugin.capability(ScoreGame)
        match, dealer = (
            score.before_deal(table.match, seated, table.options, table.game)
            if score is not None
            else (table.match, None)
        )
        partnered = table.plugin.capability(Partners)
        robot_name = partnered.robot(table.options) if partnered is not None else None
        robot = None
        if robot_name is not None:  # a seat with no member, dealt in opposite the dealer
            robot = next(key for key in match.order if key not in names)
            names[robot] = robot_name
        # The hand's seed is drawn before the seating: a match whose first dealer is drawn by
        # lot draws it from this seed, which the deal commits to and reveals at its end.
        # Fair deals (issue 24): it is the locked server seed mixed with what the server
        # couldn't know when it locked it (bot/tables/fair.py).
        seed = await self.fair.deck_seed(table, match.hand_no + 1, started, interactions)
        match, seating = match.next_hand(
            seated, dealer=dealer if dealer in seated else None, robot=robot, seed=seed
        )
        match, carried = match.take_carried()
        table.match = match
        choices = list(seating.engine_seats)
        setup = HandSetup(
            choices=choices,
            names=[names[choice] for choice in choices],
            stake=state.stake,
            seed=seed,
            dealer=seating.dealer_seat if seating.dealer_seat is not None else seating.eldest,
            stacks=[state.stacks[c] for c in choices] if table.stacked else None,
            leader=choices.index(match.last_winner) if match.last_winner in choices else None,
            carried=carried,
            match=match,
            previous=table.game,
        )
        table.game = table.plugin.new_hand(setup, table.options)
        state.phase = Phase.PLAYING
        state.hand_seats = [table.seat_for(index).mention for index in range(len(choices))]
        state.acted = {}
        state.wagers, state.offers = [], []  # the last hand's bets, settled, make way for this hand's
        house = table.plugin.capability(HouseDeals)
        dealer_name: Text = (
            t("the house")
            if house is not None and house.house_deals(table.options)
            else names[seating.dealer]
        )
        dealt = t("Hand {hand}: {dealer} deals.", hand=state.hand_no, dealer=dealer_name)
        if seating.by_lot:
            dealt = t(
                "Hand {hand}: {dealer} deals first, drawn by lot from this hand's seed "
                "(shown when the hand ends).",
                hand=state.hand_no,
                dealer=dealer_name,
            )
        state.log = [*notes, dealt][-LOG_LINES:]
        kept = self.records.dealt(table, [*notes, dealt])  # issue 24: the hand as dealt, kept with it
        money = table.plugin.capability(HandByHand)
        antes = money.opening_costs(table.game) if money is not None else []
        for index, amount in enumerate(antes):
            moves += pay_in(table.seat_for(index), amount, "ante")
        await self.after_move(
            table, table.game.events, moves, awaited=(), refused=t("The hand can't start:"), kept=kept
        )

    async def top_up(self, table: Table, seat: Seat, minimum: int) -> list[Transfer]:
        """A seat short of `minimum` at the deal tops its stack up to the full buy-in: a
        computer from the house, a member from their bankroll (as much as it allows, if that
        covers the minimum). A member who can't is cashed out and a computer player takes the
        seat with the house's stack; the match carries on under the seat."""
        commit, lobby, state = self.commit, self.lobby, table.state
        full = table.plugin.buy_in(state.stake, table.options) or 0
        stack = state.stacks.get(seat.choice, 0)
        if seat.user_id is not None:
            balance = await commit.balance(state.guild_id, seat.user_id)
            amount = min(full - stack, balance)
            if stack + amount < minimum:
                name = seat.name
                cashed, bought = lobby.replace(table, seat)
                commit.log(
                    table,
                    t(
                        "{player} can't cover a hand and gave the seat to a computer player with {chips}.",
                        player=name,
                        chips=chips(cashed[0].amount),
                    )
                    if cashed
                    else t(
                        "{player} can't cover a hand and gave the seat to a computer player.", player=name
                    ),
                )
                return cashed + bought
        else:
            amount = full - stack
        if amount <= 0:
            return []
        state.stacks[seat.choice] = stack + amount
        commit.log(table, t("{player} topped up with {chips}.", player=seat.name, chips=chips(amount)))
        return pay_in(seat, amount, "top-up")

    async def apply(
        self,
        table: Table,
        seat: int,
        action: Any,
        note: Text | None = None,
        *,
        before: Turn | None = None,
        actor: Actor = "member",
    ) -> None:
        """Play one move for engine seat `seat`: the engine first, then its chips and the
        snapshot together. `before`: the turn facts the caller read before the move, if any.
        `actor`: who plays it (the member, a computer, the timer, a paused hand's clock)."""
        game = table.game
        assert game is not None
        awaited = (table.turn() if before is None else before).awaiting
        money = table.plugin.capability(HandByHand)
        cost = money.cost(game, seat, action) if money is not None else 0
        if not self.workers.inline and (prepares := table.plugin.capability(Prepares)) is not None:
            await self.prepare(table, prepares, seat, action)  # inline, `apply` does it itself
        kept = Moved(seat, action, actor)  # issue 24: the move as played, kept with it
        try:
            events = game.apply(seat, action)
        except RuleError as error:
            raise TableError(error.said) from error
        player = table.seat_for(seat)
        table.state.acted = {**table.state.acted, player.choice: table.state.acted.get(player.choice, 0) + 1}
        moves = pay_in(player, cost, action.kind)
        await self.after_move(
            table,
            events,
            moves,
            note,
            awaited=awaited,
            actor=seat,
            refused=t("You don't have enough chips for that:"),
            kept=kept,
        )

    async def prepare(self, table: Table, prepares: Prepares[Any], seat: int, action: Any) -> None:
        """The heavy part of a move, if its game has one (`Prepares`), done in a worker so
        that the engine's `apply` is cheap. A worker that fails leaves it to `apply`:
        slower, the same result. It runs under the table's lock, which members' clicks at
        the table wait for, so it goes before the computers' decisions waiting for a worker."""
        job = prepares.prepare(table.game, seat, action)
        if job is None:
            return
        try:
            prepares.absorb(await self.workers.run(job.fn, *job.args, timeout=self.decision_cap, urgent=True))
        except WorkerFailed:
            log.warning("table %s: the move's heavy part failed in the workers; done here", table.id)

    async def after_move(
        self,
        table: Table,
        events: list[Event],
        moves: list[Transfer],
        note: Text | None = None,
        *,
        awaited: tuple[int, ...],
        actor: int | None = None,
        refused: Text,
        kept: Dealt | Moved | None = None,
    ) -> None:
        """The save step of a deal or a move, in one transaction: the hand's record (`kept`,
        issue 24), its chips (`moves`), its log lines, the settlement if the hand is over, the
        new version and the snapshot. During a simultaneous choice the others keep the
        deadline they had. A ledger refusal (a member short of chips) becomes `refused` and
        the reason, and nothing is saved."""
        commit = self.commit
        try:
            async with commit.transaction() as tx:
                if kept is not None:  # issue 24: first, so that a hand's settlement finds it
                    await self.records.keep(table, tx, kept)
                await commit.transfer(table, tx, moves)
                if note:
                    commit.log(table, note)
                for event in events:
                    if table.plugin.logged(event):
                        commit.log(table, self.event_line(table, event))
                partnered = table.plugin.capability(Partners)
                teams = partnered.partners(table.game) if partnered is not None else None
                if teams:  # partnerships the hand has set (or the fixed pairs) go into the match
                    keys = tuple(tuple(table.hand_choice(s) for s in team) for team in teams)
                    if keys != table.match.partners:
                        table.match = table.match.with_partners(keys)
                if table.game.outcome is not None:
                    await self.settle(table, tx)
                snapshot = await commit.save(table, tx, awaited=awaited, actor=actor)
            table.committed = snapshot  # committed: what a later failure rolls back to
        except InsufficientFunds as error:
            raise TableError(t("{refused} {why}", refused=refused, why=short_of(error))) from error

    @staticmethod
    def event_line(table: Table, event: Event) -> Text:
        """An engine event as the table log says it: naming the player in the seat it is about
        (a converted engine's event: its message, shown in each reader's language)."""
        if event.msg is not None and event.seat is None:
            return event.msg
        if event.seat is None:
            return event.text
        return table.plugin.event_text(table.game, event, table.seat_for(event.seat).name)

    async def settle(self, table: Table, tx: Tx) -> None:
        commit, lobby, state, game = self.commit, self.lobby, table.state, table.game
        outcome = game.outcome
        assert outcome is not None
        stacks = table.plugin.final_stacks(game)
        score = table.plugin.capability(ScoreGame)
        points = score.points(game) if score is not None else None
        players = [table.seat_for(index) for index in range(len(outcome.paid_out))]
        if stacks is not None or outcome.carried:  # a pot left for the next hand
            table.match = table.match.carry(outcome.carried)
        keys = [table.hand_choice(index) for index in range(len(outcome.paid_out))]
        kept = score.after_hand(table.match, game, keys) if score is not None else None
        moved: dict[str, int] = {}
        finished: GameResult | None = None  # ratings (issue 24): the game this hand ended
        if kept is not None:
            table.match, ended = kept
            if ended is not None:
                finished = ended.result
                if table.stacked:
                    moved = {choice: n * state.stake for choice, n in ended.stakes.items()}
                await self.record_game(table, tx, ended.result, ended.nets or moved)
                self.commit.log(table, ended.text)
        elif points is not None:
            finished = await self.score(table, tx, {table.hand_choice(i): p for i, p in enumerate(points)})
        pots: list[Transfer] = []
        for index, seat in enumerate(players):
            if stacks is not None:
                state.stacks[seat.choice] = stacks[index]
            elif outcome.paid_out[index]:
                pots.append(Transfer(ESCROW, seat.account, outcome.paid_out[index], "pot"))
            if seat.user_id is not None and points is None and kept is None:
                await tx.record_result(
                    state.guild_id,
                    table.id,
                    state.hand_no,
                    state.game,
                    seat.user_id,
                    outcome.net(index),
                    index in outcome.winners,
                )
        # Ratings (issue 24, item 3): the hand's standing, and the game's if it ended, rated in
        # this transaction, with every seat of the hand still seated (leavers go below).
        await self.ratings.settle(table, tx, scored=kept is not None or points is not None, ended=finished)
        for choice, amount in moved.items():
            state.stacks[choice] = state.stacks.get(choice, 0) + amount
        if outcome.house > 0:  # the house's cut leaves the pot with the winnings
            pots.append(Transfer(ESCROW, HOUSE, outcome.house, "house"))
        elif outcome.house < 0:  # a house-banked hand: the house pays in before the winners take out
            pots.insert(0, Transfer(HOUSE, ESCROW, -outcome.house, "house"))
        await commit.transfer(table, tx, pots)
        await self.wagers.settle(table, tx)
        await self.offers.settle(table, tx)
        if outcome.winners:
            table.match = table.match.won_hand(table.hand_choice(outcome.winners[0]))
        saved = game.to_json()
        await tx.record_hand(
            state.guild_id,
            table.id,
            state.hand_no,
            state.game,
            int(saved["seed"]),
            str(saved.get("commitment", "")),
            saved,
        )
        proof = self.fair.proof(table, saved)  # fair deals (issue 24): the deal's proof beside it
        if proof is not None:
            await tx.record_proof(state.guild_id, table.id, state.hand_no, proof)
        await self.records.finished(table, tx)  # issue 24: the kept hand's result and history
        # The result's event, if the engine sent one, has already logged the summary.
        summary = self.event_line(
            table,
            Event(
                kind="result", text=outcome.summary, seat=next(iter(outcome.winners), None), msg=outcome.said
            ),
        )
        if summary not in state.log:
            commit.log(table, summary)
        state.phase = Phase.BETWEEN
        leavers = [seat for seat in state.seats if seat.leaving]
        moves: list[Transfer] = []
        for seat in leavers:
            if lobby.kept(table, seat):
                name = seat.name
                cashed, bought = lobby.replace(table, seat)
                moves += cashed + bought
                commit.log(
                    table,
                    t(
                        "{player} left the table with {chips}; 🤖 {computer} keeps the seat.",
                        player=name,
                        chips=chips(cashed[0].amount),
                        computer=seat.name,
                    )
                    if cashed
                    else t(
                        "{player} left the table; 🤖 {computer} keeps the seat.",
                        player=name,
                        computer=seat.name,
                    ),
                )
                continue
            paid = lobby.pay_debts(table, seat)
            state.seats.remove(seat)
            table.match = table.match.vacate(seat.choice)
            cashed = lobby.cash_out(table, seat)
            moves += cashed
            left = (
                t("{player} left the table with {chips}.", player=seat.name, chips=chips(cashed[0].amount))
                if cashed
                else t("{player} left the table.", player=seat.name)
            )
            commit.log(table, left if paid is None else t("{paid} {left}", paid=paid, left=left))
        if leavers:
            lobby.pass_host(table)
        if state.closing or not table.humans:
            state.phase = Phase.CLOSED
            moves += lobby.cash_out_all(table, leavers)
            commit.log(table, t("The table is closed."))
        else:  # fair deals (issue 24): the next hand's server seed, public before anyone deals
            self.fair.lock(table, hand=Markup(hand_name(table.id, state.hand_no)))
        await commit.transfer(table, tx, moves)

    async def record_game(self, table: Table, tx: Tx, result: GameResult, nets: Mapping[str, int]) -> None:
        """A finished game's result on the scoreboard: one row per member still seated who
        played in it, with the net chips `nets` gives them (0 when it names none)."""
        state = table.state
        seated = {seat.choice: seat for seat in state.seats}
        for choice in result.scores:
            seat = seated.get(choice)
            if seat is not None and seat.user_id is not None:
                await tx.record_result(
                    state.guild_id,
                    table.id,
                    state.hand_no,
                    scoreboard(table.plugin, table.options),
                    seat.user_id,
                    nets.get(choice, 0),
                    choice in result.winners,
                )
        self.records.game_over(table, result, nets)  # issue 24: the game in /history

    async def score(self, table: Table, tx: Tx, points: dict[str, int]) -> GameResult | None:
        """Points games: add the hand's points; at the target the game ends, its result goes
        to the scoreboard and a new game starts from nothing. A tie at the top is shared.
        Returns the game the hand ended, if it did (issue 24: rated by the caller)."""
        state = table.state
        table.match, result = table.match.add_scores(points)
        if result is None:
            return None
        await self.record_game(table, tx, result, {})
        seated = {seat.choice: seat for seat in state.seats}
        engine = table.plugin.seat_names(table.game)  # a winner with no member (a robot)
        named = {table.hand_choice(i): name for i, name in enumerate(engine)}
        winners = [seated[c].name if c in seated else named.get(c, c) for c in result.winners]
        top = max(result.scores.get(c, 0) for c in result.winners) if result.winners else 0
        self.commit.log(table, game_won(winners, top))
        return result


NOT_OPEN = t("That move isn't open to you right now.")


def game_won(winners: list[str], points: int) -> Text:
    """The log's line for a score game's end: "🏆 Ana wins the game with 21 points!"."""
    said = tn("{n} point", "{n} points", n=points)
    if len(winners) == 1:
        return t("🏆 {winners} wins the game with {points}!", winners=winners[0], points=said)
    return t("🏆 {winners} win the game with {points}!", winners=Join(winners), points=said)

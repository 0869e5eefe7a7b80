"""Peg Leg's strong computer player against the basic one, and what its simulation says of
the house's prices.

    python bench/peg_leg_players.py [--deals 2000] [--start 0] [--stake 10] [--workers 1]

Duplicate match. Peg Leg is played against the house: each seat's result is its own net
against the house (`paid_out - paid_in`), and the seats do not play each other. Each deal
(the table's shuffle of seed `start + i`, two seats) is played three times from the same
cards: basic in both seats (the baseline), then strong in seat 0 and in seat 1 against
basic. The deal's margin is the mean over the seats of the strong player's net minus the
basic player's net in that seat on that deal. Printed: the margin per deal in chips and in
stakes with its 95% confidence interval (mean ± 1.96·sd/√n over deals), every 500 deals
and at the end; each level's own mean net against the house, and basic's expected net
worked out from the opening table (`basic_expectation`); the strong player's moves.

Decision times: the strong player's time per decision, median, p95 and max, CPU time of
its process (`time.process_time`: what a decision costs a worker process with a core to
itself) and wall time (on a shared machine, inflated by whatever else runs). Every decision
of the first arrangement in which the strong player sees a position is timed (it keeps its
last simulations, so the second decides the same positions from memory and is not timed);
the opening decision reads a fixed table and is timed apart.

Pricing check (the house's prices against the strong player's larger simulation), over
every price offered in every round where the strong player decided:
* after the first card (the opening's prices and the strong player's opening chances both
  come from the fixed table `odds.OPENING`), the return its simulation gives each offer,
  p × (1 + odds): the mean, the largest, how
  many exceed 100% by its estimate and how many even at the low end of its 99.9% margin
  (the bets it takes); each offer over 100% is checked again with a simulation of
  `--recheck` deals (default 256,000), seeded apart from both;
* the same for a cash-out (a bet on each height seen at this price, cashed out now against
  holding it), where the strong player's simulation says surrendering beats holding; each
  such cash-out is checked again with `--recheck` fresh deals, and any still worth more
  than holding is listed;
* and, apart from every simulation, each offer settled on the deal itself: a bet of ten
  chips at every offered price in every round, paid as the table pays, the return to
  player with its 95% interval (by the deal, since a deal's offers are not independent),
  by the house's estimated chance.

Not a test: it prints figures and asserts nothing. The duplicate match is structured as
`bench/players.py` (one play per arrangement, the margin by seat) so that it can move there.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.players import ComputerPlayer
from engine.peg_leg import odds
from engine.peg_leg.game import KeyBet, PegLeg, PegLegAction, PegLegOptions, Surrender, odds_text
from engine.peg_leg.players import BasicPlayer, StrongPlayer, position

SEATS = ("ana", "bo")
NOTIONAL = 10
"""Chips of the notional bet each offer is settled with (pays exactly its odds)."""
BUCKETS = ((0.0, 0.05), (0.05, 0.15), (0.15, 0.35), (0.35, 1.01))
"""The house's estimated chance, for the settled returns."""


@dataclass
class Offer:
    """One price the strong player saw: the round (cards dealt), the height, the odds, the
    house's and the strong player's chance, its low bound, and the deal's final height."""

    after: int
    number: int
    tenths: int
    house: float
    strong: float
    low: float
    high: float


@dataclass
class CashOut:
    """A cash-out the strong player saw priced: the round, the height, the cash-out's share of
    what the bet returns if it wins, and the strong player's chance with its high bound."""

    after: int
    number: int
    share: float
    strong: float
    high: float


Position = tuple[list[int], int, list[int], list[int], list[int]]


@dataclass
class Deal:
    seed: int
    margin: float
    strong: float
    basic: float
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    opening_cpu: list[float] = field(default_factory=list)
    moves: dict[str, int] = field(default_factory=dict)
    offers: list[Offer] = field(default_factory=list)
    cash_outs: list[CashOut] = field(default_factory=list)
    positions: dict[int, Position] = field(default_factory=dict)
    """The public position of each round the strong player priced, by cards dealt."""
    final: int = 0


_STRONG: StrongPlayer | None = None


def strong_player() -> StrongPlayer:
    global _STRONG
    if _STRONG is None:
        _STRONG = StrongPlayer()
    return _STRONG


def play(seed: int, levels: Sequence[str], options: PegLegOptions, record: Deal | None) -> list[int]:
    """Deal `seed` with a computer player of `levels[s]` in seat s: each seat's net. With
    `record`, the strong player's decisions (the first arrangement it plays) are timed and
    the prices it saw recorded."""
    players: dict[str, ComputerPlayer] = {"basic": BasicPlayer(), "strong": strong_player()}
    game = PegLeg.new(options, SEATS, seed)
    while game.outcome is None:
        for seat in game.awaiting:
            while seat in game.awaiting:
                if levels[seat] == "strong" and record is not None:
                    action = timed(game, seat, record)
                else:
                    action = players[levels[seat]].choose(game, seat)
                game.apply(seat, action)
    outcome = game.outcome
    if record is not None:
        record.final = game.key_height
    return [outcome.paid_out[s] - outcome.paid_in[s] for s in range(len(SEATS))]


def timed(game: PegLeg, seat: int, record: Deal) -> PegLegAction:
    """The strong player's move, timed, and (once a round) every price it saw beside its
    own chance: each offer, and the cash-out of a bet on every height with a chance."""
    cpu, wall = time.process_time(), time.perf_counter()
    action = strong_player().choose(game, seat)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if game.dealt == 1:
        record.opening_cpu.append(cpu * 1000)
    else:
        record.cpu.append(cpu * 1000)
        record.wall.append(wall * 1000)
    kind = "bet" if isinstance(action, KeyBet) else "surrender" if isinstance(action, Surrender) else "stand"
    record.moves[kind] = record.moves.get(kind, 0) + 1
    if record.offers and record.offers[-1].after == game.dealt:
        return action  # asked again in the same round
    view = game.view(seat)
    sim = strong_player().estimate(view)
    record.positions[game.dealt] = position(view)
    keep = (100 - odds.EDGE_PERCENT) / 100
    for price in view.prices:
        n = price.number
        if price.offered:
            record.offers.append(
                Offer(game.dealt, n, price.tenths, price.chance, sim.chance(n), sim.low(n), sim.high(n))
            )
        hits = round(price.chance * game.samples)
        if hits and game.dealt > 1:
            share = keep * odds.p_low(hits, game.samples)
            record.cash_outs.append(CashOut(game.dealt, n, share, sim.chance(n), sim.high(n)))
    return action


def duplicate(job: tuple[int, int]) -> Deal:
    """The margin on deal `seed`: the baseline, then strong in each seat in turn."""
    seed, stake = job
    options = PegLegOptions(stake=stake)
    base = play(seed, ("basic", "basic"), options, None)
    deal = Deal(seed, 0.0, 0.0, 0.0)
    diffs, strong_nets = [], []
    for seat in range(len(SEATS)):
        levels = ["basic"] * len(SEATS)
        levels[seat] = "strong"
        nets = play(seed, levels, options, deal if seat == 0 else None)
        diffs.append(nets[seat] - base[seat])
        strong_nets.append(nets[seat])
    deal.margin = statistics.fmean(diffs)
    deal.strong = statistics.fmean(strong_nets)
    deal.basic = statistics.fmean(base)
    return deal


def ci(values: Sequence[float], stake: int) -> str:
    n = len(values)
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else float("nan")
    return (
        f"{mean:+.3f} ± {half:.3f} chips a deal ({mean / stake:+.4f} ± {half / stake:.4f} stakes; "
        f"95% CI {mean - half:+.3f} .. {mean + half:+.3f}; n={n})"
    )


def quantiles(ms: list[float]) -> str:
    if not ms:
        return "none"
    ordered = sorted(ms)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    median = statistics.median(ordered)
    return f"median {median:.1f} ms, p95 {p95:.1f} ms, max {ordered[-1]:.1f} ms over {len(ordered):,}"


def settled_returns(deals: list[Deal]) -> None:
    """Every offer settled on its deal: a NOTIONAL-chip bet, return to player by bucket of
    the house's chance, its interval by the deal (a ratio estimate: sum paid / sum staked,
    its variance from the per-deal residuals paid - ratio × staked)."""
    print(f"\nEvery offer settled on the deal itself ({NOTIONAL} chips at every offered price, every round):")
    print("  house's chance   offers   mean odds   return to player (95% CI by deal)")
    for low, high in (*BUCKETS, (0.0, 1.01)):
        staked, paid, odds_sum, count = [], [], 0, 0
        for deal in deals:
            s = p = 0
            for offer in deal.offers:
                if low <= offer.house < high:
                    s += NOTIONAL
                    p += odds.returns(NOTIONAL, offer.tenths) if offer.number == deal.final else 0
                    odds_sum += offer.tenths
                    count += 1
            staked.append(s)
            paid.append(p)
        total = sum(staked)
        if not total:
            continue
        ratio = sum(paid) / total
        n = len(deals)
        residual = [p - ratio * s for p, s in zip(paid, staked, strict=True)]
        half = 1.96 * statistics.stdev(residual) / math.sqrt(n) / (total / n) if n > 1 else float("nan")
        label = "all" if high > 1 and low == 0 else f"{low:.0%}–{min(high, 1):.0%}"
        print(
            f"  {label:>14}   {count:>6,}   {odds_sum / count / 10:>5.2f} to 1   "
            f"{ratio:.2%} ({ratio - half:.2%} – {ratio + half:.2%})"
        )


def recheck(deal: Deal, after: int, number: int, samples: int) -> float:
    """The chance of `number` after card `after` of `deal` from a fresh simulation of
    `samples` deals, seeded apart from the house's and the strong player's."""
    dealt, key, count, foundation, discard = deal.positions[after]
    seed = odds.position_seed(dealt, "peg-leg-recheck")
    hits = odds.simulate(dealt, key, count, foundation, discard, samples, seed)
    return hits[number] / samples


def pricing_check(deals: list[Deal], samples: int) -> None:
    # The opening's prices and the strong player's opening chances both come from the fixed
    # table (`odds.OPENING`): no second opinion there (bench/peg_leg.py settles those bets).
    offers = [(deal, offer) for deal in deals for offer in deal.offers if offer.after > 1]
    if not offers:
        return
    returns = [offer.strong * (1 + offer.tenths / 10) for _, offer in offers]
    over = [(deal, offer) for deal, offer in offers if offer.strong * (1 + offer.tenths / 10) > 1]
    taken = [o for _, o in offers if o.low * (1 + o.tenths / 10) > 1]
    print(
        f"\nThe house's offers against the strong player's simulation ({strong_player().samples:,} deals a "
        f"position; {len(offers):,} offers in {len({(d.seed, o.after) for d, o in offers}):,} rounds):"
    )
    print(
        f"  return by its estimate: mean {statistics.fmean(returns):.2%}, largest {max(returns):.2%}; "
        f"over 100%: {len(over)}; over 100% at the low end of its 99.9% margin (it bets): {len(taken)}"
    )
    for deal, offer in over:
        chance = recheck(deal, offer.after, offer.number, samples)
        pays = 1 + offer.tenths / 10
        print(
            f"  deal {deal.seed}, after card {offer.after}: {offer.number} at {offer.tenths / 10:.1f} to 1, "
            f"house {offer.house:.2%}, strong {offer.strong:.2%} (returns {offer.strong * pays:.2%}); "
            f"{samples:,} fresh deals: {chance:.2%} (returns {chance * pays:.2%})"
        )
    cash = [(deal, c) for deal in deals for c in deal.cash_outs]
    better = [(deal, c) for deal, c in cash if c.share > c.strong]
    sure = sum(c.share > c.high for _, c in cash)
    print(
        f"  cash-outs ({len(cash):,} heights with a chance): worth more than holding by its estimate "
        f"{len(better)}, at the high end of its margin (it surrenders) {sure}"
    )
    if not better:
        return
    # Each checked again with a simulation of its own: a cash-out worth more than holding
    # by that too would be a pricing fault, and is listed.
    rechecked = [(deal, c, recheck(deal, c.after, c.number, samples)) for deal, c in better]
    still = [(deal, c, chance) for deal, c, chance in rechecked if c.share > chance]
    worst = max(c.share / chance if chance else math.inf for _, c, chance in rechecked)
    print(
        f"  those {len(better)} with {samples:,} fresh deals each: worth more than holding {len(still)}; "
        f"the largest cash-out against holding {worst:.1%}"
    )
    for deal, c, chance in still:
        print(
            f"  deal {deal.seed}, after card {c.after}: a bet on {c.number} cashes out at {c.share:.2%} "
            f"of its return; strong {c.strong:.2%}, {samples:,} fresh deals {chance:.2%}"
        )


def basic_expectation(options: PegLegOptions) -> None:
    """Basic's expected net against the house, worked out rather than dealt: its one bet is
    the opening bet on the favourite, and every opening position is the same up to
    relabelling, so every deal it makes the same bet at the same price, on a chance the
    opening table (`odds.OPENING`) knows from 2,000,000 deals. Where the strong player never
    bets, its margin over basic is this with the sign turned: a figure the match's deals
    can only approach (their spread is the bet's, about a stake a deal)."""
    game = PegLeg.new(options, SEATS, 0)
    bet = BasicPlayer().choose(game, 0)
    if not isinstance(bet, KeyBet):
        return
    price = next(price for price in game.view(0).prices if price.number == bet.number)
    n = sum(odds.OPENING)
    p = odds.OPENING[bet.number] / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    back = odds.returns(bet.amount, price.tenths)
    net = back * p - bet.amount
    print(
        f"  basic's expected net, from the opening table: its one bet, {bet.amount} on {bet.number} at "
        f"{odds_text(price.tenths)}, comes in {p:.4%} of {n:,} deals "
        f"(95% CI {p - half:.4%} .. {p + half:.4%}): "
        f"{net:+.3f} chips a deal (95% CI {back * (p - half) - bet.amount:+.3f} .. "
        f"{back * (p + half) - bet.amount:+.3f}), a return of {back * p / bet.amount:.2%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--start", type=int, default=0, help="first deal seed")
    parser.add_argument("--stake", type=int, default=10, help="the table's stake (the bot's default: 10)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--recheck", type=int, default=256_000, metavar="DEALS")
    args = parser.parse_args()
    options = PegLegOptions(stake=args.stake)
    deals: list[Deal] = []
    t0 = time.perf_counter()
    jobs = [(seed, args.stake) for seed in range(args.start, args.start + args.deals)]
    with multiprocessing.Pool(args.workers) as pool:
        for deal in pool.imap(duplicate, jobs, chunksize=4):
            deals.append(deal)
            if len(deals) % 500 == 0 and len(deals) < args.deals:
                elapsed = time.perf_counter() - t0
                margin = ci([d.margin for d in deals], args.stake)
                print(f"{len(deals)} deals ({elapsed:.0f} s): margin {margin}", flush=True)
    elapsed = time.perf_counter() - t0
    print(
        f"Peg Leg, strong vs basic: {len(deals):,} deals from seed {args.start}, two seats, "
        f"stake {args.stake}, cap {options.cap} stakes, {args.workers} worker(s), {elapsed:.0f} s"
    )
    print(f"  margin (strong minus basic, same seat, same deal): {ci([d.margin for d in deals], args.stake)}")
    print(f"  strong's net against the house: {ci([d.strong for d in deals], args.stake)}")
    print(f"  basic's net against the house:  {ci([d.basic for d in deals], args.stake)}")
    basic_expectation(options)
    moves: dict[str, int] = {}
    for deal in deals:
        for kind, k in deal.moves.items():
            moves[kind] = moves.get(kind, 0) + k
    print(f"  strong's moves (seat 0): {', '.join(f'{k} {v:,}' for k, v in sorted(moves.items()))}")
    cpu = [t for d in deals for t in d.cpu]
    wall = [t for d in deals for t in d.wall]
    opening = [t for d in deals for t in d.opening_cpu]
    print(f"  strong decision time after the first card, CPU: {quantiles(cpu)}")
    print(f"  strong decision time after the first card, wall: {quantiles(wall)}")
    print(f"  strong opening decision (the fixed table), CPU: {quantiles(opening)}")
    pricing_check(deals, args.recheck)
    settled_returns(deals)


if __name__ == "__main__":
    main()

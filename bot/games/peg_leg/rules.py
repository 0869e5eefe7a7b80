"""/rules text for Peg Leg, in our own words (the rule source stays in shared/rules/)."""

from engine.peg_leg.odds import OPENING, odds_tenths

_SAMPLES = sum(OPENING)
_OPENING_PRICES = " · ".join(
    f"{n}: {t // 10}.{t % 10} to 1" for n in range(1, 11) if (t := odds_tenths(OPENING[n], _SAMPLES)) > 0
)

RULES = (
    "**Peg Leg** is a betting game on a single pass of the Postas deck (fifty cards, five "
    "suits, ranks 1 to 10). You bet against the house, not against each other.\n\n"
    "**The deal.** The dealer turns the cards one at a time. The first card of each suit starts "
    "that suit's stack; after that a card joins its stack only if it is the next rank up (a 1 "
    "follows the 10). Any other card goes face up on a discard pile, and whenever a stack grows "
    "the top of the pile is tried again. The deck is dealt through once, to the last card.\n"
    "**The key suit.** The very first card decides it. Its stack starts with that card, and "
    "the next rank up is bound to turn up and play on it, so it always ends at least two high.\n"
    "**Betting.** After the first card everyone may bet on exactly how many cards the key "
    "stack will hold when the pass is over (from one stake up to your cap for the hand). "
    "Each time a card of the key suit turns up, or the key stack grows, a new round opens: bet "
    "again, surrender a bet for its cash-out value, or stand. Everyone decides at once, with "
    "the turn timer; standing keeps your bets as they are. Rather than answer every round, you "
    "may stand for the rest of the hand, or until one of your bets can no longer win; either "
    "holds until you stop it from your hand panel.\n"
    "**Prices.** Every number is priced from the chance of it happening given every card "
    "seen so far, worked out by dealing the rest of the pass thousands of times, with a 5% "
    "house edge on top. That count is only an estimate, so a bet is priced as if its chance "
    "were as high as the deals plausibly allow (99.9% sure), and a surrender as if it were "
    "as low: a price better than fair is rarer than one in a thousand. The price you bet at "
    "is locked in. A surrender pays less than the bet is worth at that moment; it is paid "
    "when the hand ends. Numbers too unlikely to price honestly are not offered.\n"
    "**Settling.** When the last card is dealt, a bet on the right number pays its odds plus "
    "the stake (rounded down); other open bets lose.\n\n"
    f"**Opening prices** (the same for every first card): {_OPENING_PRICES}. Measured over a "
    "million simulated deals, these opening bets return 93–96% of what is staked; longer "
    "shots are not offered at the opening."
)

#: /rules and the Rules button at first: the game in a few lines (under 600 characters);
#: **More** shows the whole of `RULES`
BRIEF = (
    "A betting game against the house on one pass of the Postas deck. The first card sets the key "
    "suit; cards then build each suit's stack in order, the rest going to a discard pile that is "
    "tried again whenever a stack grows. Bet on exactly how many cards the key stack will hold at "
    "the end. Every price comes from the cards seen so far, with a 5% house edge; each time the "
    "key suit moves you may bet again, surrender a bet, or stand. A right guess pays its odds plus "
    "the stake."
)

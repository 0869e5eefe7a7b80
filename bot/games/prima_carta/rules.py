"""/rules text for Prima Carta, in our own words (the rule source stays in shared/rules/).

`RULES` is the basic game, then the house game's options and the modern variants, then the
house bets' payouts (`HOUSE_BETS`, built from the house bets' catalogue)."""

from bot.games.prima_carta.bets_rules import HOUSE_BETS_RULES

BASIC = (
    "**Prima Carta** is an old tavern game from the Postas deck: fifty cards, five suits "
    "(Crowns, Locks, Fruit, Swords, Cups), ranks 1 to 10. Every player backs one suit and "
    "the deck does the rest.\n\n"
    "**Spiga.** Everyone puts one stake into the pot.\n"
    "**First pass.** The dealer turns the shuffled deck over card by card. The first card "
    "of a suit starts that suit's stack; after that a card joins its stack only if it is the "
    "next rank up (a 1 follows the 10). Anything else goes face up on a discard pile, and the "
    "top of that pile is tried again before every new card and once the deck runs out.\n"
    "**Copa.** Whoever owns the suit of the very first card (or the next owned suit) decides "
    "first, then the others in suit order: pay one stake per card in your stack to stay in, "
    "or fold and lose your spiga. If everyone else folds, the last player in wins at once.\n"
    "**Later passes.** The discard pile is turned over — never shuffled — and dealt again the "
    "same way, pass after pass, until a suit still in play holds all ten of its cards. That "
    "suit's owner takes the pot. Suits nobody owns, and folded ones, keep building but can't "
    "win; a backed suit that finishes during the first pass wins straight away.\n\n"
    "Every card is public: a sharp eye sees whom the later passes favour.\n\n"
    "**Onlookers** (`bets`). Each hand waits half a minute before the first card so that anyone "
    "watching can press **Bet** and bet against the house (below). During the copa round, and a "
    "short wait before the repasso, **Side bet** offers a **Fuerza** (an onlooker backs a player "
    "who paid the copa, at odds the two agree) or a **Seguro** (a player pays part of another's "
    "copa for half of what they win)."
)

HOUSE = (
    "\n\n**Table options** (chosen at /play):\n"
    "• **house** — the house runs the table and deals; no player holds the deal.\n"
    "• **corte** — whoever gets the first card pays one extra stake to the dealer as a tip "
    "(to the house at a house table). A player who is both dealer and prima pays nothing.\n"
    "• **cobre** — if a folded suit fills its stack before the winning live suit, the spigas "
    "of everyone who folded are set aside: carried into the next hand's pot (**carry**) or "
    "kept by the house (**house**).\n"
    "• **bets** — the deal waits before the first card, and again after the copa, so people "
    "watching can place their bets.\n"
    "• **variant cinco** — one pass only, no copa: the tallest backed stack wins, and a tie "
    "goes to the suit whose first card came out first. Stacks are shown in that order.\n"
    "• **variant jasper** — after the copa the discard pile is shuffled once (with a second "
    "seed, locked in before the first card like the first), so the later passes can't be "
    "foreseen."
)

HOUSE_BETS = "\n\n" + HOUSE_BETS_RULES
"""The onlookers' house bets: each bet's payout and its measured return, from the catalogue."""

RULES = BASIC + HOUSE + HOUSE_BETS

#: /rules and the Rules button at first: the game in a few lines (under 600 characters);
#: **More** shows the whole of `RULES`
BRIEF = (
    "An old tavern game from the Postas deck: fifty cards, five suits, ranks 1 to 10. Each player "
    "backs one suit and puts a stake in the pot (the spiga). The deck is turned card by card: a suit's first "
    "card starts its stack, and a card joins only if it is the next rank up; the rest go to a "
    "discard pile. After the first pass everyone pays to stay in (the copa) or folds. The pile is "
    "then dealt again and again, never shuffled, until a suit still in play holds all ten cards: "
    "its owner takes the pot."
)

"""/rules text for Holdout, in our own words (the rule source stays in shared/rules/)."""

RULES = (
    "**Holdout** (*Postes de Cerca*) is a bluffing game for the Postas deck: ranks 1 to 10 in "
    "five suits. You bring a stack of chips to the table; every price is counted in stakes.\n\n"
    "**The deal.** Everyone antes one stake and leaves it in front of them. Each player gets five "
    "cards, and one card is turned up to start the line, which runs from 1 to 10. Then everyone "
    "secretly picks two cards and passes them to the player on their left.\n"
    "**Your turn** (the 🔪 chilo holder starts, then it goes left):\n"
    "• *Play a card.* A rank the line doesn't have yet takes the chilo and costs the gap to the "
    "nearest card in the line. A rank already there is stacked on it and costs its own value.\n"
    "• *Seconds:* play the top card of the deck, unseen. A new rank takes the chilo for free. "
    "A rank already there knocks you out: pay one stake per card still in your hand, and your "
    "ante goes to the pot.\n"
    "• *Fold:* your ante goes to the pot.\n"
    "**Winning.** Fill the last gap in the line; or be the chilo holder when your turn comes "
    "round with your hand empty; or be the last player left. The winner takes the pot, the antes "
    "and the chilo, and leads the next hand.\n\n"
    "**Double line** (4–6 players): two lines, top and bottom, each started with an up card. "
    "Pick the line before you play, even for seconds; a rank is new if its own line lacks it. "
    "The hand ends when all twenty spaces are filled.\n"
    "**Vines deck** option: 55 cards with an eleventh rank, the Emperor, so each line runs to 11.\n"
    "You never pay more than your stack: a move you can't cover isn't offered."
)

#: /rules and the Rules button at first: the game in a few lines (under 600 characters);
#: **More** shows the whole of `RULES`
BRIEF = (
    "A bluffing game for the Postas deck (ranks 1 to 10). Everyone antes, gets five cards and "
    "passes two to the left in secret. A line of ranks 1–10 fills up turn by turn: play a new "
    "rank and take the 🔪 chilo, paying the gap to the nearest card; play a rank already there and "
    "pay its value; or play the deck's top card blind (a new rank is free, a repeat knocks you "
    "out). Fill the last gap, hold the chilo with an empty hand, or be the last one in, and the "
    "pot is yours."
)

"""/rules text for Primiera, in our own words (the source stays in shared/rules/)."""

RULES = (
    "**Primiera** (Albertarelli) is a capture game of the scopa family on the 40-card Italian deck "
    "(Coins, Cups, Swords, Clubs; ace to 7, Fante 8, Cavallo 9, Re 10). Each card shows its capture "
    "value and its Primiera value (7 = 21, 6 = 18, ace = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, figures 10).\n"
    "The first dealer is drawn by lot (from the first round's seed, shown when it ends); the deal "
    "then passes to the right.\n"
    "**Play** goes to the right. Play a card: if a table card has its value you must take it (choose "
    "which if several); only if none does may you take cards adding up to it (choose the set). If it "
    "can take nothing it stays on the table. Taking every table card is a **sweep**, a point "
    "(not with the round's last card). Whoever took last takes what is left at the end.\n"
    "**Scoring:** a point each for most cards, most coins, the seven of coins, and the best "
    "**Primiera** (the best card of each suit by Primiera value, added up); a tie scores nobody. "
    "Plus a point per sweep.\n\n"
    "**Heralds** (four players, to 21): the four aces are dealt first, one each. Everyone secretly "
    "picks a card for the table; the four are turned up together. The first ace *played* sets the "
    "round's teams: Cups, partner opposite; Clubs, partner on your left; Coins, partner on your right; "
    "Swords, everyone alone, and the four points count double. Partners score the same points. A tie "
    "at 21 or more plays another round.\n"
    "**Scopone** (four, to 11): fixed partners opposite, no Heralds; three cards each, two to the "
    "table, three, two, three.\n"
    "**Two players** (to 11): three cards each and four on the table; three more each whenever the "
    "hands are empty. **Three players** (to 11): six each, four on the table, then six more each.\n"
    "**Three and a robot** (to 21): the robot sits opposite the dealer, its last card goes to the "
    "table and the rest make its face-down pile. On its turn it turns its top card and takes the "
    "first matching card, or the set using the leftmost cards. When an ace makes someone its partner "
    "its cards are turned up and the partner plays them. It scores like a player and can win."
)

#: /rules and the Rules button at first: the game in a few lines (under 600 characters);
#: **More** shows the whole of `RULES`
BRIEF = (
    "A capture game of the scopa family on the 40-card Italian deck. Play a card to take a table "
    "card of its value, or else cards adding up to it; taking is compulsory. Clearing the table "
    "is a sweep, worth a point. At the end of a round score a point each for most cards, most "
    "coins, the seven of coins and the best Primiera (your best card of each suit, counted 7 = "
    "21, 6 = 18, ace 16 and so on). Heralds, Scopone, two or three players, and three with a "
    "robot are forms of the table."
)

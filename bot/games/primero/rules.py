"""/rules text for Primero (Bergamese rules), in our own words (the source stays in shared/rules/)."""

RULES = (
    "**Primero** is the Renaissance game poker grew beside, played with forty cards (no 8s, 9s "
    "or 10s). Cards score points whatever their suit: faces 10, the 2–5 ten more than their pips "
    "(a 4 is 14), the ace 16, the six 18 and the seven 21.\n\n"
    "**Hands**, lowest first: *numerus* (two or three cards of one suit; only those count), "
    "*primero* (one card of each suit), *supremus* (ace, six and seven of one suit: 55), *fluxus* "
    "(four of one suit), *chorus* (four of a kind).\n"
    "**The deal.** Everyone antes. Two cards each, a round of bidding, two more cards, a second "
    "round. Bidding starts left of the dealer.\n"
    "**On your turn:**\n"
    "• *Bid:* cover the current bet, then name a hand type and total above the last bid, with a "
    "new bet that replaces the old one.\n"
    "• *Stake:* put in the current bet.\n"
    "• *Pass:* change one or two cards (the discards lie face up) and set the bet aside; you pay "
    "it in if you stake later, or before the showdown.\n"
    "• *Fold:* half of what you set aside goes to the pot, the rest comes back.\n"
    "Whoever bids or stakes may also change one or two cards. If nobody covers a bid, the last "
    "player before the bidder must, and may then bet without naming a hand. A player short of the "
    "bet may go *all in* once per hand; bids stop and a secondary pot starts.\n"
    "**Honesty.** In the second round nobody may claim more than their cards hold; hiding a "
    "stronger hand behind a weaker bid is fine.\n"
    "**Showdown.** Everyone still in shows. Only the bid type counts: its best total wins (a tie "
    "goes to the player nearest the dealer's right). If nobody holds it, the pot waits for the "
    "next hand.\n\n"
    "**Points game** (variant): no chips. The winner scores 100 for every player holding the bid "
    "type, plus their own total; the other holders score their totals. First to the target wins."
)

#: /rules and the Rules button at first: the game in a few lines (under 600 characters);
#: **More** shows the whole of `RULES`
BRIEF = (
    "The Renaissance game poker grew beside, with forty cards. Cards score points (7 = 21, 6 = 18, "
    "ace 16, faces 10). Hands, lowest first: numerus (cards of one suit), primero (one of each "
    "suit), supremus (ace, 6 and 7 of a suit), fluxus (four of a suit), chorus (four of a kind). "
    "Everyone antes and gets two cards, then two more, with a round of bidding after each: bid a "
    "hand and a total, stake, pass and change cards, or fold. At the showdown only the bid's hand "
    "counts, and its best total wins."
)

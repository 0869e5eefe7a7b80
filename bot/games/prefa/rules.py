"""/rules text for Prefa, in our own words (the rule source stays in shared/rules/)."""

RULES = (
    "**Prefa** (Greek Preference) is a trick-taking game for three, with 32 cards (7 up to the ace). "
    "With four at the table the dealer sits each hand out and still scores.\n\n"
    "**The deal.** The first dealer is drawn by lot (from the first hand's seed, shown when it ends). Ten "
    "cards each and two face down in the kitty.\n"
    "**Bidding** climbs one step at a time: 6 spades, clubs, diamonds, hearts, no trump, then 7 spades "
    "and on up to 10 hearts. A bid's value is 2 to 6 for the plain bids, then its tricks (no trump one "
    "more). You may bid the next step, pass for good, or say *I'm good* — hold the bid — if you came into "
    "the bidding before the player who made it. If everyone passes, the cards are thrown in.\n"
    "**The kitty.** The winner alone sees the kitty, puts two cards away face down and announces the "
    "contract: the bid won or anything higher.\n"
    "**The defence.** The other two have a duty in tricks (two each against 6, 2 and 1 against 7, one each "
    "against 8, 1 and 0 against 9, none against 10). The player on the bidder's left says *in* or *out*, "
    "then the other; a defender left alone may *go it alone* or *take the other along* to play on their "
    "behalf. Both out: the bidder makes the contract without play.\n"
    "**The play.** The player after the dealer leads; follow suit, else trump, else anything. Your hand "
    "panel only lets you play cards you may play.\n"
    "**Scoring.** Each player has a pouch of points (31 by default). Make the contract and its value comes "
    "off your pouch; fail and it goes on, doubled when you fall two or more short. Chips pass for the "
    "tricks taken (value × tricks, to the defenders, or from a defender who fell short). A pouch never "
    "goes below zero: the rest comes out of the fullest pouch as 10 chips a point. The game ends when "
    "every pouch is empty; the player with the most chips wins. Each hand's pouches and chips are on the "
    "score sheet.\n\n"
    "**Options:** pouch size; play for (the scoreboard, or the bankroll at stake chips per Prefa chip — each "
    "seat brings a stack of the most a hand can cost); counter-clockwise play; the 7 of spades bids first; "
    "the tentative bid; 10 no trump (A or B); 10's as 9's; four aces (A or B); the counter-invitation; and "
    "two empty pouches (the last pouch is shared out)."
)

#: /rules and the Rules button at first: the game in a few lines (under 600 characters);
#: **More** shows the whole of `RULES`
BRIEF = (
    "Greek Preference: a trick-taking game for three (four, with the dealer sitting out) with 32 "
    "cards. Bid up the scale from 6 spades to 10 hearts; the winner takes the two-card kitty, "
    "throws two away and names the contract. The other two say in or out and must take their "
    "share of tricks. Make your contract and its value comes off your pouch of points; fail and "
    "it goes on. Chips change hands for the tricks taken. The game ends when every pouch is empty, "
    "and the most chips wins."
)

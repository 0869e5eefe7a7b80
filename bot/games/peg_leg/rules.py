"""/rules text for Peg Leg, in our own words (the rule source stays in shared/rules/)."""

from engine.peg_leg.odds import OPENING, odds_tenths

_SAMPLES = sum(OPENING)


def _prices(mark: str = ".", to: str = "to") -> str:
    """The opening prices as one line, with a language's decimal mark and its word for "to"."""
    return " · ".join(
        f"{n}: {t // 10}{mark}{t % 10} {to} 1"
        for n in range(1, 11)
        if (t := odds_tenths(OPENING[n], _SAMPLES)) > 0
    )


_OPENING_PRICES = _prices()

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


#: the rules in Italian, Greek and Spanish, in our own words (docs/glossary/peg_leg.md has
#: the words chosen); the opening prices written with each language's decimal comma
RULES_IN = {
    "it": (
        "**Peg Leg** è un gioco d'azzardo su una sola passata del mazzo Postas (cinquanta carte, "
        "cinque semi, valori da 1 a 10). Si punta contro il banco, non contro gli altri giocatori.\n\n"
        "**La distribuzione.** Il mazziere gira le carte una alla volta. La prima carta di ogni seme "
        "apre la pila di quel seme; da lì in poi una carta va sulla sua pila solo se è il valore "
        "successivo (dopo il 10 viene l'1). Ogni altra carta va scoperta sulla pila degli scarti, e "
        "ogni volta che una pila cresce si riprova la carta in cima agli scarti. Il mazzo si gira una "
        "volta sola, fino all'ultima carta.\n"
        "**Il seme chiave.** Lo decide la primissima carta. La sua pila comincia con quella carta, e "
        "il valore successivo prima o poi esce e ci va sopra: per questo finisce sempre alta almeno "
        "due.\n"
        "**Le puntate.** Dopo la prima carta tutti possono puntare su quante carte esattamente avrà "
        "la pila chiave a fine passata (da una posta fino al tetto della mano). Ogni volta che esce "
        "una carta del seme chiave, o la pila chiave cresce, si apre un nuovo giro: puntare ancora, "
        "cedere una puntata per il suo valore di riscatto, oppure stare. Tutti decidono insieme, con "
        "il timer; chi sta lascia le sue puntate come sono. Invece di rispondere a ogni giro puoi "
        "stare per il resto della mano, o finché una tua puntata non può più vincere; la scelta vale "
        "finché non la togli dal tuo pannello.\n"
        "**I prezzi.** Ogni numero è quotato sulla probabilità che esca, date tutte le carte viste "
        "finora, calcolata giocando il resto della passata migliaia di volte, con sopra un vantaggio "
        "del banco del 5%. Quel conteggio è solo una stima: una puntata è quotata come se la sua "
        "probabilità fosse la più alta che le prove permettono (al 99,9%), e un riscatto come se "
        "fosse la più bassa; un prezzo migliore del giusto capita meno di una volta su mille. Il "
        "prezzo a cui punti resta fisso. Cedere rende meno di quanto la puntata valga in quel "
        "momento, e si incassa a fine mano. I numeri troppo improbabili per quotarli onestamente non "
        "sono offerti.\n"
        "**Il saldo.** Girata l'ultima carta, una puntata sul numero giusto paga la sua quota più la "
        "posta (arrotondato per difetto); le altre puntate aperte perdono.\n\n"
        f"**Prezzi d'apertura** (uguali per ogni prima carta): {_prices(',', 'a')}. Su un milione di "
        "distribuzioni simulate queste puntate d'apertura rendono il 93–96% di quanto si punta; i "
        "numeri più lontani non sono offerti all'apertura."
    ),
    "es": (
        "**Peg Leg** es un juego de apuestas sobre una sola pasada de la baraja Postas (cincuenta "
        "cartas, cinco palos, valores del 1 al 10). Se apuesta contra la banca, no contra los demás "
        "jugadores.\n\n"
        "**El reparto.** El repartidor vuelve las cartas de una en una. La primera carta de cada palo "
        "abre la pila de ese palo; después, una carta solo sube a su pila si es el valor siguiente "
        "(tras el 10 viene el 1). Cualquier otra carta va boca arriba a la pila de descartes, y cada "
        "vez que una pila crece se vuelve a probar la carta de encima de los descartes. La baraja se "
        "recorre una sola vez, hasta la última carta.\n"
        "**El palo clave.** Lo decide la primerísima carta. Su pila empieza con esa carta, y el valor "
        "siguiente tiene que salir tarde o temprano y subir sobre ella: por eso termina siempre con "
        "dos cartas como mínimo.\n"
        "**Las apuestas.** Tras la primera carta todos pueden apostar a cuántas cartas exactamente "
        "tendrá la pila clave al acabar la pasada (desde una apuesta mínima hasta tu tope de la "
        "mano). Cada vez que sale una carta del palo clave, o la pila clave crece, se abre una nueva "
        "ronda: volver a apostar, rendir una apuesta por su valor de rescate, o plantarse. Todos "
        "deciden a la vez, con el temporizador; quien se planta deja sus apuestas como están. En vez "
        "de contestar a cada ronda puedes plantarte para el resto de la mano, o hasta que una de tus "
        "apuestas ya no pueda ganar; la decisión sigue en pie hasta que la quites desde tu panel.\n"
        "**Los precios.** Cada número se paga según la probabilidad de que salga, vistas todas las "
        "cartas hasta el momento, calculada repartiendo miles de veces el resto de la pasada, con una "
        "ventaja de la banca del 5% encima. Esa cuenta es solo una estimación: una apuesta se paga "
        "como si su probabilidad fuera la más alta que admiten los repartos (al 99,9%), y un rescate "
        "como si fuera la más baja; un precio mejor que el justo sale menos de una vez entre mil. El "
        "precio al que apuestas queda fijo. Rendir una apuesta paga menos de lo que vale en ese "
        "momento, y se cobra al acabar la mano. Los números demasiado improbables para pagarlos con "
        "honradez no se ofrecen.\n"
        "**La liquidación.** Al salir la última carta, una apuesta al número justo paga su cuota más "
        "lo apostado (redondeado hacia abajo); las demás apuestas abiertas pierden.\n\n"
        f"**Precios de apertura** (los mismos para cualquier primera carta): {_prices(',', 'a')}. "
        "Medidas sobre un millón de repartos simulados, estas apuestas de apertura devuelven el "
        "93–96% de lo apostado; los números más lejanos no se ofrecen en la apertura."
    ),
    "el": (
        "Το **Peg Leg** είναι τυχερό παιχνίδι πάνω σε ένα μόνο πέρασμα της τράπουλας Postas (πενήντα "
        "φύλλα, πέντε χρώματα, αξίες από 1 έως 10). Ποντάρεις κατά της μπάνκας, όχι κατά των άλλων "
        "παικτών.\n\n"
        "**Το μοίρασμα.** Ο μοιραστής γυρίζει τα φύλλα ένα ένα. Το πρώτο φύλλο κάθε χρώματος ανοίγει "
        "τη στοίβα του χρώματος· από εκεί και πέρα ένα φύλλο ανεβαίνει στη στοίβα του μόνο αν είναι η "
        "επόμενη αξία (μετά το 10 έρχεται το 1). Κάθε άλλο φύλλο πάει ανοιχτό στα πεταμένα, και κάθε "
        "φορά που μια στοίβα μεγαλώνει δοκιμάζεται ξανά το πάνω φύλλο των πεταμένων. Η τράπουλα "
        "περνιέται μία φορά, ως το τελευταίο φύλλο.\n"
        "**Το χρώμα-κλειδί.** Το ορίζει το πρώτο πρώτο φύλλο. Η στοίβα του ξεκινά με αυτό, και η "
        "επόμενη αξία θα βγει σίγουρα κάποια στιγμή και θα ανέβει πάνω του· γι' αυτό τελειώνει πάντα "
        "με δύο φύλλα τουλάχιστον.\n"
        "**Τα στοιχήματα.** Μετά το πρώτο φύλλο όλοι μπορούν να ποντάρουν πόσα ακριβώς φύλλα θα έχει "
        "η στοίβα-κλειδί στο τέλος του περάσματος (από ένα πόνταρισμα ως το ανώτατο όριό σου για το "
        "χέρι). Κάθε φορά που βγαίνει φύλλο του χρώματος-κλειδιού, ή η στοίβα-κλειδί μεγαλώνει, "
        "ανοίγει νέος γύρος: ξαναποντάρεις, παραδίδεις ένα στοίχημα για την αξία εξαργύρωσής του, ή "
        "μένεις. Όλοι αποφασίζουν μαζί, με το χρονόμετρο· όποιος μένει κρατά τα στοιχήματά του όπως "
        "είναι. Αντί να απαντάς σε κάθε γύρο, μπορείς να μείνεις για το υπόλοιπο χέρι, ή ώσπου ένα "
        "στοίχημά σου να μην μπορεί πια να κερδίσει· η απόφαση ισχύει ώσπου να τη σταματήσεις από τον "
        "πίνακά σου.\n"
        "**Οι τιμές.** Κάθε αριθμός τιμολογείται από την πιθανότητα να βγει, με όσα φύλλα έχουν φανεί "
        "ως τώρα, υπολογισμένη με χιλιάδες μοιράσματα του υπόλοιπου περάσματος, και από πάνω 5% "
        "πλεονέκτημα της μπάνκας. Το μέτρημα αυτό είναι μόνο εκτίμηση: ένα στοίχημα τιμολογείται σαν "
        "η πιθανότητά του να ήταν η υψηλότερη που επιτρέπουν τα μοιράσματα (με βεβαιότητα 99,9%), και "
        "μια εξαργύρωση σαν να ήταν η χαμηλότερη· τιμή καλύτερη από τη δίκαιη βγαίνει λιγότερο από "
        "μία φορά στις χίλιες. Η τιμή στην οποία ποντάρεις μένει σταθερή. Η παράδοση πληρώνει λιγότερα "
        "απ' όσα αξίζει το στοίχημα εκείνη τη στιγμή, και εξοφλείται στο τέλος του χεριού. Οι αριθμοί "
        "που είναι πολύ απίθανοι για να τιμολογηθούν τίμια δεν προσφέρονται.\n"
        "**Η εκκαθάριση.** Όταν μοιραστεί το τελευταίο φύλλο, ένα στοίχημα στον σωστό αριθμό πληρώνει "
        "την απόδοσή του συν το πόνταρισμα (στρογγυλεμένο προς τα κάτω)· τα άλλα ανοιχτά στοιχήματα "
        "χάνουν.\n\n"
        f"**Τιμές ανοίγματος** (ίδιες για κάθε πρώτο φύλλο): {_prices(',', 'προς')}. Μετρημένα σε ένα "
        "εκατομμύριο προσομοιωμένα μοιράσματα, αυτά τα στοιχήματα ανοίγματος επιστρέφουν το 93–96% "
        "όσων ποντάρονται· οι πιο μακρινοί αριθμοί δεν προσφέρονται στο άνοιγμα."
    ),
}

BRIEF_IN = {
    "it": (
        "Un gioco d'azzardo contro il banco su una sola passata del mazzo Postas. La prima carta "
        "decide il seme chiave; poi le carte formano la pila di ogni seme in ordine, e le altre vanno "
        "agli scarti, che si riprovano ogni volta che una pila cresce. Punta su quante carte "
        "esattamente avrà la pila chiave alla fine. Ogni prezzo viene dalle carte viste finora, con "
        "un vantaggio del banco del 5%; ogni volta che il seme chiave si muove puoi puntare ancora, "
        "cedere una puntata o stare. Chi indovina incassa la quota più la posta."
    ),
    "es": (
        "Un juego de apuestas contra la banca sobre una sola pasada de la baraja Postas. La primera "
        "carta decide el palo clave; después las cartas forman en orden la pila de cada palo, y las "
        "demás van a los descartes, que se vuelven a probar cada vez que una pila crece. Apuesta a "
        "cuántas cartas exactamente tendrá la pila clave al final. Cada precio sale de las cartas "
        "vistas hasta el momento, con una ventaja de la banca del 5%; cada vez que el palo clave se "
        "mueve puedes volver a apostar, rendir una apuesta o plantarte. Quien acierta cobra su cuota "
        "más lo apostado."
    ),
    "el": (
        "Τυχερό παιχνίδι κατά της μπάνκας σε ένα μόνο πέρασμα της τράπουλας Postas. Το πρώτο φύλλο "
        "ορίζει το χρώμα-κλειδί· μετά τα φύλλα χτίζουν με τη σειρά τη στοίβα κάθε χρώματος, και τα "
        "υπόλοιπα πάνε στα πεταμένα, που δοκιμάζονται ξανά κάθε φορά που μια στοίβα μεγαλώνει. "
        "Πόνταρε πόσα ακριβώς φύλλα θα έχει η στοίβα-κλειδί στο τέλος. Κάθε τιμή βγαίνει από τα "
        "φύλλα που έχουν φανεί ως τώρα, με 5% πλεονέκτημα της μπάνκας· κάθε φορά που κινείται το "
        "χρώμα-κλειδί μπορείς να ξαναποντάρεις, να παραδώσεις ένα στοίχημα ή να μείνεις. Όποιος "
        "μαντέψει σωστά παίρνει την απόδοση συν το πόνταρισμα."
    ),
}

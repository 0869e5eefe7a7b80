"""/rules text for Prima Carta, in our own words (the rule source stays in shared/rules/).

`RULES` is the basic game, then the house game's options and the modern variants, then the
house bets' payouts (`HOUSE_BETS`, built from the house bets' catalogue)."""

from bot.games.prima_carta.bets_rules import HOUSE_BETS_RULES, HOUSE_BETS_RULES_IN

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

# ------------------------------------------------------------ the other languages
# In our own words, with the game's own terms from the text (spiga, prima, copa, repasso,
# corte, cobre, Fuerza, Seguro; docs/glossary/prima_carta.md).

BASIC_IN = {
    "it": (
        "**Prima Carta** è un vecchio gioco da taverna per il mazzo Postas: cinquanta carte, cinque "
        "semi (Corone, Lucchetti, Frutti, Spade, Coppe), ranghi da 1 a 10. Ogni giocatore punta su un "
        "seme e il mazzo fa il resto.\n\n"
        "**Spiga.** Tutti mettono una posta nel piatto.\n"
        "**Prima passata.** Il mazziere gira il mazzo mescolato carta per carta. La prima carta di un "
        "seme apre la pila di quel seme; dopo, una carta entra nella sua pila solo se è il rango "
        "successivo (l'1 segue il 10). Tutto il resto va scoperto sugli scarti, e la carta in cima "
        "agli scarti si riprova prima di ogni carta nuova e quando il mazzo finisce.\n"
        "**Copa.** Chi ha il seme della primissima carta (o il seme posseduto successivo) decide per "
        "primo, poi gli altri in ordine di seme: paga una posta per ogni carta della tua pila per "
        "restare in gioco, oppure lascia e perdi la spiga. Se tutti gli altri lasciano, l'ultimo "
        "rimasto vince subito.\n"
        "**Passate seguenti (repasso).** Gli scarti si girano — mai mescolati — e si distribuiscono di "
        "nuovo allo stesso modo, passata dopo passata, finché un seme ancora in gioco non ha tutte e "
        "dieci le sue carte. Chi ha quel seme prende il piatto. I semi di nessuno, e quelli che hanno "
        "lasciato, continuano a crescere ma non possono vincere; un seme con un giocatore che si "
        "completa durante la prima passata vince subito.\n\n"
        "Ogni carta è scoperta: un occhio attento vede chi favoriranno le passate seguenti.\n\n"
        "**Chi guarda** (`bets`). Ogni mano aspetta mezzo minuto prima della prima carta, così chi "
        "guarda può premere **Bet** e scommettere contro il banco (sotto). Durante il giro della copa, "
        "e in una breve attesa prima del repasso, **Side bet** offre una **Fuerza** (chi guarda "
        "sostiene un giocatore che ha pagato la copa, a una quota che i due concordano) o un "
        "**Seguro** (un giocatore paga parte della copa di un altro per metà di quanto vincerà)."
    ),
    "es": (
        "**Prima Carta** es un viejo juego de taberna para la baraja Postas: cincuenta cartas, cinco "
        "palos (Coronas, Candados, Frutas, Espadas, Copas), rangos del 1 al 10. Cada jugador apuesta "
        "por un palo y la baraja hace el resto.\n\n"
        "**Spiga.** Todos ponen una apuesta base en el bote.\n"
        "**Primera pasada.** El repartidor da la vuelta al mazo barajado carta a carta. La primera "
        "carta de un palo abre el montón de ese palo; después, una carta se suma a su montón solo si "
        "es el rango siguiente (el 1 sigue al 10). Todo lo demás va boca arriba al descarte, y la "
        "carta de encima del descarte se vuelve a probar antes de cada carta nueva y cuando se acaba "
        "el mazo.\n"
        "**Copa.** Quien tiene el palo de la primerísima carta (o el siguiente palo con dueño) decide "
        "primero, y luego los demás en orden de palos: paga una apuesta base por cada carta de tu "
        "montón para seguir, o retírate y pierde tu spiga. Si todos los demás se retiran, el último "
        "que queda gana en el acto.\n"
        "**Pasadas siguientes (repasso).** El descarte se da la vuelta — nunca se baraja — y se "
        "reparte otra vez del mismo modo, pasada tras pasada, hasta que un palo aún en juego tiene "
        "sus diez cartas. Su dueño se lleva el bote. Los palos sin dueño, y los retirados, siguen "
        "creciendo pero no pueden ganar; un palo con dueño que se completa en la primera pasada gana "
        "de inmediato.\n\n"
        "Todas las cartas están a la vista: un ojo atento ve a quién favorecen las pasadas "
        "siguientes.\n\n"
        "**Mirones** (`bets`). Cada mano espera medio minuto antes de la primera carta para que "
        "quien mira pueda pulsar **Bet** y apostar contra la casa (abajo). Durante la ronda de la "
        "copa, y en una breve espera antes del repasso, **Side bet** ofrece una **Fuerza** (un mirón "
        "respalda a un jugador que pagó la copa, a la cuota que acuerden) o un **Seguro** (un jugador "
        "paga parte de la copa de otro a cambio de la mitad de lo que gane)."
    ),
    "el": (
        "Η **Prima Carta** είναι ένα παλιό παιχνίδι της ταβέρνας για την τράπουλα Postas: πενήντα "
        "φύλλα, πέντε χρώματα (Στέμματα, Κλειδαριές, Φρούτα, Σπαθιά, Κούπες), αξίες 1 έως 10. Κάθε "
        "παίκτης ποντάρει σε ένα χρώμα και η τράπουλα κάνει τα υπόλοιπα.\n\n"
        "**Spiga.** Όλοι βάζουν ένα ποντάρισμα βάσης στο ποτ.\n"
        "**Πρώτο πέρασμα.** Ο μοιραστής γυρίζει την ανακατεμένη τράπουλα φύλλο φύλλο. Το πρώτο φύλλο "
        "ενός χρώματος ανοίγει τη στοίβα του· μετά, ένα φύλλο μπαίνει στη στοίβα του μόνο αν είναι η "
        "επόμενη αξία (το 1 ακολουθεί το 10). Όλα τα άλλα πάνε ανοιχτά στα πεταμένα, και το πάνω "
        "φύλλο τους δοκιμάζεται ξανά πριν από κάθε νέο φύλλο και όταν τελειώσει η τράπουλα.\n"
        "**Copa.** Όποιος έχει το χρώμα του πολύ πρώτου φύλλου (ή το επόμενο χρώμα με παίκτη) "
        "αποφασίζει πρώτος, μετά οι άλλοι με τη σειρά των χρωμάτων: πλήρωσε ένα ποντάρισμα βάσης για "
        "κάθε φύλλο της στοίβας σου για να μείνεις μέσα, ή πήγαινε πάσο και χάνεις τη spiga. Αν όλοι "
        "οι άλλοι πάνε πάσο, ο τελευταίος που μένει κερδίζει αμέσως.\n"
        "**Επόμενα περάσματα (repasso).** Τα πεταμένα γυρίζουν — ποτέ δεν ανακατεύονται — και "
        "μοιράζονται ξανά με τον ίδιο τρόπο, πέρασμα με πέρασμα, ώσπου ένα χρώμα που είναι ακόμα "
        "μέσα να έχει και τα δέκα φύλλα του. Ο κάτοχός του παίρνει το ποτ. Τα χρώματα χωρίς παίκτη, "
        "και όσα πήγαν πάσο, συνεχίζουν να χτίζονται αλλά δεν κερδίζουν· ένα χρώμα με παίκτη που "
        "ολοκληρώνεται στο πρώτο πέρασμα κερδίζει αμέσως.\n\n"
        "Όλα τα φύλλα είναι ανοιχτά: ένα προσεκτικό μάτι βλέπει ποιον ευνοούν τα επόμενα "
        "περάσματα.\n\n"
        "**Θεατές** (`bets`). Κάθε χέρι περιμένει μισό λεπτό πριν από το πρώτο φύλλο, ώστε όποιος "
        "παρακολουθεί να πατήσει **Bet** και να ποντάρει με την μπάνκα (παρακάτω). Στον γύρο της "
        "copa, και σε μια σύντομη αναμονή πριν από το repasso, το **Side bet** προσφέρει **Fuerza** "
        "(ένας θεατής στηρίζει παίκτη που πλήρωσε την copa, σε απόδοση που συμφωνούν) ή **Seguro** "
        "(ένας παίκτης πληρώνει μέρος της copa άλλου για το μισό από όσα θα κερδίσει)."
    ),
}

HOUSE_IN = {
    "it": (
        "\n\n**Opzioni del tavolo** (scelte con /play):\n"
        "• **house** — il tavolo è del banco, che distribuisce; nessun giocatore fa il mazziere.\n"
        "• **corte** — chi riceve la prima carta paga una posta in più al mazziere come mancia (al "
        "banco a un tavolo del banco). Chi è insieme mazziere e prima non paga nulla.\n"
        "• **cobre** — se un seme che ha lasciato completa la pila prima del seme vincente, le spighe "
        "di chi ha lasciato si mettono da parte: portate nel piatto della mano seguente (**carry**) o "
        "tenute dal banco (**house**).\n"
        "• **bets** — la distribuzione aspetta prima della prima carta, e di nuovo dopo la copa, così "
        "chi guarda può scommettere.\n"
        "• **variant cinco** — una sola passata, senza copa: vince la pila più alta con un giocatore, "
        "e un pari va al seme la cui prima carta è uscita prima. Le pile si mostrano in quell'ordine.\n"
        "• **variant jasper** — dopo la copa gli scarti si mescolano una volta (con un secondo seme, "
        "fissato prima della prima carta come il primo), così le passate seguenti non si possono "
        "prevedere."
    ),
    "es": (
        "\n\n**Opciones de la mesa** (se eligen en /play):\n"
        "• **house** — la casa lleva la mesa y reparte; ningún jugador tiene el reparto.\n"
        "• **corte** — quien recibe la primera carta paga una apuesta base de más al repartidor como "
        "propina (a la casa en una mesa de la casa). Quien es a la vez repartidor y prima no paga "
        "nada.\n"
        "• **cobre** — si un palo retirado completa su montón antes que el palo ganador, las spigas "
        "de todos los que se retiraron se apartan: pasan al bote de la mano siguiente (**carry**) o "
        "se las queda la casa (**house**).\n"
        "• **bets** — el reparto espera antes de la primera carta, y otra vez tras la copa, para que "
        "quien mira pueda apostar.\n"
        "• **variant cinco** — una sola pasada, sin copa: gana el montón con dueño más alto, y un "
        "empate es para el palo cuya primera carta salió antes. Los montones se muestran en ese "
        "orden.\n"
        "• **variant jasper** — tras la copa el descarte se baraja una vez (con una segunda semilla, "
        "fijada antes de la primera carta como la primera), así que las pasadas siguientes no se "
        "pueden prever."
    ),
    "el": (
        "\n\n**Επιλογές τραπεζιού** (στο /play):\n"
        "• **house** — το τραπέζι το κρατά η μπάνκα, που μοιράζει· κανένας παίκτης δεν μοιράζει.\n"
        "• **corte** — όποιος παίρνει το πρώτο φύλλο πληρώνει ένα ποντάρισμα βάσης παραπάνω στον "
        "μοιραστή για φιλοδώρημα (στην μπάνκα σε τραπέζι της μπάνκας). Όποιος είναι και μοιραστής "
        "και prima δεν πληρώνει τίποτα.\n"
        "• **cobre** — αν ένα χρώμα που πήγε πάσο γεμίσει τη στοίβα του πριν από το χρώμα που "
        "κερδίζει, οι spiga όσων πήγαν πάσο μπαίνουν στην άκρη: περνούν στο ποτ του επόμενου χεριού "
        "(**carry**) ή τις κρατά η μπάνκα (**house**).\n"
        "• **bets** — το μοίρασμα περιμένει πριν από το πρώτο φύλλο, και ξανά μετά την copa, για να "
        "ποντάρουν οι θεατές.\n"
        "• **variant cinco** — ένα μόνο πέρασμα, χωρίς copa: κερδίζει η ψηλότερη στοίβα με παίκτη, "
        "και η ισοπαλία πάει στο χρώμα που το πρώτο του φύλλο βγήκε νωρίτερα. Οι στοίβες δείχνονται "
        "με αυτή τη σειρά.\n"
        "• **variant jasper** — μετά την copa τα πεταμένα ανακατεύονται μία φορά (με δεύτερο σπόρο, "
        "κλειδωμένο πριν από το πρώτο φύλλο όπως ο πρώτος), ώστε τα επόμενα περάσματα να μην "
        "προβλέπονται."
    ),
}

RULES_IN = {code: BASIC_IN[code] + HOUSE_IN[code] + "\n\n" + HOUSE_BETS_RULES_IN[code] for code in BASIC_IN}

BRIEF_IN = {
    "it": (
        "Un vecchio gioco da taverna per il mazzo Postas: cinquanta carte, cinque semi, ranghi da 1 a "
        "10. Ogni giocatore punta su un seme e mette una posta nel piatto (la spiga). Il mazzo si gira "
        "carta per carta: la prima carta di un seme apre la sua pila, e una carta vi entra solo se è il "
        "rango successivo; le altre vanno agli scarti. Dopo la prima passata tutti pagano per restare "
        "(la copa) o lasciano. Gli scarti si ridistribuiscono più volte, mai mescolati, finché un seme "
        "ancora in gioco non ha tutte e dieci le carte: chi lo ha prende il piatto."
    ),
    "es": (
        "Un viejo juego de taberna para la baraja Postas: cincuenta cartas, cinco palos, rangos del 1 "
        "al 10. Cada jugador apuesta por un palo y pone una apuesta base en el bote (la spiga). El mazo "
        "se da la vuelta carta a carta: la primera carta de un palo abre su montón, y una carta solo se "
        "suma si es el rango siguiente; las demás van al descarte. Tras la primera pasada todos pagan "
        "para seguir (la copa) o se retiran. El descarte se reparte una y otra vez, nunca barajado, "
        "hasta que un palo aún en juego tiene sus diez cartas: su dueño se lleva el bote."
    ),
    "el": (
        "Ένα παλιό παιχνίδι της ταβέρνας για την τράπουλα Postas: πενήντα φύλλα, πέντε χρώματα, αξίες "
        "1 έως 10. Κάθε παίκτης ποντάρει σε ένα χρώμα και βάζει ποντάρισμα στο ποτ (τη spiga). Η "
        "τράπουλα γυρίζει φύλλο φύλλο: το πρώτο φύλλο ενός χρώματος ανοίγει τη στοίβα του, και ένα "
        "φύλλο μπαίνει μόνο αν είναι η επόμενη αξία· τα άλλα πάνε στα πεταμένα. Μετά το πρώτο πέρασμα "
        "όλοι πληρώνουν για να μείνουν (την copa) ή πάνε πάσο. Τα πεταμένα μοιράζονται ξανά και ξανά, "
        "ποτέ ανακατεμένα, ώσπου ένα χρώμα που είναι μέσα να έχει και τα δέκα φύλλα: ο κάτοχός του "
        "παίρνει το ποτ."
    ),
}

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

#: `RULES` in each other language, in our own words (the game's own words from the text:
#: the *chilo*, seconds *a ciegas*; docs/glossary/holdout.md)
RULES_IN = {
    "it": (
        "**Holdout** (*Postes de Cerca*, «pali di recinto») è un gioco di bluff per il mazzo Postas: "
        "ranghi da 1 a 10 in cinque semi. Porti al tavolo una pila di fiches; ogni prezzo si conta in "
        "poste.\n\n"
        "**La distribuzione.** Tutti mettono l'invito, una posta, e lo lasciano davanti a sé. Ognuno "
        "riceve cinque carte e una carta viene scoperta per aprire la fila, che va da 1 a 10. Poi "
        "ognuno sceglie in segreto due carte e le passa al giocatore alla sua sinistra.\n"
        "**Il tuo turno** (comincia chi ha il 🔪 chilo, poi si va a sinistra):\n"
        "• *Gioca una carta.* Un rango che la fila non ha ancora prende il chilo e costa la distanza "
        "dalla carta più vicina della fila. Un rango già presente si impila sopra e costa il suo "
        "valore.\n"
        "• *Alla cieca* (le *seconds*): giochi la prima carta del mazzo senza vederla. Un rango nuovo "
        "prende il chilo gratis. Un rango già presente ti elimina: paghi una posta per ogni carta che "
        "hai ancora in mano, e il tuo invito va nel piatto.\n"
        "• *Lascia:* il tuo invito va nel piatto.\n"
        "**Chi vince.** Riempi l'ultimo buco della fila; oppure tieni il chilo quando il turno torna "
        "a te con la mano vuota; oppure resta l'ultimo in gioco. Il vincitore prende il piatto, gli "
        "inviti e il chilo, e apre la mano seguente.\n\n"
        "**Fila doppia** (4–6 giocatori): due file, in alto e in basso, ciascuna aperta da una carta "
        "scoperta. Scegli la fila prima di giocare, anche alla cieca; un rango è nuovo se manca nella "
        "sua fila. La mano finisce quando tutti e venti i posti sono pieni.\n"
        "Opzione **mazzo Vines**: 55 carte con un undicesimo rango, l'Imperatore, quindi ogni fila "
        "arriva a 11.\n"
        "Non paghi mai più delle fiches che hai: una mossa che non puoi coprire non ti viene offerta."
    ),
    "es": (
        "**Holdout** (*Postes de Cerca*) es un juego de farol para la baraja Postas: rangos del 1 al "
        "10 en cinco palos. Llevas a la mesa un montón de fichas; cada precio se cuenta en apuestas "
        "base.\n\n"
        "**El reparto.** Todos ponen el ante, una apuesta base, y lo dejan delante de sí. Cada "
        "jugador recibe cinco cartas y se descubre una carta para abrir la fila, que va del 1 al 10. "
        "Luego cada uno elige en secreto dos cartas y se las pasa al jugador de su izquierda.\n"
        "**Tu turno** (empieza quien tiene el 🔪 chilo y sigue hacia la izquierda):\n"
        "• *Juega una carta.* Un rango que la fila aún no tiene se lleva el chilo y cuesta la "
        "distancia a la carta más cercana de la fila. Un rango que ya está se apila encima y cuesta su "
        "propio valor.\n"
        "• *A ciegas* (de ahí las *seconds*, «acieca»): juegas la carta de arriba del mazo sin verla. "
        "Un rango nuevo se lleva el chilo gratis. Un rango que ya está te elimina: pagas una apuesta "
        "base por cada carta que te quede en la mano y tu ante va al bote.\n"
        "• *Retirarse:* tu ante va al bote.\n"
        "**Quién gana.** Llena el último hueco de la fila; o ten el chilo cuando el turno vuelva a ti "
        "con la mano vacía; o sé el último que queda. El ganador se lleva el bote, los antes y el "
        "chilo, y abre la mano siguiente.\n\n"
        "**Fila doble** (4–6 jugadores): dos filas, la de arriba y la de abajo, cada una abierta con "
        "una carta descubierta. Elige la fila antes de jugar, también a ciegas; un rango es nuevo si "
        "falta en su fila. La mano termina cuando los veinte huecos están llenos.\n"
        "Opción **baraja Vines**: 55 cartas con un undécimo rango, el Emperador, así que cada fila "
        "llega al 11.\n"
        "Nunca pagas más de las fichas que tienes: no se te ofrece una jugada que no puedas cubrir."
    ),
    "el": (
        "Το **Holdout** (*Postes de Cerca*, «πάσσαλοι φράχτη») είναι παιχνίδι μπλόφας για την "
        "τράπουλα Postas: αξίες από 1 έως 10 σε πέντε χρώματα. Φέρνεις στο τραπέζι μια στοίβα "
        "μάρκες· κάθε τιμή μετριέται σε ποντάρισμα βάσης.\n\n"
        "**Το μοίρασμα.** Όλοι βάζουν το άντε, ένα ποντάρισμα βάσης, και το αφήνουν μπροστά τους. "
        "Ο καθένας παίρνει πέντε φύλλα και ένα φύλλο ανοίγει ανοιχτό για να ξεκινήσει η γραμμή, που "
        "πάει από το 1 ως το 10. Μετά ο καθένας διαλέγει κρυφά δύο φύλλα και τα δίνει στον παίκτη "
        "στα αριστερά του.\n"
        "**Η σειρά σου** (ξεκινά όποιος έχει το 🔪 τσίλο, μετά πάμε αριστερά):\n"
        "• *Παίξε ένα φύλλο.* Μια αξία που η γραμμή δεν έχει ακόμα παίρνει το τσίλο και κοστίζει την "
        "απόσταση ως το πιο κοντινό φύλλο της γραμμής. Μια αξία που υπάρχει ήδη μπαίνει από πάνω και "
        "κοστίζει την ίδια της την αξία.\n"
        "• *Στα τυφλά* (τα *seconds*, από το *a ciegas*): παίζεις το πάνω φύλλο της τράπουλας χωρίς "
        "να το δεις. Μια νέα αξία παίρνει το τσίλο δωρεάν. Μια αξία που υπάρχει ήδη σε βγάζει έξω: "
        "πληρώνεις ένα ποντάρισμα βάσης για κάθε φύλλο που σου μένει στο χέρι και το άντε σου πάει "
        "στο ποτ.\n"
        "• *Πάσο:* το άντε σου πάει στο ποτ.\n"
        "**Ποιος κερδίζει.** Γέμισε το τελευταίο κενό της γραμμής· ή κράτα το τσίλο όταν η σειρά "
        "έρθει σε σένα με άδειο χέρι· ή μείνε ο τελευταίος στο παιχνίδι. Ο νικητής παίρνει το ποτ, "
        "τα άντε και το τσίλο, και ανοίγει το επόμενο χέρι.\n\n"
        "**Διπλή γραμμή** (4–6 παίκτες): δύο γραμμές, πάνω και κάτω, που η καθεμιά ξεκινά με ένα "
        "ανοιχτό φύλλο. Διάλεξε γραμμή πριν παίξεις, ακόμα και στα τυφλά· μια αξία είναι νέα αν λείπει "
        "από τη δική της γραμμή. Το χέρι τελειώνει όταν γεμίσουν και οι είκοσι θέσεις.\n"
        "Επιλογή **τράπουλα Vines**: 55 φύλλα με ενδέκατη αξία, τον Αυτοκράτορα, οπότε κάθε γραμμή "
        "φτάνει ως το 11.\n"
        "Δεν πληρώνεις ποτέ περισσότερα από όσα έχεις: κίνηση που δεν μπορείς να καλύψεις δεν σου "
        "προσφέρεται."
    ),
}

#: `BRIEF` in each other language
BRIEF_IN = {
    "it": (
        "Un gioco di bluff per il mazzo Postas (ranghi da 1 a 10). Tutti mettono l'invito, ricevono "
        "cinque carte e ne passano due a sinistra in segreto. Una fila di ranghi 1–10 si riempie turno "
        "dopo turno: gioca un rango nuovo e prendi il 🔪 chilo, pagando la distanza dalla carta più "
        "vicina; gioca un rango già presente e paghi il suo valore; oppure gioca alla cieca la prima "
        "carta del mazzo (un rango nuovo è gratis, uno ripetuto ti elimina). Riempi l'ultimo buco, "
        "tieni il chilo a mano vuota o resta l'ultimo in gioco, e il piatto è tuo."
    ),
    "es": (
        "Un juego de farol para la baraja Postas (rangos del 1 al 10). Todos ponen el ante, reciben "
        "cinco cartas y pasan dos a la izquierda en secreto. Una fila de rangos 1–10 se llena turno a "
        "turno: juega un rango nuevo y llévate el 🔪 chilo, pagando la distancia a la carta más "
        "cercana; juega un rango que ya está y paga su valor; o juega a ciegas la carta de arriba del "
        "mazo (un rango nuevo es gratis, uno repetido te elimina). Llena el último hueco, ten el chilo "
        "con la mano vacía o sé el último que queda, y el bote es tuyo."
    ),
    "el": (
        "Παιχνίδι μπλόφας για την τράπουλα Postas (αξίες 1 έως 10). Όλοι βάζουν άντε, παίρνουν πέντε "
        "φύλλα και δίνουν κρυφά δύο αριστερά. Μια γραμμή αξιών 1–10 γεμίζει γύρο με γύρο: παίξε νέα "
        "αξία και πάρε το 🔪 τσίλο, πληρώνοντας την απόσταση ως το πιο κοντινό φύλλο· παίξε αξία που "
        "υπάρχει ήδη και πλήρωσε την αξία της· ή παίξε στα τυφλά το πάνω φύλλο της τράπουλας (νέα "
        "αξία είναι δωρεάν, επανάληψη σε βγάζει έξω). Γέμισε το τελευταίο κενό, κράτα το τσίλο με "
        "άδειο χέρι ή μείνε τελευταίος, και το ποτ είναι δικό σου."
    ),
}

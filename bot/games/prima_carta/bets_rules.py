"""/rules text for Prima Carta's house bets, in our own words, built from the bet catalogue
(`engine.prima_carta.house_bets.BETS`) so the payouts and returns shown are the ones paid."""

from __future__ import annotations

from engine.prima_carta.house_bets import BETS, CARTAS_MEASURED, HouseBet, Odds


def _percent(value: float) -> str:
    return f"{value * 100:.1f}%"


def _line(bet: HouseBet) -> str:
    spec = BETS[bet]
    if bet is HouseBet.CARTAS:
        returns = [rtp for _, rtp, _, _ in CARTAS_MEASURED.values()]
        measured = f"returns {_percent(min(returns))} to {_percent(max(returns))} by number"
    else:
        measured = f"returns {_percent(spec.measured_rtp)}"
    return f"**{spec.label}**: {spec.description} Pays {spec.payout_text}; {measured}."


HOUSE_BETS_RULES = (
    "**Bets against the house.** Onlookers bet from their bankroll until the first card; bets "
    'settle with the hand, from the public cards. "7 to 2" pays 7 for every 2 staked, plus the '
    "stake, part chips rounded down. Returns are chips back per 100 staked, measured over "
    "millions of deals.\n" + "\n".join(_line(bet) for bet in HouseBet)
)
"""The /rules section for the house bets, to append to the game's rules text."""


# ------------------------------------------------------------ the other languages
# The same section in Italian, Spanish and Greek, in our own words, from the same catalogue
# (the bets keep their own names: Prima, Escúcha, Máximo, Conto, Cartas, Começo).

_TO = {"it": "{win} a {per}", "es": "{win} a {per}", "el": "{win} προς {per}"}
_WORDS: dict[str, dict[str, str]] = {
    "it": {
        "head": (
            "**Scommesse contro il banco.** Chi guarda scommette dal proprio bankroll fino alla prima "
            'carta; le scommesse si pagano con la mano, dalle carte scoperte. "7 a 2" paga 7 ogni 2 '
            "puntati, più la puntata, con le frazioni di fiche arrotondate per difetto. I ritorni sono "
            "fiches restituite ogni 100 puntate, misurati su milioni di distribuzioni."
        ),
        "returns": "rende {rtp}",
        "range": "rende da {low} a {high} secondo il numero",
        "pays": "Paga",
        "prima": "La primissima carta distribuita è del tuo seme.",
        "prima_pay": "{odds}; {ace} se la prima carta è un 1",
        "escucha": "Il tuo seme è il primo ad avere tutte e dieci le carte, chiunque abbia lasciato.",
        "escucha_pay": "{odds}; {ace} se la sua prima carta è il suo 1",
        "maximo": (
            "La prima carta del tuo seme è la più alta (10 alta, 1 bassa); un pari di esattamente due perde."
        ),
        "maximo_pay": "{odds}, compresi i pari di tre o più",
        "alto": "La prima passata fa salire 17 carte o più.",
        "medio": "La prima passata fa salire 14 o 15 carte.",
        "bajo": "La prima passata fa salire 10 o 11 carte.",
        "cartas": "La prima passata fa salire esattamente il numero che dici, da 10 a 20.",
        "comeco": "Pagata secondo una tabella, in base a quante carte fa salire la prima passata.",
        "comeco_rest": "ogni altro conteggio perde",
    },
    "es": {
        "head": (
            "**Apuestas contra la casa.** Los mirones apuestan de su bankroll hasta la primera carta; "
            'las apuestas se pagan con la mano, a partir de las cartas descubiertas. "7 a 2" paga 7 '
            "por cada 2 apostadas, más la apuesta, con las fracciones de ficha redondeadas hacia "
            "abajo. Los retornos son fichas devueltas por cada 100 apostadas, medidos en millones de "
            "repartos."
        ),
        "returns": "devuelve {rtp}",
        "range": "devuelve de {low} a {high} según el número",
        "pays": "Paga",
        "prima": "La primerísima carta repartida es de tu palo.",
        "prima_pay": "{odds}; {ace} si la primera carta es un 1",
        "escucha": "Tu palo es el primero en tener las diez cartas, se haya retirado quien se haya retirado.",
        "escucha_pay": "{odds}; {ace} si su primera carta es su 1",
        "maximo": (
            "La primera carta de tu palo es la más alta (el 10 alto, el 1 bajo); un empate de "
            "exactamente dos pierde."
        ),
        "maximo_pay": "{odds}, empates de tres o más incluidos",
        "alto": "La primera pasada sube 17 cartas o más.",
        "medio": "La primera pasada sube 14 o 15 cartas.",
        "bajo": "La primera pasada sube 10 u 11 cartas.",
        "cartas": "La primera pasada sube exactamente el número que digas, de 10 a 20.",
        "comeco": "Se paga según una tabla, por cuántas cartas sube la primera pasada.",
        "comeco_rest": "cualquier otra cuenta pierde",
    },
    "el": {
        "head": (
            "**Στοιχήματα με την μπάνκα.** Όσοι παρακολουθούν ποντάρουν από το κεφάλαιό τους ως το "
            "πρώτο φύλλο· τα στοιχήματα πληρώνονται με το χέρι, από τα ανοιχτά φύλλα. Το «7 προς 2» "
            "πληρώνει 7 για κάθε 2 που ποντάρεις, συν το ποντάρισμα, με τα κλάσματα μάρκας "
            "στρογγυλεμένα προς τα κάτω. Οι αποδόσεις είναι μάρκες που επιστρέφουν ανά 100 "
            "ποντάρισμα, μετρημένες σε εκατομμύρια μοιράσματα."
        ),
        "returns": "αποδίδει {rtp}",
        "range": "αποδίδει από {low} έως {high} ανάλογα με τον αριθμό",
        "pays": "Πληρώνει",
        "prima": "Το πολύ πρώτο φύλλο που μοιράζεται είναι του χρώματός σου.",
        "prima_pay": "{odds}· {ace} αν το πρώτο φύλλο είναι 1",
        "escucha": "Το χρώμα σου είναι το πρώτο που μαζεύει και τα δέκα φύλλα, όποιος κι αν αποσύρθηκε.",
        "escucha_pay": "{odds}· {ace} αν το πρώτο του φύλλο είναι το 1 του",
        "maximo": (
            "Το πρώτο φύλλο του χρώματός σου είναι το ψηλότερο (10 ψηλά, 1 χαμηλά)· ισοπαλία ακριβώς "
            "δύο χάνει."
        ),
        "maximo_pay": "{odds}, μαζί με ισοπαλίες τριών ή περισσότερων",
        "alto": "Το πρώτο πέρασμα ανεβάζει 17 φύλλα ή περισσότερα.",
        "medio": "Το πρώτο πέρασμα ανεβάζει 14 ή 15 φύλλα.",
        "bajo": "Το πρώτο πέρασμα ανεβάζει 10 ή 11 φύλλα.",
        "cartas": "Το πρώτο πέρασμα ανεβάζει ακριβώς τον αριθμό που λες, από 10 έως 20.",
        "comeco": "Πληρώνεται από πίνακα, ανάλογα με το πόσα φύλλα ανεβάζει το πρώτο πέρασμα.",
        "comeco_rest": "κάθε άλλος αριθμός χάνει",
    },
}


def _odds_in(code: str, odds: Odds) -> str:
    win, per = odds.win, odds.per
    return _TO[code].format(win=win, per=per)


def _percent_in(code: str, value: float) -> str:
    text = f"{value * 100:.1f}"
    return (text if code == "en" else text.replace(".", ",")) + ("%" if code != "es" else " %")


def _line_in(code: str, bet: HouseBet) -> str:
    from engine.prima_carta.house_bets import (
        ALTO_ODDS,
        BAJO_ODDS,
        CARTAS_NUMBERS,
        CARTAS_ODDS,
        COMECO_TABLE,
        ESCUCHA_ACE_ODDS,
        ESCUCHA_ODDS,
        MAXIMO_ODDS,
        MEDIO_ODDS,
        PRIMA_ACE_ODDS,
        PRIMA_ODDS,
    )

    words = _WORDS[code]
    spec = BETS[bet]
    odds = {
        HouseBet.PRIMA: words["prima_pay"].format(
            odds=_odds_in(code, PRIMA_ODDS), ace=_odds_in(code, PRIMA_ACE_ODDS)
        ),
        HouseBet.ESCUCHA: words["escucha_pay"].format(
            odds=_odds_in(code, ESCUCHA_ODDS), ace=_odds_in(code, ESCUCHA_ACE_ODDS)
        ),
        HouseBet.MAXIMO: words["maximo_pay"].format(odds=_odds_in(code, MAXIMO_ODDS)),
        HouseBet.ALTO: _odds_in(code, ALTO_ODDS),
        HouseBet.MEDIO: _odds_in(code, MEDIO_ODDS),
        HouseBet.BAJO: _odds_in(code, BAJO_ODDS),
        HouseBet.CARTAS: ", ".join(f"{n}: {_odds_in(code, CARTAS_ODDS[n])}" for n in CARTAS_NUMBERS),
        HouseBet.COMECO: ", ".join(
            f"{low}{'+' if high is None else ''}: {_odds_in(code, line)}" for low, high, line in COMECO_TABLE
        )
        + "; "
        + words["comeco_rest"],
    }[bet]
    if bet is HouseBet.CARTAS:
        returns = [rtp for _, rtp, _, _ in CARTAS_MEASURED.values()]
        measured = words["range"].format(
            low=_percent_in(code, min(returns)), high=_percent_in(code, max(returns))
        )
    else:
        measured = words["returns"].format(rtp=_percent_in(code, spec.measured_rtp))
    return f"**{spec.label}**: {words[bet.name.lower()]} {words['pays']} {odds}; {measured}."


HOUSE_BETS_RULES_IN = {
    code: _WORDS[code]["head"] + "\n" + "\n".join(_line_in(code, bet) for bet in HouseBet) for code in _WORDS
}
"""`HOUSE_BETS_RULES` in each other language."""

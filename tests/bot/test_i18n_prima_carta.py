"""Issue 26 for Prima Carta: every line whole hands say (the log with its passes, the
summary and its cobre, each kind of rule and set-up error, the house bets' refusals, the
sharp computer's reasons) comes out translated in Italian, Greek and Spanish and transformed
in the pseudo language; the table, every member's panel and buttons, the status, the ping,
the options line, the pause's label, the log lines with their players named, the hand
result and the pictures' words leave no English word under `pseudo`; the rules read in
each language; and in every language the table before the first card names no card and
escapes names; and the house bets' menu, results and Details list and the Fuerza and Seguro
offers (panel, forms, terms, refusals, settlements) read in each language and leave no English
word under `pseudo` (the tests at the end)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import discord
import pytest

from bot.games import GAMES
from bot.games.prima_carta import picture
from bot.i18n import LANGUAGES, PSEUDO, SOURCE, lang
from bot.ui import Panel
from engine.core.cards import POSTAS_50
from engine.core.errors import BadSetup, RuleError
from engine.core.msg import Msg, english
from engine.prima_carta import Copa, PrimaCarta, PrimaCartaOptions
from engine.prima_carta.game import DEAL, Phase
from engine.prima_carta.house_bets import check_bet
from engine.prima_carta.players import SharpPlayer
from tests.helpers.cards import card_pattern
from tests.helpers.i18n import assert_pseudo, assert_translated, embed_texts, messages, rules_in, shown_words
from tests.helpers.tables import dealt_table

OTHERS = [code for code in LANGUAGES if code != SOURCE]
NAMES = ("Ⓐ", "Ⓑ", "Ⓒ", "Ⓓ", "Ⓔ")
"""Seat names with no Latin letters: any Latin word left in a pseudo rendering is English."""
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
OWN_NAMES = ("Prima", "Carta", "Cinco", "Jasper", "Escúcha", "Conto", "Alto", "Cartas")
"""The game's and its variants' and bets' own names, kept in every language."""
PICK_IDS = {"crowns", "locks", "fruit", "swords", "cups", "hearts"}
"""Suit ids as a caller writes them (a house bet's pick, a seat's suit), which an engine
refusal quotes back as typed; "hearts" is the wrong one these tests type."""
SUITS = ("crowns", "locks", "fruit", "swords", "cups")


FORMS: list[dict[str, Any]] = [
    {},
    {"variant": "cinco"},
    {"variant": "jasper", "house": True, "corte": True, "cobre": "carry"},
    {"pauses": True, "corte": True, "cobre": "house", "stepped": True},
]


def prima_carta_hands(form: dict[str, Any], seeds: range) -> Iterator[Msg]:
    """Every message whole hands say: the log and the summary, a rule error for each kind
    of wrong move, the sharp computer's reasons."""
    options = PrimaCartaOptions(**form)
    advisor = SharpPlayer()
    for seed in seeds:
        count = 3 + seed % 3
        seats = list(SUITS[:count])
        game = PrimaCarta.new(options, seats, seed, dealer=seed % count, carried=2 * (seed % 2))
        rng = random.Random(seed)
        while game.outcome is None:
            if not game.awaiting:  # a pause: the prima's seat turns the cards
                prima = game.prima
                assert prima is not None
                wrong = (prima + 1) % count
                for move in ({"kind": "nonsense"}, DEAL):
                    with pytest.raises(RuleError) as refused:
                        game.apply(wrong, move)
                    assert isinstance(refused.value.said, Msg), refused.value.said
                    yield refused.value.said
                game.apply(prima, DEAL)
                continue
            seat = game.awaiting[0]
            for move in ({"kind": "nonsense"}, Copa(amount=10_000), DEAL):
                with pytest.raises(RuleError) as refused:
                    game.apply(seat, move)
                assert isinstance(refused.value.said, Msg), refused.value.said
                yield refused.value.said
            advice = advisor.advise(game, seat)
            assert isinstance(advice.reason, Msg)
            yield advice.reason
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        for event in game.events:
            assert event.msg is not None, f"{event.kind} {event.text!r} is not a message"
            assert english(event.msg) == event.text
            yield event.msg
        assert game.outcome.said is not None and english(game.outcome.said) == game.outcome.summary
        yield game.outcome.said


def the_rest() -> Iterator[Msg]:
    """Set-up refusals and the house bets' refusals."""
    options = PrimaCartaOptions()
    for bad in (
        lambda: PrimaCarta.new(options, ["crowns"], 1),
        lambda: PrimaCarta.new(options, ["crowns", "hearts"], 1),
        lambda: PrimaCarta.new(options, ["crowns", "crowns"], 1),
        lambda: PrimaCarta.new(options, ["locks", "crowns"], 1),
        lambda: PrimaCarta.new(options, ["crowns", "locks"], 1, dealer=5),
        lambda: PrimaCarta.new(options, ["crowns", "locks"], 1, carried=-1),
        lambda: PrimaCarta.new_from_order(options, ["crowns", "locks"], list(POSTAS_50.cards())[:10]),
        lambda: check_bet("nothing", "", 1),
        lambda: check_bet("prima", "hearts", 1),
        lambda: check_bet("alto", "crowns", 1),
        lambda: check_bet("alto", "", 0),
    ):
        with pytest.raises(RuleError) as refused:
            bad()
        assert isinstance(refused.value.said, Msg)
        yield refused.value.said
    with pytest.raises(BadSetup):
        PrimaCarta.from_json({**PrimaCarta.new(options, ["crowns", "locks"], 1).to_json(), "order": ["X"]})


@pytest.mark.parametrize("form", FORMS)
def test_every_prima_carta_line_is_translated_in_every_language(form: dict[str, Any]) -> None:
    said = [*prima_carta_hands(form, range(3)), *the_rest()]
    kinds = {m.id for line in said for m in messages(line)}
    assert len(said) > 20 and len(kinds) > 15
    assert_translated(said)


def left_in_english(text: str) -> list[str]:
    """The Latin words of a rendered text, leaving out what is not language: a mention or a
    timestamp (<...>), a command (/hand), a code span, the game's own names, suit ids."""
    text = re.sub(rf"\b({'|'.join(OWN_NAMES)})\b", " ", text)
    return shown_words(text, PICK_IDS)


@pytest.mark.parametrize("form", FORMS)
def test_nothing_prima_carta_says_is_left_in_english_under_the_pseudo_language(form: dict[str, Any]) -> None:
    assert_pseudo([*prima_carta_hands(form, range(3)), *the_rest()], left_in_english)


def panel_texts(panel: Panel, say: Callable[..., str]) -> list[str]:
    return embed_texts(panel.embed) + [say(control.label) for control in panel.controls]


class Drawn:
    """Records every word the picture module hands to the card kit to draw."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.words: list[str] = []
        for name in ("label", "chip", "named", "takings", "discards", "seat_tag"):
            original = getattr(picture, name)
            monkeypatch.setattr(picture, name, self._wrap(name, original))

    def _wrap(self, name: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def drawn(*args: Any, **kwargs: Any) -> Any:
            if name == "takings":
                self.words.append(args[3] if len(args) > 3 else kwargs.get("unit", ""))
            elif name == "named":
                self.words.append(args[0] + args[1])
            elif name == "discards":
                self.words += [args[0], *args[3:4]]  # the pile's title and its undealt count
            elif isinstance(args[0], str):
                self.words.append(args[0])
            return original(*args, **kwargs)

        return drawn


@pytest.mark.parametrize(
    ("options", "players"),
    [({}, 3), ({"variant": "cinco"}, 2), ({"house": True, "corte": True, "cobre": "carry", "bets": True}, 4)],
)
def test_prima_cartas_table_panels_and_pictures_are_transformed_under_the_pseudo_language(
    options: dict[str, Any], players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 4 for Prima Carta: its public table, every member's panel and buttons, the
    status, the ping, the options line, the pause's label, the log lines naming their
    players, the hand result and the words of both pictures, drawn at every step of a hand
    in the pseudo language, leave no English word."""
    drawn = Drawn(monkeypatch)
    plugin = GAMES["prima_carta"]
    table = dealt_table("prima_carta", options, players, seed=7, stake=3, names=NAMES)
    game = table.game
    assert isinstance(game, PrimaCarta)
    rng = random.Random(7)
    say = lang(PSEUDO)
    steps = 0
    while True:
        view = table.view(say)
        embed = discord.Embed()
        plugin.table_fields(view, game, embed)
        texts = [
            *embed_texts(embed),
            say(plugin.describe_options(table.options, 3)),
            *plugin.summary(view, game),
            *(say(plugin.event_text(game, event, NAMES[event.seat or 0])) for event in game.events),
        ]
        pause = plugin.pause(game, table.options)
        if pause is not None:
            texts += [say(pause.label), say(pause.note)]
        if game.to_act is not None:
            texts.append(plugin.prompt(view, game, set()))
        if game.outcome is not None:
            result = plugin.hand_result(view, game)
            assert result is not None
            texts += [result.headline, *(result.reasons), result.carried or ""]
        picture.table_picture(view, game.view(None))
        for seat in range(players):
            texts += panel_texts(plugin.panel(view, game, seat, ()), say)
            picture.hand_picture(view, game.view(seat))
        for text in [*texts, *drawn.words]:
            left = left_in_english(text)
            assert not left, f"{text!r} leaves {left} in English"
        if game.outcome is not None:
            break
        if pause is not None:
            game.apply(pause.seat, pause.action)
        else:
            seat = game.awaiting[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        steps += 1
    assert steps >= (0 if options.get("variant") == "cinco" else 2) and len(drawn.words) > 20


@pytest.mark.parametrize("code", OTHERS)
def test_prima_cartas_rules_read_in_each_language_within_discords_limits(code: str) -> None:
    plugin = GAMES["prima_carta"]
    brief, rules = rules_in(plugin, code, "Prima Carta")
    # the text's own words stay the game's (docs/glossary/prima_carta.md), and every bet is
    # named with its payout as the catalogue pays it
    for word in ("spiga", "copa", "repasso", "corte", "cobre", "Fuerza", "Seguro", "Escúcha", "Começo"):
        assert word in rules, word
    assert "spiga" in brief and "copa" in brief
    to = {"it": " a ", "es": " a ", "el": " προς "}[code]
    assert f"4{to}1" in rules and f"120{to}1" in rules


@pytest.mark.parametrize("code", [*LANGUAGES, PSEUDO])
def test_in_every_language_prima_cartas_table_before_the_first_card_shows_no_card_and_escapes_names(
    code: str,
) -> None:
    """Item 4's hidden-card and markdown checks, in each language: while bets are open the
    whole deck is secret, and nothing the table shows everyone names a card of it; once
    dealt and played out, the log's lines and the result name the players, escaped, never
    raw."""
    from bot.render import render_table
    from bot.ui import plain

    names = ("*Ana*", "Bo_b_", "~~Cy~~")
    table = dealt_table("prima_carta", {"bets": True}, 3, seed=9, names=names)
    table.state.language = code
    plugin = GAMES["prima_carta"]
    game = table.game
    assert isinstance(game, PrimaCarta) and game.phase is Phase.DEAL
    say = lang(code)
    view = table.view(say)
    embed = discord.Embed()
    plugin.table_fields(view, game, embed)
    _, details = render_table(table)[:2]
    public = "\n".join(
        [
            *embed_texts(embed),
            *embed_texts(details),
            plugin.status(view, game),
            *plugin.summary(view, game),
            *(say(event.msg) for event in game.events if event.msg is not None),
        ]
    )
    secret = plugin.secret_cards(game)
    assert len(secret) == 50
    leaked = [card.short for card in secret if card_pattern(card).search(public)]
    assert not leaked, f"{code}: {leaked} shown in public"
    for name in names:
        assert name not in public, f"{code}: {name!r} drawn raw"
    prima = game.prima
    assert prima is not None
    game.apply(prima, DEAL)
    while game.outcome is None:
        if not game.awaiting:  # the wait before the repasso
            game.apply(prima, DEAL)
            continue
        seat = game.awaiting[0]
        game.apply(seat, game.legal_actions(seat)[0])  # everyone pays: the log names them all
    view = table.view(say)
    result = plugin.hand_result(view, game)
    assert result is not None
    lines = [
        say(plugin.event_text(game, event, names[event.seat]))
        for event in game.events
        if event.seat is not None
    ]
    shown = "\n".join([*lines, plain(result.headline)])
    for name in names:
        assert name not in shown, f"{code}: {name!r} drawn raw"
    assert all(plain(name) in shown for name in names), f"{code}: a player is not named"


# ------------------------------------------------------------- the bets' words (i26-words)
BET_NAMES = ("Máximo", "Medio", "Bajo", "Começo", "Fuerza", "Seguro", "copa")
"""The bets' own names and the text's words the glossary keeps in every language."""


def left_in_bets(text: str) -> list[str]:
    """`left_in_english`, also leaving out the bets' own names."""
    return left_in_english(re.sub(rf"({'|'.join(BET_NAMES)})", " ", text))


def component_texts(view: discord.ui.View | discord.ui.Modal) -> list[str]:
    """What a member reads on a view's selects or a form's boxes."""
    found = [view.title] if isinstance(view, discord.ui.Modal) else []
    for item in view.children:
        if isinstance(item, discord.ui.Select):
            found += [item.placeholder or ""]
            found += [text for o in item.options for text in (o.label, o.description or "")]
        elif isinstance(item, discord.ui.TextInput):
            found += [item.label, item.placeholder or ""]
    return found


def bet_panels(table: Any, say: Any) -> list[str]:
    """Every word of the Bet panel, each bet's pick panel and each bet's amount form."""
    from cogs.bets import bet_form, bet_menu, pick_menu

    hand = table.state.hand_no
    embed, view = bet_menu(table, say)
    texts = [*embed_texts(embed), *component_texts(view)]
    for offer in table.house_bets:
        if offer.picks:
            embed, view = pick_menu(table, offer, hand, say)
            texts += [*embed_texts(embed), *component_texts(view)]
        for pick in [value for value, _ in offer.picks] or [""]:
            texts += component_texts(bet_form(table, offer, hand, pick, say))
    return texts


def settled_bets(seed: int) -> tuple[Any, list[Msg]]:
    """A table with bets open, its hand played out, and every bet and pick settled on it."""
    from bot.games.base import OnlookerBets

    table = dealt_table("prima_carta", {"bets": True}, 3, seed=seed, names=NAMES)
    game = table.game
    assert isinstance(game, PrimaCarta)
    offers = list(table.house_bets)
    rng = random.Random(seed)
    while game.outcome is None:
        if not game.awaiting:
            assert game.prima is not None
            game.apply(game.prima, DEAL)
            continue
        seat = game.awaiting[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    bets = GAMES["prima_carta"].capability(OnlookerBets)
    assert bets is not None
    results = []
    for offer in offers:
        for pick in [value for value, _ in offer.picks] or [""]:
            result = bets.settle(game, offer.key, pick, 7)
            assert result is not None and isinstance(result.text, Msg), offer.key
            results.append(result.text)
    return table, results


def test_prima_cartas_house_bets_menu_and_results_are_in_the_readers_language() -> None:
    """Item 1: the Bet panel (each bet's payout, its picks, its amount form) and each bet's
    result are in the reader's language; English word for word as before; no English word
    under `pseudo`."""
    from engine.prima_carta.house_bets import BETS, outcome_text

    table = dealt_table("prima_carta", {"bets": True}, 3, seed=9, names=NAMES)
    offers = table.house_bets
    assert offers is not None and len(offers) == len(BETS)
    english_panel = bet_panels(table, lang(SOURCE))
    for spec in BETS.values():  # the payouts as they always read
        if spec.label != "Cartas":
            line = f"{spec.description} Pays {spec.payout_text} (measured return {spec.measured_rtp:.1%})."
            assert line in english_panel, line
    assert f"Bet against the house · table #{table.id} · hand {table.state.hand_no}" in english_panel
    assert "Prima · 🔴 Crowns" in " ".join(english_panel)
    for code in OTHERS:
        shown = bet_panels(table, lang(code))
        assert not set(shown) & (set(english_panel) - {"", "—", *(o.label for o in offers)}), code
    pseudo = bet_panels(table, lang(PSEUDO))
    for text in pseudo:
        assert not left_in_bets(text), f"{text!r} leaves {left_in_bets(text)} in English"

    for seed in (3, 9, 11):
        _, results = settled_bets(seed)
        for said in results:
            assert english(said).startswith(("lost (", "won ")), english(said)
            for code in OTHERS:
                assert all(lang(code).has(m) for m in messages(said)), (code, english(said))
                assert lang(code)(said) != english(said)
            shown = lang(PSEUDO)(said, md=False)
            assert not left_in_bets(shown), f"{shown!r} leaves {left_in_bets(shown)} in English"
    # a result's English is the engine's outcome line, as the table always showed it
    table, results = settled_bets(9)
    game = table.game
    from bot.games.prima_carta.bets import facts

    known = facts(game)
    assert known is not None
    assert english(results[0]).startswith(outcome_text("prima", "crowns", 7, known) + " (first card ")


def copa_table(seed: int) -> Any:
    """A table of three with bets, its hand at the copa round (a member still to decide)."""
    for tried in range(seed, seed + 50):
        table = dealt_table("prima_carta", {"bets": True}, 3, seed=tried, stake=10, names=NAMES)
        game = table.game
        assert isinstance(game, PrimaCarta)
        while game.outcome is None and game.phase is not Phase.COPA:
            if game.awaiting:
                break
            assert game.prima is not None
            game.apply(game.prima, DEAL)
        if game.phase is Phase.COPA and game.to_act is not None:
            return table
    raise AssertionError("no seed reaches the copa round")


def test_prima_cartas_fuerza_and_seguro_offers_are_in_the_readers_language() -> None:
    """Item 1: the Side bet panel, each offer's form, its terms (and the form's refusals),
    the offer's line in the table's Details and its settlement are in the reader's
    language; English word for word as before; no English word under `pseudo`."""
    from bot.games.base import SideOffers
    from bot.tables.model import Offer
    from bot.tables.offers import describe
    from cogs.offers import offer_form, offer_menu
    from engine.core.errors import IllegalAction

    table = copa_table(5)
    game = table.game
    sides = GAMES["prima_carta"].capability(SideOffers)
    assert sides is not None
    payer = game.to_act
    game.apply(payer, Copa(amount=game.copa_price(payer)))  # onlookers may back a seat that paid
    fuerzas = list(sides.choices(game, table.options, None))
    seguros = list(sides.choices(game, table.options, payer))  # to a seat still to decide
    assert fuerzas and seguros
    fuerza, seguro = fuerzas[0], seguros[0]
    said: list[Any] = [fuerza.label, seguro.label]
    for choice in (fuerza, seguro):
        said += [text for _, label, hint in choice.fields for text in (label, hint)]
    made = sides.terms(game, table.options, "fuerza", fuerza.seat, ["30", "2:1"])
    kept = sides.terms(game, table.options, "seguro", seguro.seat, ["1"])
    said += [made.text, kept.text]
    for kind, seat, values in (
        ("fuerza", fuerza.seat, ["15", "1:2"]),
        ("fuerza", fuerza.seat, ["10", "二"]),
        ("seguro", seguro.seat, ["五"]),  # typed back as typed: no Latin letters
        ("seguro", seguro.seat, ["0"]),
        ("seguro", seguro.seat, ["100000"]),
        ("nothing", seguro.seat, []),
    ):
        with pytest.raises(IllegalAction) as refused:
            sides.terms(game, table.options, kind, seat, values)
        said.append(refused.value.said)
    # English as it always read
    suit = game.seats[fuerza.seat].title()
    assert english(made.text) == f"Fuerza on {suit}: 30 chips that {suit} wins, at 2:1 against 60 chips."
    assert english(said[-4]) == "The part of the copa must be a whole number of chips, like 25 — not “五”."
    assert english(said[-3]) == "The part of the copa must be at least 1 chip."
    offer = Offer(
        id=1,
        kind="fuerza",
        seat=fuerza.seat,
        maker_id=11,
        maker_name="Ⓧ",
        taker_id=12,
        taker_name="Ⓨ",
        maker_amount=30,
        taker_amount=60,
        text=made.text,
        data=dict(made.data),
    )
    # the offer survives the table's snapshot as a message
    offer = Offer.model_validate_json(offer.model_dump_json())
    assert offer.text == made.text
    lines = [describe(offer)]
    while game.outcome is None:  # everyone pays: the hand plays out
        if not game.awaiting:
            game.apply(game.prima, DEAL)
            continue
        seat = game.awaiting[0]
        game.apply(seat, game.legal_actions(seat)[0])
    for kind, seat in (("fuerza", fuerza.seat), ("seguro", seguro.seat), ("fuerza", (fuerza.seat + 1) % 3)):
        result = sides.settle(game, kind, seat, 30, 60 if kind == "fuerza" else 0, {})
        assert isinstance(result.text, Msg)
        said.append(result.text)
        lines.append(describe(offer.model_copy(update={"status": "settled", "result": result.text})))
    for code in [*OTHERS, PSEUDO]:
        say = lang(code)
        for text in said:
            if isinstance(text, str):  # a hint with no words ("1:1")
                assert not LATIN_WORD.search(text), text
                continue
            if code != PSEUDO:
                assert all(say.has(m) for m in messages(text)), (code, english(text))
                assert say(text) != english(text), (code, english(text))
        texts = [say(text, md=False) for text in [*said, *lines]]
        texts += component_texts(offer_menu(table, fuerzas + seguros, say))
        texts += component_texts(offer_form(table, fuerza, table.state.hand_no, say))
        texts += component_texts(offer_form(table, seguro, table.state.hand_no, say))
        if code == PSEUDO:
            for text in texts:
                assert not left_in_bets(text), f"{text!r} leaves {left_in_bets(text)} in English"


def test_the_details_list_of_house_bets_is_in_the_tables_language() -> None:
    """Item 1: the Details' list of house bets (each bet and its pick, and once settled its
    result) is drawn in the table's language, with no English word under `pseudo`; a bet
    saved before its words were messages still shows its plain text, escaped as before."""
    from bot.i18n import t as frame
    from bot.render import render_table
    from bot.tables.model import Wager
    from bot.tables.wagers import REFUNDED

    table, results = settled_bets(9)
    offers = bets_on_offer()
    prima = offers["prima"]
    crowns = dict(prima.picks)["crowns"]
    table.state.wagers = [
        Wager(
            user_id=41,
            name="Ⓧ",
            key="prima",
            pick="crowns",
            label=frame("{bet} · {pick}", bet=prima.label, pick=crowns),
            amount=7,
            returned=0,
            result=results[0],
        ),
        Wager(
            user_id=42,
            name="Ⓨ",
            key="alto",
            label=offers["alto"].label,
            amount=5,
            returned=5,
            result=REFUNDED,
        ),
        Wager(
            user_id=43, name="Ⓩ", key="medio", label="Conto Medio", amount=3, returned=0, result="lost *old*"
        ),
    ]
    # through the table's snapshot, as a restart reads it
    table.state = type(table.state).model_validate_json(table.state.model_dump_json())
    assert table.state.wagers[0].label == frame("{bet} · {pick}", bet=prima.label, pick=crowns)
    for code in [*LANGUAGES, PSEUDO]:
        table.state.language = code
        _, details = render_table(table)
        listed = next(field for field in details.fields if "<@41>" in (field.value or ""))
        lines = (listed.value or "").splitlines()
        assert "lost \\*old\\*" in lines[2], "an old plain result is escaped as it always was"
        if code == SOURCE:
            assert lines[0].startswith("<@41> · Prima · 🔴 Crowns · 7 → lost (first card ")
            assert lines[1] == "<@42> · Conto Alto · 5 → refunded"
        elif code == PSEUDO:
            for text in [listed.name or "", *lines[:2]]:
                assert not left_in_bets(text), f"{text!r} leaves {left_in_bets(text)} in English"
        else:
            assert "Crowns" not in lines[0] and "refunded" not in lines[1], (code, lines)


def bets_on_offer() -> dict[str, Any]:
    from bot.games.prima_carta.bets import OFFERS

    return {offer.key: offer for offer in OFFERS}

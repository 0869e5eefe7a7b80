"""The table in words for any game: public information only. The frame (title, status
line, seats, log, fairness footer) is the same for every game; the hand in play is drawn
by the game's own plug-in. The table message itself is laid out in `bot.table_layout`,
which answers its Details button with this embed."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.base import game_sides
from bot.games.results import between_hands, signed
from bot.games.view import TableView
from bot.i18n import Join, Lang, Markup, Text, lang, level_name, t, tn
from bot.ratings import ranks
from bot.tables import Phase, Table
from bot.tables.fair import CLICK, PLAY, hand_name
from bot.tables.hints import Given, level
from bot.tables.model import DealMix
from bot.tables.offers import describe
from bot.tables.ratings import seat_rating
from bot.tables.timing import UNATTENDED_DEALS
from bot.ui import plain
from engine.core.msg import Msg

ENGLISH = lang("en")

COLOURS = {
    Phase.LOBBY: discord.Colour.blurple(),
    Phase.PLAYING: discord.Colour.gold(),
    Phase.BETWEEN: discord.Colour.dark_green(),
    Phase.CLOSED: discord.Colour.dark_grey(),
}


def table_title(table: Table, say: Lang) -> str:
    """The game, the table and its stake: "Primiera · table #12 · stake 10"."""
    return say(
        t(
            "{game} · table #{table} · stake {stake}",
            game=table.plugin.name,
            table=table.id,
            stake=table.state.stake,
        )
    )


def render_table(table: Table, say: Lang | None = None) -> tuple[str | None, discord.Embed]:
    """The public table in detail, as an embed (and a content line): what the Details
    button shows (less its log), and what the table message was before issue 23; in `say`'s
    language (the member who asked), by default the table's."""
    state = table.state
    say = table.lang if say is None else say
    embed = discord.Embed(title=table_title(table, say), colour=COLOURS[state.phase])
    game = table.game
    view = table.view(say) if game is not None else None  # built once: the fields and the status read it
    if game is not None and view is not None:
        table.plugin.table_fields(view, game, embed)
    if state.wagers:
        embed.add_field(name=_wagers_title(table, say), value=wagers_text(table, say=say), inline=False)
    if state.offers:
        lines = [say(describe(offer)) for offer in state.offers[-8:]]
        while len("\n".join(lines)) > FIELD_LIMIT:
            lines = lines[1:]
        embed.add_field(name=say(t("Side bets")), value="\n".join(lines), inline=False)
    if state.phase is not Phase.PLAYING:
        name = t("Seated for the next hand") if game is not None else t("Seats")
        embed.add_field(name=say(name), value=_seat_lines(table, say) or say(t("Nobody yet.")), inline=False)
    embed.description = _status(table, view, say)
    if table.game_over:  # the end of a score game: its final standings above the status
        embed.description = "\n".join([*final_standings(table, say), embed.description])
    if state.phase is not Phase.PLAYING and game is not None and view is not None:
        embed.description = between_hands(table.plugin.hand_result(view, game), embed.description, say)
    hints = hints_line(table)
    if hints:
        embed.add_field(name=say(t("Hints")), value=say(hints), inline=False)
    if state.log:
        embed.add_field(name=say(LOG_TITLE), value=log_text(state.log, say=say), inline=False)
    # Footers show text as typed (no markdown), so the host's name goes in raw.
    host = next((seat.name for seat in state.seats if seat.user_id == state.host_id), "—")
    footer = say(t("Host: {host} · v{version}", host=host, version=state.version), md=False)
    if game is not None:
        footer += "\n" + say(fairness_line(game.commitment, getattr(game.view(None), "seed", None)), md=False)
    footer += "".join(f"\n{say(line, md=False)}" for line in seed_lines(table))
    embed.set_footer(text=footer[:FOOTER_LIMIT])
    return None, embed


LOG_TITLE = t("Table log")
"""The name of the log's field in Details (which the Details button leaves out)."""


FIELD_LIMIT = 1024  # Discord's limit for an embed field's value
FOOTER_LIMIT = 2048  # ... and for its footer


def fairness_line(commitment: str, seed: int | None) -> Text:
    """The deck commitment in plain words: what it is, and how the seed proves it."""
    if seed is None:
        return t(
            "Fair deal: the deck was locked before play (fingerprint {commitment}); "
            "the seed that proves it appears when the hand ends.",
            commitment=Markup(commitment[:16]),
        )
    return t(
        "Fair deal: the deck was locked before play (fingerprint {commitment}); "
        "the seed {seed} rebuilds it, so anyone can check the cards weren't changed.",
        commitment=Markup(commitment[:16]),
        seed=Markup(str(seed)),
    )


def hints_line(table: Table) -> Text | None:
    """What a table that allows hints says of them (the lobby's lines, Details): what the
    Hint button does, and that the table is not rated; None at a table without hints."""
    if not table.state.hints:
        return None
    chosen = level(table)
    if chosen is None:  # (a game whose strongest computer no longer says why)
        return t("💡 Hints allowed, but this game's computers can't explain their moves. Not rated.")
    return t(
        "💡 Hints allowed: on your turn **Hint** shows the {level} computer's move and why. Not rated.",
        level=level_name(chosen),
    )


def hint_text(given: Given) -> Text:
    """A learner's hint as its member reads it, privately (names escaped)."""
    return t(
        "💡 **Hint** · the {level} computer would play **{move}**.\n{reason}\n"
        "-# Only you see this, and nothing has been played: the move is yours to make.",
        level=level_name(given.level),
        move=given.move,
        reason=given.reason,
    )


def seed_lines(table: Table) -> list[Text]:
    """Where the deck seed came from (bot/tables/fair.py), in plain words: during a hand the
    server seed's commitment and what the deal mixed in (the seed stays secret); after it,
    the server seed and how to check it all; and the next deal's commitment, once locked."""
    state, mix, lines = table.state, table.state.deal_mix, list[Text]()
    if mix is not None and table.game is not None:
        hand = Markup(hand_name(table.id, state.hand_no))
        if state.phase is Phase.PLAYING:
            lines.append(
                t(
                    "Its seed mixes the server's seed, locked before the deal (SHA-256 {commitment}…), "
                    "with {mixed}; /verify {hand} checks it all once the hand is over.",
                    commitment=Markup(mix.commitment[:16]),
                    mixed=_mixed(mix),
                    hand=hand,
                )
            )
        else:
            lines.append(
                t(
                    "Hand {hand}'s server seed was {seed} (SHA-256 {commitment}…), "
                    "mixed with {mixed}: /verify {hand} checks it all.",
                    hand=hand,
                    seed=Markup(mix.server_seed),
                    commitment=Markup(mix.commitment[:16]),
                    mixed=_mixed(mix),
                )
            )
    if state.seed_lock is not None:
        lines.append(
            t(
                "Next deal: the server's seed is locked (SHA-256 {commitment}…); the deal "
                "mixes it with the click that deals and the players' own seeds (/fair).",
                commitment=Markup(state.seed_lock.commitment[:16]),
            )
        )
    return lines


def _mixed(mix: DealMix) -> Text:
    """What a deal mixed into the server seed, in words."""
    ids = Markup(", ".join(str(i) for i in mix.interactions))
    started = {
        CLICK: t("the click that dealt it (Discord id {ids})", ids=ids),
        PLAY: t("the /play that dealt it at once (Discord id {ids}, known when the seed was drawn)", ids=ids),
    }.get(mix.started, t("no click (the table's clock dealt it)"))
    names = [member.name for member in mix.members]
    if names:
        return t("{started} and the own seeds of {names}", started=started, names=Join(names))
    return t("{started} and no player's own seed", started=started)


def log_line(line: Text, say: Lang) -> str:
    """One line of the table log as `say`'s reader reads it (names escaped): a message in
    their language, or a line kept in English (before issue 26, or a game not converted)."""
    return plain(line) if isinstance(line, str) else say(line)


def log_text(lines: list[Text] | tuple[Text, ...], limit: int = FIELD_LIMIT, say: Lang = ENGLISH) -> str:
    """The newest log lines that fit in one embed field, whole lines only, names escaped,
    in `say`'s language. A single line longer than the field (never expected) is cut at a
    word, with "…"."""
    shown: list[str] = []
    size = 0
    for line in reversed(lines):
        text = log_line(line, say)
        size += len(text) + (1 if shown else 0)
        if size > limit:
            break
        shown.append(text)
    if not shown and lines:
        shown = [log_line(lines[-1], say)[: limit - 1].rsplit(" ", 1)[0] + "…"]
    return "\n".join(reversed(shown))


def turn_prompt(table: Table, fresh: set[int] | None = None) -> str:
    """The ping for the member(s) to act, in the table's language: public, so it names no
    hidden card. It ends with a jump link to the table message, which may have scrolled far
    up the channel."""
    assert table.game is not None
    view = table.view()
    text = table.plugin.prompt(view, table.game, fresh or set())
    link = table_link(table)
    return (
        view.lang(t("{prompt}\nGo to the table: {link}", prompt=Markup(text), link=Markup(link)))
        if link
        else text
    )


def table_link(table: Table) -> str | None:
    """The jump link to the table message (None before it is posted)."""
    state = table.state
    if state.message_id is None:
        return None
    return f"https://discord.com/channels/{state.guild_id}/{state.channel_id}/{state.message_id}"


def final_standings(table: Table, say: Lang | None = None) -> list[str]:
    """The end of a score game (docs/RULES.md, "Scores that finish"): its final standings,
    partners together, and each member's rating before and after the game; empty unless
    the hand just finished ended a game."""
    ended = table.match.last_result
    if not table.game_over or ended is None:
        return []
    say = table.lang if say is None else say
    state, game = table.state, table.game
    seats = {seat.choice: seat for seat in state.seats}
    engine = table.plugin.seat_names(game) if game is not None else ()
    played = {key: engine[index] for index, key in table.view().dealt.items() if index < len(engine)}

    def name(key: str) -> str:
        seat = seats.get(key)
        if seat is not None:
            return f"🤖 {plain(seat.name)}" if seat.is_computer else plain(seat.name)
        return plain(played.get(key, key))  # a seat with no member (a robot), or one since left

    standing = game_sides(table.match, ended)
    places = ranks(standing.scores)
    owed = any(score < 0 for score in standing.scores)  # chips that may be negative: signed
    parts = [
        f"{places[i]}. {' & '.join(name(key) for key in standing.sides[i])} "
        + (signed(int(standing.scores[i]), say) if owed else say.number(int(standing.scores[i])))
        for i in sorted(range(len(places)), key=lambda i: places[i])
    ]
    lines = [say(t("🏆 Final standings: {standings}", standings=Markup(" · ".join(parts))))]
    changes = [
        f"{name(choice)} {say.number(after)} ({signed(after - before, say)})"
        for choice, (before, after) in state.rated_game.items()
        if choice in seats and not seats[choice].is_computer
    ]
    if changes:
        lines.append(say(t("Ratings: {changes}", changes=Markup(" · ".join(changes)))))
    return lines


PLACES = (t("first"), t("second"), t("third"), t("fourth"), t("fifth"), t("sixth"))


def game_end_note(table: Table, index: int, say: Lang | None = None) -> str:
    """What the hand panel of the member in table seat `index` adds when the hand ended a
    score game: where they (or their side) finished and their rating before and after the
    game; "" otherwise."""
    ended = table.match.last_result
    if not table.game_over or ended is None:
        return ""
    say = table.lang if say is None else say
    seat = table.state.seats[index]
    standing = game_sides(table.match, ended)
    places = ranks(standing.scores)
    side = next((i for i, keys in enumerate(standing.sides) if seat.choice in keys), None)
    if side is None:
        return ""
    place = PLACES[places[side] - 1] if places[side] <= len(PLACES) else t("number {n}", n=places[side])
    shared = places.count(places[side]) > 1
    sides = len(standing.sides)
    if len(standing.sides[side]) > 1:
        note = (
            t(
                "🏆 The game is over: your side finishes {place} (shared) of {sides}.",
                place=place,
                sides=sides,
            )
            if shared
            else t("🏆 The game is over: your side finishes {place} of {sides}.", place=place, sides=sides)
        )
    else:
        note = (
            t("🏆 The game is over: you finish {place} (shared) of {sides}.", place=place, sides=sides)
            if shared
            else t("🏆 The game is over: you finish {place} of {sides}.", place=place, sides=sides)
        )
    text = say(note)
    change = table.state.rated_game.get(seat.choice)
    if change is not None:
        before, after = change
        text += " " + say(
            t("Your rating: {after} ({change}).", after=after, change=Markup(signed(after - before, say)))
        )
    return text


def _status(table: Table, view: TableView | None, say: Lang | None = None) -> str:
    """The table's status in `say`'s language (by default the table's): the lobby's, between
    hands, closed, or the game's own while a hand is in play."""
    state = table.state
    say = table.lang if say is None else say
    if state.phase is Phase.LOBBY:
        need = table.seat_range[0] - len(state.seats)
        # a lone host can play at once against the computer: say so before "waiting"
        if table.plugin.seat_option:
            join = t("Press **Join** to take your {what}; the host starts the game.", what=seat_word(table))
        else:
            join = t("Press **Join** to sit down; the host starts the game.")
        if need > 0:
            # plural on `need`: the words around it agree with it ("ne manca 1", "ne mancano 2")
            lobby = tn(
                "**Lobby** — Add bot or wait for players ({n} more to start). {join}",
                "**Lobby** — Add bot or wait for players ({n} more to start). {join}",
                n=need,
                join=join,
            )
        else:
            lobby = t("**Lobby** — ready to start. {join}", join=join)
        lines = [say(lobby)]
        options = table.plugin.describe_options(table.options, state.stake)
        if options:
            lines.append(f"{say(options)}.")
        hints = hints_line(table)
        if hints:
            lines.append(say(hints))
        return "\n".join(lines)
    if state.phase is Phase.BETWEEN:
        deal = t("New game") if table.game_over else t("Deal next hand")
        hand = state.hand_no
        if state.deadline is not None:
            due = Markup(discord.utils.format_dt(state.deadline, "R"))
        if state.deadline is not None and state.clock_deals >= UNATTENDED_DEALS:
            return say(
                tn(
                    "**Hand {hand} is over.** Nobody seated has played for {n} hand, so the table "
                    "waits: press **{deal}** to play on — it closes {due} otherwise.",
                    "**Hand {hand} is over.** Nobody seated has played for {n} hands, so the table "
                    "waits: press **{deal}** to play on — it closes {due} otherwise.",
                    n=state.clock_deals,
                    hand=hand,
                    deal=deal,
                    due=due,
                )
            )
        if state.deadline is not None and not table.humans:
            return say(
                t(
                    "**Hand {hand} is over.** Only computer players are seated: the table "
                    "closes {due} unless a member joins.",
                    hand=hand,
                    due=due,
                )
            )
        if state.deadline is not None and len(state.seats) >= table.seat_range[0] and table.game_over:
            return say(
                t(
                    "**The game is over.** A new game with the same seats starts {due} — press "
                    "**New game** to start it now, or **Leave**.",
                    due=due,
                )
            )
        if state.deadline is not None and len(state.seats) >= table.seat_range[0]:
            return say(
                t(
                    "**Hand {hand} is over.** The next hand is dealt {due} — or press **Deal next hand**.",
                    hand=hand,
                    due=due,
                )
            )
        need = table.seat_range[0] - len(state.seats)
        if need > 0:
            return say(
                tn(
                    "**Hand {hand} is over.** Add bot or wait for players ({n} more to deal).",
                    "**Hand {hand} is over.** Add bot or wait for players ({n} more to deal).",
                    hand=hand,
                    n=need,
                )
            )
        return say(t("**Hand {hand} is over.** Waiting for players to deal the next hand.", hand=hand))
    if state.phase is Phase.CLOSED:
        return say(CLOSED)
    assert table.game is not None and view is not None
    status = table.plugin.status(view, table.game)
    pause = table.turn().pause
    if pause is not None and state.deadline is not None:
        status += f"\n⏳ {say(pause.label)} {discord.utils.format_dt(state.deadline, 'R')}."
    if table.house_bets is not None:
        status += "\n" + say(
            t("Bets are open: anyone not seated may press **Bet** to bet against the house.")
        )
    return status


CLOSED = t("**Closed.** Open a new table with /play.")


def seat_word(table: Table) -> Text:
    """What a game's seat is called where a member picks one (in a game whose seats are suits: the suit)."""
    option = table.plugin.seat_option or ""
    return SEAT_WORDS.get(option, option)


SEAT_WORDS: dict[str, Text] = {"suit": t("suit"), "seat": t("seat")}


def _wagers_title(table: Table, say: Lang) -> str:
    wagers = table.state.wagers
    total = sum(w.amount for w in wagers)
    bets = tn("{n} bet", "{n} bets", n=len(wagers))
    chips = tn("{n} chip", "{n} chips", n=total)
    if any(w.returned is None for w in wagers):
        return say(t("House bets in play · {bets}, {chips}", bets=bets, chips=chips))
    return say(t("House bets settled · {bets}, {chips}", bets=bets, chips=chips))


def _words(say: Lang, text: Text) -> str:
    """A bet's words: a message in the table's language; a plain string (saved before the
    words were messages) escaped as it always was."""
    return say(text) if isinstance(text, Msg) else plain(text)


def wagers_text(table: Table, shown: int = 12, limit: int = FIELD_LIMIT, say: Lang | None = None) -> str:
    """The onlookers' bets, one line each (who, on what, how much; and once settled, the
    result), the newest `shown`, within one embed field; the rest summed up in one line."""
    say = table.lang if say is None else say
    wagers = table.state.wagers
    lines = []
    for wager in wagers:
        line = f"<@{wager.user_id}> · {_words(say, wager.label)} · {say.number(wager.amount)}"
        if wager.returned is not None:
            line += f" → {_words(say, wager.result)}"
        lines.append(line)
    kept = lines[-shown:]
    while kept and len("\n".join(kept)) > limit - 60:
        kept = kept[1:]
    hidden = len(lines) - len(kept)
    if hidden:
        earlier = sum(w.amount for w in wagers[:hidden])
        kept.insert(
            0,
            say(
                tn(
                    "…and {n} earlier bet ({chips})",
                    "…and {n} earlier bets ({chips})",
                    n=hidden,
                    chips=tn("{n} chip", "{n} chips", n=earlier),
                )
            ),
        )
    return "\n".join(kept)


def _seat_lines(table: Table, say: Lang | None = None) -> str:
    state = table.state
    say = table.lang if say is None else say
    lines = []
    for seat in state.seats:
        if seat.is_computer:
            who = say(t("🤖 {name} · {level}", name=seat.name, level=level_name(seat.level)))
        elif seat.user_id == table.state.host_id:
            who = say(t("{member} (host)", member=Markup(seat.mention)))
        else:
            who = seat.mention
        stack = state.stacks.get(seat.choice)
        # A game played without stacks (a buy-in of 0) keeps none worth showing.
        stacked = stack is not None and bool(table.plugin.buy_in(state.stake, table.options))
        chips = say(t(" · stack {n}", n=stack)) if stacked and stack is not None else ""
        rating = seat_rating(table, seat)
        rated = say(t(" · rating {n}", n=rating)) if rating is not None else ""
        label = say(table.plugin.choice_label(seat.choice))
        lines.append(f"**{label}** — {who}{chips}{rated}")
    return "\n".join(lines)


def rules_embed(plugin: Any, say: Lang = ENGLISH) -> discord.Embed:
    """/rules and the lobby's Rules button: the game's rules in brief, in our own words."""
    return discord.Embed(
        title=say(t("How to play {game}", game=plugin.name)),
        description=say(rules_text(plugin, say.code)),
        colour=discord.Colour.dark_gold(),
    )


def rules_text(plugin: Any, code: str) -> Text:
    """A game's full rules in language `code`: its own text in that language where it has
    one (`rules_in`), else its English."""
    texts = getattr(plugin, "rules_in", None) or {}
    return str(texts.get(code, plugin.rules))

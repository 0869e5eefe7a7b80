"""`python -m bot sandbox`: the real bot in a card room of its own, shown in the browser.

The bot is built by the same `create_bot` as on Discord, with the same cogs, table service
and SQLite store (on a database file of the sandbox's own); SimCord plays Discord for it in
the same process (one server, a card-room channel, a few members), and SimCord's preview
shows that channel in a local page, as the member the page picks would see it on Discord.
Nothing here is a code path of the bot: the sandbox only builds the room around it
(`room.py`), keeps every open page showing the channel as it is now (`live.py`), and
refuses a configuration that is not a sandbox's (`config.py`); `main.py` is the command.
"""

"""What the bot must be allowed in a channel to run a table there (`/play`), and the sentence
that says what it lacks."""

from __future__ import annotations

from typing import Any

from bot.i18n import Join, Msg, t

#: what the bot must be allowed in a channel to run a table there
NEEDED = {
    "view_channel": t("view this channel"),
    "send_messages": t("send messages"),
    "embed_links": t("embed links"),
}
#: ...in a thread, where posting is its own permission
NEEDED_IN_THREAD = {
    "view_channel": t("view this channel"),
    "send_messages_in_threads": t("send messages in threads"),
    "embed_links": t("embed links"),
}
#: ...and in a channel where it opens a thread for the table
NEEDED_FOR_THREAD = {
    **NEEDED,
    "create_public_threads": t("create public threads"),
    "send_messages_in_threads": t("send messages in threads"),
}


def refusal(permissions: Any, *, new_thread: bool, in_thread: bool) -> Msg | None:
    """Why the bot can't run a table here with `permissions` (the interaction's
    `app_permissions`), or None if it can."""
    needed = NEEDED_FOR_THREAD if new_thread else NEEDED_IN_THREAD if in_thread else NEEDED
    missing = [what for name, what in needed.items() if not getattr(permissions, name)]
    if not missing:
        return None
    allowed = Join(missing, "or")
    if new_thread:
        return t(
            "I can't run a table thread in this channel: I'm not allowed to {missing} here. "
            "Ask a server admin to give me those permissions, or use another channel.",
            missing=allowed,
        )
    return t(
        "I can't run a table in this channel: I'm not allowed to {missing} here. "
        "Ask a server admin to give me those permissions, or use another channel.",
        missing=allowed,
    )

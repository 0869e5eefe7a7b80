"""``DATABASE_URL``: which database, and where."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

SQLITE_PREFIX = "sqlite:///"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


@dataclass(frozen=True, slots=True)
class DatabaseUrl:
    kind: Literal["sqlite", "postgresql"]
    url: str
    path: Path | None = None
    """The SQLite file (``sqlite:///data/ridotto.db`` is ``data/ridotto.db``, relative to the
    working directory; ``sqlite:////srv/r.db`` is ``/srv/r.db``)."""

    def shown(self) -> str:
        """The URL with any password hidden, for logs and sentences."""
        if self.kind == "sqlite":
            return self.url
        return hide_password(self.url)


def hide_password(url: str) -> str:
    scheme, sep, rest = url.partition("://")
    userinfo, at, host = rest.rpartition("@")
    if not at or ":" not in userinfo:
        return url
    return f"{scheme}{sep}{userinfo.split(':', 1)[0]}:***@{host}"


def sqlite_url(path: Path) -> DatabaseUrl:
    return DatabaseUrl("sqlite", f"{SQLITE_PREFIX}{path}", path)


def parse_url(url: str) -> DatabaseUrl:
    """The database a URL names; ValueError (a sentence naming DATABASE_URL) if none."""
    text = url.strip()
    if text.startswith(SQLITE_PREFIX):
        rest = text[len(SQLITE_PREFIX) :]
        if not rest or rest.endswith("/"):
            raise ValueError(
                f"DATABASE_URL {text!r} names no database file: write sqlite:///data/ridotto.db"
                " (relative) or sqlite:////srv/ridotto.db (absolute)"
            )
        return sqlite_url(Path(rest))
    if text.startswith(POSTGRES_SCHEMES):
        if text.startswith("postgres://"):  # asyncpg reads both; one spelling in logs
            text = "postgresql://" + text[len("postgres://") :]
        return DatabaseUrl("postgresql", text)
    scheme = text.partition(":")[0] if ":" in text else text
    raise ValueError(
        f"DATABASE_URL must start with sqlite:/// (a file) or postgresql:// (a server), not {scheme[:20]!r}"
    )

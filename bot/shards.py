"""Which guilds this bot process owns: the one place the shard rule is written.

Discord sends a guild's events and interactions to the shard `(guild_id >> 22) % shard_count`
(https://discord.com/developers/docs/topics/gateway#sharding). A process connects the shards
in `ids`, so it owns exactly the guilds of those shards: it restores, times and plays only
their tables. Every table belongs to one guild and every query is per guild, so the
processes never share a table, its lock or its clock.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, count: int) -> int:
    """The shard Discord sends `guild_id`'s events to, of `count` shards."""
    return (guild_id >> 22) % count


def parse_ids(text: str) -> tuple[int, ...]:
    """`0,1` or `0-3` or `0-3,8` as shard ids in the order given; ValueError with a sentence
    naming SHARD_IDS when the text is not such a list (a range backwards, a repeat)."""
    ids: list[int] = []
    for part in text.split(","):
        piece = part.strip()
        first, dash, last = piece.partition("-")
        try:
            low = int(first)
            high = int(last) if dash else low
        except ValueError:
            raise ValueError(
                f"SHARD_IDS must be shard numbers and ranges such as 0,1 or 0-3, not {text!r}"
            ) from None
        if low < 0:
            raise ValueError(f"SHARD_IDS cannot name a negative shard ({piece!r})")
        if high < low:
            raise ValueError(f"SHARD_IDS has an empty range {piece!r}: write the lower shard first")
        ids.extend(range(low, high + 1))
    repeated = sorted({shard for shard in ids if ids.count(shard) > 1})
    if repeated:
        raise ValueError(f"SHARD_IDS names shard {repeated[0]} more than once")
    return tuple(ids)


def cluster_ids(count: int, index: int, clusters: int) -> tuple[int, ...]:
    """The contiguous shard ids of cluster `index` of `clusters`: the shards split as evenly
    as they go, the first clusters taking one more when they don't divide (10 shards in 3
    clusters: 0-3, 4-6, 7-9)."""
    start = index * count // clusters
    end = (index + 1) * count // clusters
    return tuple(range(start, end))


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards this process connects. `count` None: Discord's recommended count, learnt at
    connection; `ids` None: every shard of the count. Either way the process owns them all."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    @property
    def everything(self) -> bool:
        """Whether this process owns every guild (one process for the whole bot)."""
        return self.ids is None or self.count is None or len(self.ids) == self.count

    def owns(self, guild_id: int) -> bool:
        """Whether `guild_id`'s tables are this process's to restore, time and play."""
        if self.everything:
            return True
        assert self.count is not None and self.ids is not None
        return shard_of(guild_id, self.count) in self.ids

    @property
    def first(self) -> bool:
        """Whether this process connects shard 0: the one that syncs slash commands unless
        SYNC_COMMANDS says otherwise (commands are the application's, not a shard's)."""
        return self.ids is None or 0 in self.ids

    def describe(self) -> str:
        if self.count is None:
            return "every shard (Discord's recommended count)"
        if self.ids is None or len(self.ids) == self.count:
            return f"every shard of {self.count}"
        return f"shard(s) {', '.join(map(str, self.ids))} of {self.count}"

"""SHARD_COUNT, SHARD_IDS, CLUSTER_INDEX/CLUSTER_COUNT and SYNC_COMMANDS: which shards a
process connects (and so which guilds it owns), and a sentence for each value it can't use."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import BadSettings, Settings, load
from bot.shards import Shards, shard_of

SHARD_SETTINGS = ("SHARD_COUNT", "SHARD_IDS", "CLUSTER_INDEX", "CLUSTER_COUNT", "SYNC_COMMANDS")
HEAD = "Ridotto's settings (.env or environment) have a problem:\n"


@pytest.fixture(autouse=True)
def clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No setting from the machine running the tests, and no `.env`."""
    for key in SHARD_SETTINGS:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)


def settings(monkeypatch: pytest.MonkeyPatch, **env: str) -> Settings:
    for key in SHARD_SETTINGS:
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return load(Settings)


def test_unset_one_process_owns_every_shard_and_syncs_the_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    read = settings(monkeypatch)
    assert read.shards == Shards(None, None)
    assert read.shards.everything and read.shards.owns(123 << 22) and read.syncs_commands


@pytest.mark.parametrize(
    ("ids", "owned"),
    [("0,1", (0, 1)), ("0-3", (0, 1, 2, 3)), ("5, 0-1", (5, 0, 1)), ("7", (7,))],
)
def test_shard_ids_are_a_list_of_numbers_and_ranges(
    monkeypatch: pytest.MonkeyPatch, ids: str, owned: tuple[int, ...]
) -> None:
    assert settings(monkeypatch, SHARD_COUNT="8", SHARD_IDS=ids).shards == Shards(8, owned)


@pytest.mark.parametrize(
    ("index", "owned"),
    [("0", (0, 1, 2)), ("1", (3, 4, 5)), ("2", (6, 7, 8, 9))],
)
def test_a_cluster_index_owns_a_contiguous_range_of_the_shards(
    monkeypatch: pytest.MonkeyPatch, index: str, owned: tuple[int, ...]
) -> None:
    read = settings(monkeypatch, SHARD_COUNT="10", CLUSTER_COUNT="3", CLUSTER_INDEX=index)
    assert read.shards == Shards(10, owned)


def test_the_clusters_share_every_shard_once(monkeypatch: pytest.MonkeyPatch) -> None:
    for count in range(1, 12):
        for clusters in range(1, count + 1):
            owned: list[int] = []
            for index in range(clusters):
                env = {"SHARD_COUNT": str(count), "CLUSTER_COUNT": str(clusters), "CLUSTER_INDEX": str(index)}
                ids = settings(monkeypatch, **env).shards.ids
                assert ids
                owned.extend(ids)
            assert owned == list(range(count))


def test_a_process_owns_exactly_the_guilds_of_its_shards() -> None:
    shards = Shards(4, (1, 3))
    guilds = [(n << 22) | 12345 for n in range(40)]
    assert [guild for guild in guilds if shards.owns(guild)] == [
        guild for guild in guilds if shard_of(guild, 4) in (1, 3)
    ]
    assert not shards.everything and not shards.first
    assert Shards(4, (0, 1, 2, 3)).everything and Shards(4, (3, 0)).first


def test_only_the_process_of_shard_0_syncs_the_commands_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    first = {"SHARD_COUNT": "4", "CLUSTER_COUNT": "2", "CLUSTER_INDEX": "0"}
    second = {**first, "CLUSTER_INDEX": "1"}
    assert settings(monkeypatch, **first).syncs_commands
    assert not settings(monkeypatch, **second).syncs_commands
    assert settings(monkeypatch, **second, SYNC_COMMANDS="true").syncs_commands
    assert not settings(monkeypatch, **first, SYNC_COMMANDS="false").syncs_commands
    assert not settings(monkeypatch, SHARD_COUNT="2", SHARD_IDS="1").syncs_commands


@pytest.mark.parametrize(
    ("env", "sentence"),
    [
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number of shards, 1 or more, or empty, not '0'."),
        (
            {"SHARD_COUNT": "two"},
            "SHARD_COUNT must be a whole number of shards, 1 or more, or empty, not 'two'.",
        ),
        ({"SHARD_IDS": "0,1"}, "SHARD_IDS needs SHARD_COUNT, the number of shards of the whole bot."),
        (
            {"SHARD_COUNT": "2", "SHARD_IDS": "0,2"},
            "SHARD_IDS names shard 2, but with SHARD_COUNT=2 the shards are 0 to 1.",
        ),
        (
            {"SHARD_COUNT": "4", "SHARD_IDS": "3-1"},
            "SHARD_IDS has an empty range '3-1': write the lower shard first.",
        ),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-2,2"}, "SHARD_IDS names shard 2 more than once."),
        (
            {"SHARD_COUNT": "4", "SHARD_IDS": "one"},
            "SHARD_IDS must be shard numbers and ranges such as 0,1 or 0-3, not 'one'.",
        ),
        (
            {"SHARD_COUNT": "4", "SHARD_IDS": "0,,1"},
            "SHARD_IDS must be shard numbers and ranges such as 0,1 or 0-3, not '0,,1'.",
        ),
        (
            {"SHARD_COUNT": "4", "SHARD_IDS": "0", "CLUSTER_INDEX": "0", "CLUSTER_COUNT": "2"},
            "SHARD_IDS and CLUSTER_INDEX/CLUSTER_COUNT both choose this process's shards:"
            " set one or the other.",
        ),
        (
            {"SHARD_COUNT": "4", "CLUSTER_INDEX": "0"},
            "CLUSTER_INDEX and CLUSTER_COUNT go together: set both, or neither.",
        ),
        (
            {"CLUSTER_INDEX": "0", "CLUSTER_COUNT": "2"},
            "CLUSTER_COUNT needs SHARD_COUNT, the number of shards the processes share.",
        ),
        (
            {"SHARD_COUNT": "4", "CLUSTER_INDEX": "2", "CLUSTER_COUNT": "2"},
            "CLUSTER_INDEX must be below CLUSTER_COUNT (2): the processes are 0 to 1.",
        ),
        (
            {"SHARD_COUNT": "2", "CLUSTER_INDEX": "0", "CLUSTER_COUNT": "3"},
            "CLUSTER_COUNT (3) is more than SHARD_COUNT (2): some processes would have no shard.",
        ),
        ({"CLUSTER_INDEX": "-1"}, "CLUSTER_INDEX must be a whole number, 0 or more, or empty, not '-1'."),
        ({"SYNC_COMMANDS": "maybe"}, "SYNC_COMMANDS must be true or false, or empty, not 'maybe'."),
    ],
)
def test_each_bad_shard_setting_is_one_sentence_naming_it(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], sentence: str
) -> None:
    with pytest.raises(BadSettings) as refused:
        settings(monkeypatch, **env)
    assert str(refused.value) == f"{HEAD}  {sentence}"

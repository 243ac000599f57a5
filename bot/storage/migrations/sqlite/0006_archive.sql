-- 0006: the archive (past dailies played again, bot/service/archive.py) and period leaderboards.
-- games.kind gains 'archive': an own game with the puzzle number of a past daily, at most one
-- per player, server and puzzle. player_stats.mode gains 'archive', the archive's own bucket.
-- SQLite cannot change a CHECK, so games, guesses and hints (the children of games) are built
-- anew and copied, and player_stats likewise. The children are copied into tables that
-- reference games_new before the old tables go, so dropping games deletes nothing (foreign
-- keys are on: dropping a parent deletes its rows' children); renaming games_new to games then
-- rewrites the children's REFERENCES (SQLite >= 3.26). Every index is made again.
-- games_guild_finished serves the leaderboards by period (games of a server finished between
-- two instants).

CREATE TABLE games_new (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    owner_id      INTEGER,            -- NULL for a channel game
    scope         TEXT    NOT NULL CHECK (scope IN ('own', 'channel')),
    kind          TEXT    NOT NULL CHECK (kind IN ('daily', 'random', 'custom', 'archive')),
    puzzle_number INTEGER,            -- server-local day number: dailies and archive games
    answer        TEXT    NOT NULL CHECK (length(answer) = 5),
    hard_mode     INTEGER NOT NULL CHECK (hard_mode IN (0, 1)),
    status        TEXT    NOT NULL DEFAULT 'active'
                          CHECK (status IN ('active', 'won', 'lost', 'given_up')),
    setter_id     INTEGER,            -- who chose the word of a custom game
    solved_by     INTEGER,
    created_at    TEXT    NOT NULL,
    finished_at   TEXT,
    setter_mark   TEXT
                  CHECK (setter_mark IS NULL OR (setter_id IS NULL AND kind = 'custom')),
    CHECK ((scope = 'own') = (owner_id IS NOT NULL)),
    CHECK ((kind IN ('daily', 'archive')) = (puzzle_number IS NOT NULL)),
    CHECK (kind NOT IN ('daily', 'archive') OR scope = 'own'),
    CHECK ((status = 'active') = (finished_at IS NULL)),
    CHECK (solved_by IS NULL OR status = 'won')
);

CREATE TABLE guesses_new (
    game_id    INTEGER NOT NULL REFERENCES games_new (id) ON DELETE CASCADE,
    attempt    INTEGER NOT NULL CHECK (attempt BETWEEN 1 AND 6),
    player_id  INTEGER,               -- NULL once the player was forgotten
    word       TEXT    NOT NULL CHECK (length(word) = 5),
    feedback   TEXT    NOT NULL CHECK (length(feedback) = 5),
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, attempt)
) WITHOUT ROWID;

CREATE TABLE hints_new (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games_new (id) ON DELETE CASCADE,
    player_id  INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('letter', 'position', 'word')),
    value      TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);

INSERT INTO games_new (id, guild_id, channel_id, owner_id, scope, kind, puzzle_number, answer,
    hard_mode, status, setter_id, solved_by, created_at, finished_at, setter_mark)
SELECT id, guild_id, channel_id, owner_id, scope, kind, puzzle_number, answer, hard_mode,
    status, setter_id, solved_by, created_at, finished_at, setter_mark
FROM games;

INSERT INTO guesses_new (game_id, attempt, player_id, word, feedback, created_at)
SELECT game_id, attempt, player_id, word, feedback, created_at FROM guesses;

INSERT INTO hints_new (id, game_id, player_id, kind, value, created_at)
SELECT id, game_id, player_id, kind, value, created_at FROM hints;

DROP TABLE hints;
DROP TABLE guesses;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
ALTER TABLE guesses_new RENAME TO guesses;
ALTER TABLE hints_new RENAME TO hints;

CREATE UNIQUE INDEX games_one_active_own
    ON games (guild_id, channel_id, owner_id) WHERE scope = 'own' AND status = 'active';
CREATE UNIQUE INDEX games_one_active_channel
    ON games (guild_id, channel_id) WHERE scope = 'channel' AND status = 'active';
CREATE UNIQUE INDEX games_one_daily
    ON games (guild_id, owner_id, puzzle_number) WHERE kind = 'daily';
CREATE UNIQUE INDEX games_one_archive
    ON games (guild_id, owner_id, puzzle_number) WHERE kind = 'archive';
CREATE INDEX games_owner ON games (owner_id);
CREATE INDEX games_daily_day ON games (guild_id, puzzle_number) WHERE kind = 'daily';
CREATE INDEX games_channel_finished
    ON games (guild_id, channel_id, finished_at) WHERE status <> 'active';
CREATE INDEX games_guild_finished ON games (guild_id, finished_at) WHERE status <> 'active';
CREATE INDEX guesses_player ON guesses (player_id) WHERE player_id IS NOT NULL;
CREATE INDEX hints_game ON hints (game_id);
CREATE INDEX hints_player ON hints (player_id);

CREATE TABLE player_stats_new (
    guild_id        INTEGER NOT NULL,
    player_id       INTEGER NOT NULL,
    mode            TEXT    NOT NULL
                            CHECK (mode IN ('daily', 'practice', 'channel', 'archive')),
    played          INTEGER NOT NULL DEFAULT 0 CHECK (played >= 0),
    wins            INTEGER NOT NULL DEFAULT 0 CHECK (wins BETWEEN 0 AND played),
    dist_1          INTEGER NOT NULL DEFAULT 0 CHECK (dist_1 >= 0),
    dist_2          INTEGER NOT NULL DEFAULT 0 CHECK (dist_2 >= 0),
    dist_3          INTEGER NOT NULL DEFAULT 0 CHECK (dist_3 >= 0),
    dist_4          INTEGER NOT NULL DEFAULT 0 CHECK (dist_4 >= 0),
    dist_5          INTEGER NOT NULL DEFAULT 0 CHECK (dist_5 >= 0),
    dist_6          INTEGER NOT NULL DEFAULT 0 CHECK (dist_6 >= 0),
    current_streak  INTEGER NOT NULL DEFAULT 0 CHECK (current_streak >= 0),
    max_streak      INTEGER NOT NULL DEFAULT 0 CHECK (max_streak >= current_streak),
    last_win_day    INTEGER,          -- daily: puzzle number ending the current streak
    last_played_day INTEGER,
    PRIMARY KEY (guild_id, player_id, mode),
    CHECK (dist_1 + dist_2 + dist_3 + dist_4 + dist_5 + dist_6 = wins)
) WITHOUT ROWID;

INSERT INTO player_stats_new (guild_id, player_id, mode, played, wins, dist_1, dist_2, dist_3,
    dist_4, dist_5, dist_6, current_streak, max_streak, last_win_day, last_played_day)
SELECT guild_id, player_id, mode, played, wins, dist_1, dist_2, dist_3, dist_4, dist_5, dist_6,
    current_streak, max_streak, last_win_day, last_played_day
FROM player_stats;

DROP TABLE player_stats;
ALTER TABLE player_stats_new RENAME TO player_stats;
CREATE INDEX player_stats_player ON player_stats (player_id);

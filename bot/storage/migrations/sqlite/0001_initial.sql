-- 0001: games, guesses, hints, per-player statistics, server settings.
-- Ids are Discord snowflakes (they fit in SQLite's signed 64-bit INTEGER).
-- Times are ISO 8601 UTC text with microseconds ('2025-01-31T23:30:00.000000+00:00'),
-- so text order is time order.

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    owner_id      INTEGER,            -- NULL for a channel game
    scope         TEXT    NOT NULL CHECK (scope IN ('own', 'channel')),
    kind          TEXT    NOT NULL CHECK (kind IN ('daily', 'random', 'custom')),
    puzzle_number INTEGER,            -- server-local day number, dailies only
    answer        TEXT    NOT NULL CHECK (length(answer) = 5),
    hard_mode     INTEGER NOT NULL CHECK (hard_mode IN (0, 1)),
    status        TEXT    NOT NULL DEFAULT 'active'
                          CHECK (status IN ('active', 'won', 'lost', 'given_up')),
    setter_id     INTEGER,            -- who chose the word of a custom game
    solved_by     INTEGER,
    created_at    TEXT    NOT NULL,
    finished_at   TEXT,
    CHECK ((scope = 'own') = (owner_id IS NOT NULL)),
    CHECK ((kind = 'daily') = (puzzle_number IS NOT NULL)),
    CHECK (kind <> 'daily' OR scope = 'own'),
    CHECK ((status = 'active') = (finished_at IS NULL)),
    CHECK (solved_by IS NULL OR status = 'won')
);

-- At most one active own game per player and channel, one active channel game per channel,
-- one daily per player, server and day (whatever its status: a daily is never replayed).
CREATE UNIQUE INDEX games_one_active_own
    ON games (guild_id, channel_id, owner_id) WHERE scope = 'own' AND status = 'active';
CREATE UNIQUE INDEX games_one_active_channel
    ON games (guild_id, channel_id) WHERE scope = 'channel' AND status = 'active';
CREATE UNIQUE INDEX games_one_daily
    ON games (guild_id, owner_id, puzzle_number) WHERE kind = 'daily';
CREATE INDEX games_owner ON games (owner_id);

-- The primary key is the last line of defence against two guesses with one attempt number.
CREATE TABLE guesses (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    attempt    INTEGER NOT NULL CHECK (attempt BETWEEN 1 AND 6),
    player_id  INTEGER,               -- NULL once the player was forgotten
    word       TEXT    NOT NULL CHECK (length(word) = 5),
    feedback   TEXT    NOT NULL CHECK (length(feedback) = 5),
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, attempt)
) WITHOUT ROWID;

CREATE INDEX guesses_player ON guesses (player_id) WHERE player_id IS NOT NULL;

CREATE TABLE hints (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id  INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('letter', 'position', 'word')),
    value      TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);

CREATE INDEX hints_game ON hints (game_id);
CREATE INDEX hints_player ON hints (player_id);

-- One row per player, server and bucket. Updated in the transaction that finishes a game.
CREATE TABLE player_stats (
    guild_id        INTEGER NOT NULL,
    player_id       INTEGER NOT NULL,
    mode            TEXT    NOT NULL CHECK (mode IN ('daily', 'practice', 'channel')),
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

CREATE INDEX player_stats_player ON player_stats (player_id);

CREATE TABLE guild_settings (
    guild_id               INTEGER PRIMARY KEY,
    timezone               TEXT    NOT NULL DEFAULT 'UTC',
    results_channel_id     INTEGER,
    hints_in_channel_games INTEGER NOT NULL DEFAULT 1 CHECK (hints_in_channel_games IN (0, 1))
);

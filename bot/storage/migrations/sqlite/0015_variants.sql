-- 0015: a game's variant is data. Games and races keep their word length and attempts (every
-- game and race so far is of 5 letters in 6 attempts), and no CHECK names a length or a number
-- of attempts any more: the core checks words and attempts against the game's variant.
-- player_stats counts wins in up to 13 attempts (dist_1 ... dist_13), enough for the variant
-- with the most attempts planned (Octordle's 13), so a new variant needs no new migration.
-- SQLite cannot change a CHECK, so the tables are built anew and copied (as 0006 and 0012 did,
-- children before their parents are dropped: see 0006 why). The highest game id ever given
-- (sqlite_sequence, 0012) is carried over, and every index and the race trigger are made again.

CREATE TABLE games_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    owner_id      INTEGER,            -- NULL for a channel game
    scope         TEXT    NOT NULL CHECK (scope IN ('own', 'channel')),
    kind          TEXT    NOT NULL CHECK (kind IN ('daily', 'random', 'custom', 'archive')),
    puzzle_number INTEGER,            -- server-local day number: dailies and archive games
    answer        TEXT    NOT NULL,   -- the hidden word
    hard_mode     INTEGER NOT NULL CHECK (hard_mode IN (0, 1)),
    status        TEXT    NOT NULL DEFAULT 'active'
                          CHECK (status IN ('active', 'won', 'lost', 'given_up')),
    setter_id     INTEGER,            -- who chose the word of a custom game
    solved_by     INTEGER,
    created_at    TEXT    NOT NULL,
    finished_at   TEXT,
    setter_mark   TEXT
                  CHECK (setter_mark IS NULL OR (setter_id IS NULL AND kind = 'custom')),
    word_length   INTEGER NOT NULL CHECK (word_length >= 1),
    attempts      INTEGER NOT NULL CHECK (attempts >= 1),
    CHECK (length(answer) = word_length),
    CHECK ((scope = 'own') = (owner_id IS NOT NULL)),
    CHECK ((kind IN ('daily', 'archive')) = (puzzle_number IS NOT NULL)),
    CHECK (kind NOT IN ('daily', 'archive') OR scope = 'own'),
    CHECK ((status = 'active') = (finished_at IS NULL)),
    CHECK (solved_by IS NULL OR status = 'won')
);

CREATE TABLE guesses_new (
    game_id    INTEGER NOT NULL REFERENCES games_new (id) ON DELETE CASCADE,
    attempt    INTEGER NOT NULL CHECK (attempt >= 1),
    player_id  INTEGER,               -- NULL once the player was forgotten
    word       TEXT    NOT NULL,
    feedback   TEXT    NOT NULL CHECK (length(feedback) = length(word)),
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

CREATE TABLE races_new (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    starter_id  INTEGER,              -- NULL once the starter was forgotten
    answer      TEXT    NOT NULL,     -- the hidden word
    hard_mode   INTEGER NOT NULL CHECK (hard_mode IN (0, 1)),
    created_at  TEXT    NOT NULL,
    ends_at     TEXT    NOT NULL CHECK (ends_at > created_at),
    finished_at TEXT,
    end_reason  TEXT    CHECK (end_reason IN ('all_finished', 'time', 'ended')),
    message_id  INTEGER,              -- the live race message, once posted
    end_shown   INTEGER NOT NULL DEFAULT 0 CHECK (end_shown IN (0, 1)),
    join_window_ends_at TEXT
        CHECK (join_window_ends_at IS NULL OR join_window_ends_at BETWEEN created_at AND ends_at),
    word_length INTEGER NOT NULL CHECK (word_length >= 1),
    attempts    INTEGER NOT NULL CHECK (attempts >= 1),
    CHECK (length(answer) = word_length),
    CHECK ((finished_at IS NULL) = (end_reason IS NULL))
);

CREATE TABLE race_players_new (
    race_id     INTEGER NOT NULL REFERENCES races_new (id) ON DELETE CASCADE,
    player_id   INTEGER NOT NULL,
    joined_at   TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'active'
                        CHECK (status IN ('active', 'won', 'lost', 'given_up')),
    attempts    INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    hints       INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0),
    finished_at TEXT,
    place       INTEGER CHECK (place >= 1),
    PRIMARY KEY (race_id, player_id),
    CHECK ((status = 'active') = (finished_at IS NULL)),
    CHECK (place IS NULL OR status = 'won')
) WITHOUT ROWID;

CREATE TABLE race_guesses_new (
    race_id    INTEGER NOT NULL,
    player_id  INTEGER NOT NULL,
    attempt    INTEGER NOT NULL CHECK (attempt >= 1),
    word       TEXT    NOT NULL,
    feedback   TEXT    NOT NULL CHECK (length(feedback) = length(word)),
    created_at TEXT    NOT NULL,
    PRIMARY KEY (race_id, player_id, attempt),
    FOREIGN KEY (race_id, player_id) REFERENCES race_players_new (race_id, player_id)
        ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TABLE race_hints_new (
    id         INTEGER PRIMARY KEY,
    race_id    INTEGER NOT NULL,
    player_id  INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('letter', 'position', 'word')),
    value      TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    FOREIGN KEY (race_id, player_id) REFERENCES race_players_new (race_id, player_id)
        ON DELETE CASCADE
);

CREATE TABLE race_marks_new (
    race_id     INTEGER NOT NULL REFERENCES races_new (id) ON DELETE CASCADE,
    player_mark TEXT    NOT NULL,
    PRIMARY KEY (race_id, player_mark)
) WITHOUT ROWID;

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
    dist_7          INTEGER NOT NULL DEFAULT 0 CHECK (dist_7 >= 0),
    dist_8          INTEGER NOT NULL DEFAULT 0 CHECK (dist_8 >= 0),
    dist_9          INTEGER NOT NULL DEFAULT 0 CHECK (dist_9 >= 0),
    dist_10         INTEGER NOT NULL DEFAULT 0 CHECK (dist_10 >= 0),
    dist_11         INTEGER NOT NULL DEFAULT 0 CHECK (dist_11 >= 0),
    dist_12         INTEGER NOT NULL DEFAULT 0 CHECK (dist_12 >= 0),
    dist_13         INTEGER NOT NULL DEFAULT 0 CHECK (dist_13 >= 0),
    current_streak  INTEGER NOT NULL DEFAULT 0 CHECK (current_streak >= 0),
    max_streak      INTEGER NOT NULL DEFAULT 0 CHECK (max_streak >= current_streak),
    last_win_day    INTEGER,          -- daily: puzzle number ending the current streak
    last_played_day INTEGER,
    PRIMARY KEY (guild_id, player_id, mode),
    CHECK (dist_1 + dist_2 + dist_3 + dist_4 + dist_5 + dist_6 + dist_7 + dist_8 + dist_9
           + dist_10 + dist_11 + dist_12 + dist_13 = wins)
) WITHOUT ROWID;

INSERT INTO games_new (id, guild_id, channel_id, owner_id, scope, kind, puzzle_number, answer,
    hard_mode, status, setter_id, solved_by, created_at, finished_at, setter_mark, word_length,
    attempts)
SELECT id, guild_id, channel_id, owner_id, scope, kind, puzzle_number, answer, hard_mode,
    status, setter_id, solved_by, created_at, finished_at, setter_mark, 5, 6
FROM games;

-- The highest id ever given, not only the highest left (0012).
DELETE FROM sqlite_sequence WHERE name = 'games_new';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'games_new', max(seq) FROM sqlite_sequence WHERE name = 'games' HAVING count(*) > 0;

INSERT INTO guesses_new (game_id, attempt, player_id, word, feedback, created_at)
SELECT game_id, attempt, player_id, word, feedback, created_at FROM guesses;

INSERT INTO hints_new (id, game_id, player_id, kind, value, created_at)
SELECT id, game_id, player_id, kind, value, created_at FROM hints;

INSERT INTO races_new (id, guild_id, channel_id, starter_id, answer, hard_mode, created_at,
    ends_at, finished_at, end_reason, message_id, end_shown, join_window_ends_at, word_length,
    attempts)
SELECT id, guild_id, channel_id, starter_id, answer, hard_mode, created_at, ends_at,
    finished_at, end_reason, message_id, end_shown, join_window_ends_at, 5, 6
FROM races;

INSERT INTO race_players_new (race_id, player_id, joined_at, status, attempts, hints,
    finished_at, place)
SELECT race_id, player_id, joined_at, status, attempts, hints, finished_at, place
FROM race_players;

INSERT INTO race_guesses_new (race_id, player_id, attempt, word, feedback, created_at)
SELECT race_id, player_id, attempt, word, feedback, created_at FROM race_guesses;

INSERT INTO race_hints_new (id, race_id, player_id, kind, value, created_at)
SELECT id, race_id, player_id, kind, value, created_at FROM race_hints;

INSERT INTO race_marks_new (race_id, player_mark)
SELECT race_id, player_mark FROM race_marks;

INSERT INTO player_stats_new (guild_id, player_id, mode, played, wins, dist_1, dist_2, dist_3,
    dist_4, dist_5, dist_6, current_streak, max_streak, last_win_day, last_played_day)
SELECT guild_id, player_id, mode, played, wins, dist_1, dist_2, dist_3, dist_4, dist_5, dist_6,
    current_streak, max_streak, last_win_day, last_played_day
FROM player_stats;

DROP TABLE hints;
DROP TABLE guesses;
DROP TABLE games;
DROP TABLE race_hints;
DROP TABLE race_guesses;
DROP TABLE race_players;
DROP TABLE race_marks;
DROP TABLE races;
DROP TABLE player_stats;
ALTER TABLE games_new RENAME TO games;
ALTER TABLE guesses_new RENAME TO guesses;
ALTER TABLE hints_new RENAME TO hints;
ALTER TABLE races_new RENAME TO races;
ALTER TABLE race_players_new RENAME TO race_players;
ALTER TABLE race_guesses_new RENAME TO race_guesses;
ALTER TABLE race_hints_new RENAME TO race_hints;
ALTER TABLE race_marks_new RENAME TO race_marks;
ALTER TABLE player_stats_new RENAME TO player_stats;

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
CREATE UNIQUE INDEX races_one_active ON races (guild_id, channel_id) WHERE finished_at IS NULL;
CREATE INDEX races_guild ON races (guild_id);
CREATE INDEX races_end_unshown ON races (id) WHERE finished_at IS NOT NULL AND end_shown = false;
CREATE INDEX race_players_player ON race_players (player_id);
CREATE INDEX race_hints_player ON race_hints (race_id, player_id);
CREATE INDEX player_stats_player ON player_stats (player_id);

CREATE TRIGGER games_no_channel_game_in_a_race BEFORE INSERT ON games
WHEN NEW.scope = 'channel' AND EXISTS (SELECT 1 FROM races r WHERE r.guild_id = NEW.guild_id
    AND r.channel_id = NEW.channel_id AND r.finished_at IS NULL)
BEGIN
    SELECT RAISE(IGNORE);
END;

-- 0012: a game's id is never given again. Boards carry their game's id in their buttons, so a
-- board left in a channel must never come to mean another game: with a plain INTEGER PRIMARY
-- KEY, SQLite gives the highest id again once its row is gone ("forget me" deletes a player's
-- games), and a new game (someone's private daily, even) took the id of a public board's game.
-- AUTOINCREMENT keeps the highest id ever given in sqlite_sequence. (PostgreSQL's identity
-- columns never give an id twice.) Nothing records the ids deleted before this migration: the
-- sequence starts from the highest id still here, so ids deleted above it are given once more
-- (the service never plays a private game from a public board, whatever the ids).
-- The table is built anew with its children, as 0006 did (see there why in this order), and
-- every index and the race trigger (0007) are made again.

CREATE TABLE games_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
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

CREATE TRIGGER games_no_channel_game_in_a_race BEFORE INSERT ON games
WHEN NEW.scope = 'channel' AND EXISTS (SELECT 1 FROM races r WHERE r.guild_id = NEW.guild_id
    AND r.channel_id = NEW.channel_id AND r.finished_at IS NULL)
BEGIN
    SELECT RAISE(IGNORE);
END;

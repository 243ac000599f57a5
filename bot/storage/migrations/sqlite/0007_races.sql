-- 0006: races (/wordle race). One hidden word for a channel; each player who joins plays it
-- on their own board, kept here (never in games). A race is active while finished_at is NULL;
-- end_reason says why it ended. Places (1, 2, 2, 4...) go to the players who solved it, by
-- guesses then time from joining; race statistics are counted from race_players.
-- hints_in_races: whether /hint works in races (off by default; a hinted result is marked).
-- A channel game and a race never run in one channel at once: a race is refused by the store
-- where a channel game is active, and a channel game is left out (like a unique index would)
-- where a race is active, by the trigger below.

CREATE TABLE races (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    starter_id  INTEGER,              -- NULL once the starter was forgotten
    answer      TEXT    NOT NULL CHECK (length(answer) = 5),
    hard_mode   INTEGER NOT NULL CHECK (hard_mode IN (0, 1)),
    created_at  TEXT    NOT NULL,
    ends_at     TEXT    NOT NULL CHECK (ends_at > created_at),
    finished_at TEXT,
    end_reason  TEXT    CHECK (end_reason IN ('all_finished', 'time', 'ended')),
    message_id  INTEGER,              -- the live race message, once posted
    CHECK ((finished_at IS NULL) = (end_reason IS NULL))
);

CREATE UNIQUE INDEX races_one_active ON races (guild_id, channel_id) WHERE finished_at IS NULL;
CREATE INDEX races_guild ON races (guild_id);

CREATE TABLE race_players (
    race_id     INTEGER NOT NULL REFERENCES races (id) ON DELETE CASCADE,
    player_id   INTEGER NOT NULL,
    joined_at   TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'active'
                        CHECK (status IN ('active', 'won', 'lost', 'given_up')),
    attempts    INTEGER NOT NULL DEFAULT 0 CHECK (attempts BETWEEN 0 AND 6),
    hints       INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0),
    finished_at TEXT,
    place       INTEGER CHECK (place >= 1),
    PRIMARY KEY (race_id, player_id),
    CHECK ((status = 'active') = (finished_at IS NULL)),
    CHECK (place IS NULL OR status = 'won')
) WITHOUT ROWID;

CREATE INDEX race_players_player ON race_players (player_id);

CREATE TABLE race_guesses (
    race_id    INTEGER NOT NULL,
    player_id  INTEGER NOT NULL,
    attempt    INTEGER NOT NULL CHECK (attempt BETWEEN 1 AND 6),
    word       TEXT    NOT NULL CHECK (length(word) = 5),
    feedback   TEXT    NOT NULL CHECK (length(feedback) = 5),
    created_at TEXT    NOT NULL,
    PRIMARY KEY (race_id, player_id, attempt),
    FOREIGN KEY (race_id, player_id) REFERENCES race_players (race_id, player_id)
        ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TABLE race_hints (
    id         INTEGER PRIMARY KEY,
    race_id    INTEGER NOT NULL,
    player_id  INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('letter', 'position', 'word')),
    value      TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    FOREIGN KEY (race_id, player_id) REFERENCES race_players (race_id, player_id)
        ON DELETE CASCADE
);

CREATE INDEX race_hints_player ON race_hints (race_id, player_id);

ALTER TABLE guild_settings ADD COLUMN hints_in_races INTEGER NOT NULL DEFAULT 0
    CHECK (hints_in_races IN (0, 1));

CREATE TRIGGER games_no_channel_game_in_a_race BEFORE INSERT ON games
WHEN NEW.scope = 'channel' AND EXISTS (SELECT 1 FROM races r WHERE r.guild_id = NEW.guild_id
    AND r.channel_id = NEW.channel_id AND r.finished_at IS NULL)
BEGIN
    SELECT RAISE(IGNORE);
END;

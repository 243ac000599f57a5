-- 0006: races (/wordle race), as migrations/sqlite/0006_races.sql: one hidden word for a
-- channel, each player's board kept here (never in games), active while finished_at is NULL.
-- A channel game and a race never run in one channel at once: both the race's creation and
-- the trigger below take a transaction advisory lock on the channel, then look for the other.

CREATE TABLE races (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id    BIGINT      NOT NULL,
    channel_id  BIGINT      NOT NULL,
    starter_id  BIGINT,                   -- NULL once the starter was forgotten
    answer      TEXT        NOT NULL CHECK (char_length(answer) = 5),
    hard_mode   BOOLEAN     NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    ends_at     TIMESTAMPTZ NOT NULL CHECK (ends_at > created_at),
    finished_at TIMESTAMPTZ,
    end_reason  TEXT        CHECK (end_reason IN ('all_finished', 'time', 'ended')),
    message_id  BIGINT,                   -- the live race message, once posted
    CHECK ((finished_at IS NULL) = (end_reason IS NULL))
);

CREATE UNIQUE INDEX races_one_active ON races (guild_id, channel_id) WHERE finished_at IS NULL;
CREATE INDEX races_guild ON races (guild_id);

CREATE TABLE race_players (
    race_id     BIGINT      NOT NULL REFERENCES races (id) ON DELETE CASCADE,
    player_id   BIGINT      NOT NULL,
    joined_at   TIMESTAMPTZ NOT NULL,
    status      TEXT        NOT NULL DEFAULT 'active'
                            CHECK (status IN ('active', 'won', 'lost', 'given_up')),
    attempts    SMALLINT    NOT NULL DEFAULT 0 CHECK (attempts BETWEEN 0 AND 6),
    hints       INTEGER     NOT NULL DEFAULT 0 CHECK (hints >= 0),
    finished_at TIMESTAMPTZ,
    place       INTEGER     CHECK (place >= 1),
    PRIMARY KEY (race_id, player_id),
    CHECK ((status = 'active') = (finished_at IS NULL)),
    CHECK (place IS NULL OR status = 'won')
);

CREATE INDEX race_players_player ON race_players (player_id);

CREATE TABLE race_guesses (
    race_id    BIGINT      NOT NULL,
    player_id  BIGINT      NOT NULL,
    attempt    SMALLINT    NOT NULL CHECK (attempt BETWEEN 1 AND 6),
    word       TEXT        NOT NULL CHECK (char_length(word) = 5),
    feedback   TEXT        NOT NULL CHECK (char_length(feedback) = 5),
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (race_id, player_id, attempt),
    FOREIGN KEY (race_id, player_id) REFERENCES race_players (race_id, player_id)
        ON DELETE CASCADE
);

CREATE TABLE race_hints (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    race_id    BIGINT      NOT NULL,
    player_id  BIGINT      NOT NULL,
    kind       TEXT        NOT NULL CHECK (kind IN ('letter', 'position', 'word')),
    value      TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    FOREIGN KEY (race_id, player_id) REFERENCES race_players (race_id, player_id)
        ON DELETE CASCADE
);

CREATE INDEX race_hints_player ON race_hints (race_id, player_id);

ALTER TABLE guild_settings ADD COLUMN hints_in_races BOOLEAN NOT NULL DEFAULT false;

-- The lock key of a channel, shared with bot/storage/postgres/races.py.
CREATE FUNCTION wordle_race_channel_key(guild BIGINT, channel BIGINT) RETURNS BIGINT
    LANGUAGE sql IMMUTABLE
    AS $$ SELECT hashtextextended('wordle race ' || guild || ' ' || channel, 0) $$;

CREATE FUNCTION games_no_channel_game_in_a_race() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.scope = 'channel' THEN
        PERFORM pg_advisory_xact_lock(wordle_race_channel_key(NEW.guild_id, NEW.channel_id));
        IF EXISTS (SELECT 1 FROM races r WHERE r.guild_id = NEW.guild_id
                   AND r.channel_id = NEW.channel_id AND r.finished_at IS NULL) THEN
            RETURN NULL;
        END IF;
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER games_no_channel_game_in_a_race BEFORE INSERT ON games
    FOR EACH ROW EXECUTE FUNCTION games_no_channel_game_in_a_race();

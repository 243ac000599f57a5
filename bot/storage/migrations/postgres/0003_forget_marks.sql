-- 0003: what "forget me" keeps so that a forgotten player stays bound by the rules, with no
-- id: an anonymous mark (a keyed hash of the id, see bot/storage/rules.py) of a challenge's
-- setter on the game, and of every daily the player had started. The key is made here, once
-- (two random UUIDs: 244 random bits from the server's strong random source).

ALTER TABLE games ADD COLUMN setter_mark TEXT
    CHECK (setter_mark IS NULL OR (setter_id IS NULL AND kind = 'custom'));

CREATE TABLE played_dailies (
    guild_id      BIGINT  NOT NULL,
    puzzle_number INTEGER NOT NULL,
    player_mark   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_number, player_mark)
);

CREATE TABLE store_key (
    one BOOLEAN PRIMARY KEY DEFAULT true CHECK (one),
    key BYTEA   NOT NULL CHECK (length(key) = 32)
);

INSERT INTO store_key (one, key) VALUES (
    true,
    decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex')
);

-- 0015: a game's variant is data (PostgreSQL; the same change as
-- migrations/sqlite/0015_variants.sql). Games and races keep their word length and attempts
-- (every game and race so far is of 5 letters in 6 attempts; the columns then have no default:
-- the store always gives them), and no CHECK names a length or a number of attempts any more.
-- player_stats counts wins in up to 13 attempts (dist_1 ... dist_13), enough for the variant
-- with the most attempts planned (Octordle's 13), so a new variant needs no new migration.
-- The CHECKs to drop were made without names (0001, 0007): they are found in pg_constraint.

DO $$
DECLARE
    found record;
BEGIN
    FOR found IN
        SELECT conrelid::regclass AS tab, conname FROM pg_constraint
        WHERE contype = 'c' AND (
            (conrelid IN ('games'::regclass, 'races'::regclass)
                AND pg_get_constraintdef(oid) LIKE '%char_length(answer)%')
            OR (conrelid IN ('guesses'::regclass, 'race_guesses'::regclass)
                AND (pg_get_constraintdef(oid) LIKE '%attempt%'
                     OR pg_get_constraintdef(oid) LIKE '%char_length%'))
            OR (conrelid = 'race_players'::regclass
                AND pg_get_constraintdef(oid) LIKE '%attempts%')
            OR (conrelid = 'player_stats'::regclass
                AND pg_get_constraintdef(oid) LIKE '%dist_6%'
                AND pg_get_constraintdef(oid) LIKE '%wins%'))
    LOOP
        EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', found.tab, found.conname);
    END LOOP;
END
$$;

ALTER TABLE games
    ADD COLUMN word_length SMALLINT NOT NULL DEFAULT 5 CONSTRAINT games_word_length_check
        CHECK (word_length >= 1),
    ADD COLUMN attempts SMALLINT NOT NULL DEFAULT 6 CONSTRAINT games_attempts_check
        CHECK (attempts >= 1),
    ADD CONSTRAINT games_answer_length CHECK (char_length(answer) = word_length);
ALTER TABLE games ALTER COLUMN word_length DROP DEFAULT, ALTER COLUMN attempts DROP DEFAULT;

ALTER TABLE races
    ADD COLUMN word_length SMALLINT NOT NULL DEFAULT 5 CONSTRAINT races_word_length_check
        CHECK (word_length >= 1),
    ADD COLUMN attempts SMALLINT NOT NULL DEFAULT 6 CONSTRAINT races_attempts_check
        CHECK (attempts >= 1),
    ADD CONSTRAINT races_answer_length CHECK (char_length(answer) = word_length);
ALTER TABLE races ALTER COLUMN word_length DROP DEFAULT, ALTER COLUMN attempts DROP DEFAULT;

ALTER TABLE guesses
    ADD CONSTRAINT guesses_attempt_check CHECK (attempt >= 1),
    ADD CONSTRAINT guesses_feedback_length CHECK (char_length(feedback) = char_length(word));
ALTER TABLE race_guesses
    ADD CONSTRAINT race_guesses_attempt_check CHECK (attempt >= 1),
    ADD CONSTRAINT race_guesses_feedback_length
        CHECK (char_length(feedback) = char_length(word));
ALTER TABLE race_players ADD CONSTRAINT race_players_attempts_check CHECK (attempts >= 0);

ALTER TABLE player_stats
    ADD COLUMN dist_7 INTEGER NOT NULL DEFAULT 0 CHECK (dist_7 >= 0),
    ADD COLUMN dist_8 INTEGER NOT NULL DEFAULT 0 CHECK (dist_8 >= 0),
    ADD COLUMN dist_9 INTEGER NOT NULL DEFAULT 0 CHECK (dist_9 >= 0),
    ADD COLUMN dist_10 INTEGER NOT NULL DEFAULT 0 CHECK (dist_10 >= 0),
    ADD COLUMN dist_11 INTEGER NOT NULL DEFAULT 0 CHECK (dist_11 >= 0),
    ADD COLUMN dist_12 INTEGER NOT NULL DEFAULT 0 CHECK (dist_12 >= 0),
    ADD COLUMN dist_13 INTEGER NOT NULL DEFAULT 0 CHECK (dist_13 >= 0),
    ADD CONSTRAINT player_stats_distribution CHECK (
        dist_1 + dist_2 + dist_3 + dist_4 + dist_5 + dist_6 + dist_7 + dist_8 + dist_9
        + dist_10 + dist_11 + dist_12 + dist_13 = wins);

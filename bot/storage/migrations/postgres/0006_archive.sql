-- 0006: the archive (past dailies played again, bot/service/archive.py) and period leaderboards
-- (PostgreSQL; the same change as migrations/sqlite/0006_archive.sql).
-- games.kind gains 'archive': an own game with the puzzle number of a past daily, at most one
-- per player, server and puzzle. player_stats.mode gains 'archive', the archive's own bucket.
-- The CHECKs that name the kinds (and the mode's) were made without names in 0001 and 0003, so
-- they are found in pg_constraint and dropped, then made again, named.
-- games_guild_finished serves the leaderboards by period.

DO $$
DECLARE
    found record;
BEGIN
    FOR found IN
        SELECT conrelid::regclass AS tab, conname FROM pg_constraint
        WHERE contype = 'c' AND (
            (conrelid = 'games'::regclass AND pg_get_constraintdef(oid) LIKE '%kind%')
            OR (conrelid = 'player_stats'::regclass AND pg_get_constraintdef(oid) LIKE '%mode%'))
    LOOP
        EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', found.tab, found.conname);
    END LOOP;
END
$$;

ALTER TABLE games
    ADD CONSTRAINT games_kind_check
        CHECK (kind IN ('daily', 'random', 'custom', 'archive')),
    ADD CONSTRAINT games_puzzle_number_check
        CHECK ((kind IN ('daily', 'archive')) = (puzzle_number IS NOT NULL)),
    ADD CONSTRAINT games_puzzle_own_check
        CHECK (kind NOT IN ('daily', 'archive') OR scope = 'own'),
    ADD CONSTRAINT games_setter_mark_check
        CHECK (setter_mark IS NULL OR (setter_id IS NULL AND kind = 'custom'));

ALTER TABLE player_stats
    ADD CONSTRAINT player_stats_mode_check
        CHECK (mode IN ('daily', 'practice', 'channel', 'archive'));

CREATE UNIQUE INDEX games_one_archive
    ON games (guild_id, owner_id, puzzle_number) WHERE kind = 'archive';
CREATE INDEX games_guild_finished ON games (guild_id, finished_at) WHERE status <> 'active';

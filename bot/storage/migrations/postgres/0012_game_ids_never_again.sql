-- 0012: a game's id is never given again. Boards carry their game's id in their buttons, so a
-- board left in a channel must never come to mean another game. SQLite needed its games
-- table built anew for that (AUTOINCREMENT); here the identity column has always given each
-- id once, and this migration only says so where the schema is read. (A database restored
-- from a backup can still give again the ids given after that backup: the service keeps a
-- public board from ever playing a private game, whatever the ids.)

COMMENT ON COLUMN games.id IS
    'Given once by the identity column: boards carry it in their buttons (migration 0012).';

-- 0014: a race's join window. Until join_window_ends_at, everyone who joined having finished
-- does not end the race: it waits for more players (a player who joins alone and solves it at
-- once would otherwise end it before anyone else could join), and ends at the window's end if
-- nobody else joined. The bot sets it when it starts a race; races started before this
-- migration have none (it is their start).

ALTER TABLE races ADD COLUMN join_window_ends_at TEXT
    CHECK (join_window_ends_at IS NULL OR join_window_ends_at BETWEEN created_at AND ends_at);
UPDATE races SET join_window_ends_at = created_at;

-- 0018: statistics are kept per bucket and game variant. player_stats.mode is the key the core
-- makes (bot.core.stats.stats_key): the bucket alone for the classic game (English, 5 letters,
-- one board: every row so far, unchanged), else the bucket and the variant ('practice:es-5',
-- 'daily:en-5x4'). The CHECK that listed the buckets goes; the store keeps whatever key it is
-- given. SQLite cannot drop a CHECK, so the table is built anew and copied (as in 0015; it has
-- no children), and its index made again.

CREATE TABLE player_stats_new (
    guild_id        INTEGER NOT NULL,
    player_id       INTEGER NOT NULL,
    mode            TEXT    NOT NULL CHECK (mode <> ''),
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

INSERT INTO player_stats_new (guild_id, player_id, mode, played, wins, dist_1, dist_2, dist_3,
    dist_4, dist_5, dist_6, dist_7, dist_8, dist_9, dist_10, dist_11, dist_12, dist_13,
    current_streak, max_streak, last_win_day, last_played_day)
SELECT guild_id, player_id, mode, played, wins, dist_1, dist_2, dist_3, dist_4, dist_5, dist_6,
    dist_7, dist_8, dist_9, dist_10, dist_11, dist_12, dist_13, current_streak, max_streak,
    last_win_day, last_played_day
FROM player_stats;

DROP TABLE player_stats;
ALTER TABLE player_stats_new RENAME TO player_stats;
CREATE INDEX player_stats_player ON player_stats (player_id);

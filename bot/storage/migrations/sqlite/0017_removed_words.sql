-- 0017: words a server took out of its own answers. A row says that ``word`` of the pack
-- (language, word_length) is out of the server's answers for its puzzles removed_from up to
-- restored_from (excluded; NULL: not restored). Rows are history: a restore ends a removal
-- rather than deleting it, so the dailies of the days it counted stay as they were dealt
-- (bot.core.removed_words decides; the table only keeps what was decided).

CREATE TABLE removed_words (
    guild_id      INTEGER NOT NULL,
    language      TEXT    NOT NULL CHECK (language <> ''),
    word_length   INTEGER NOT NULL CHECK (word_length >= 1),
    word          TEXT    NOT NULL CHECK (word <> ''),
    removed_from  INTEGER NOT NULL,
    restored_from INTEGER CHECK (restored_from IS NULL OR restored_from > removed_from),
    PRIMARY KEY (guild_id, language, word_length, word, removed_from)
);

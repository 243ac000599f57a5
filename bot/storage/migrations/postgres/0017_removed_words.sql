-- 0017: words a server took out of its own answers (PostgreSQL; the same change as
-- migrations/sqlite/0017_removed_words.sql). A row says that ``word`` of the pack (language,
-- word_length) is out of the server's answers for its puzzles removed_from up to
-- restored_from (excluded; NULL: not restored). Rows are history: a restore ends a removal
-- rather than deleting it, so the dailies of the days it counted stay as they were dealt.

CREATE TABLE removed_words (
    guild_id      BIGINT   NOT NULL,
    language      TEXT     NOT NULL CONSTRAINT removed_words_language_check
                           CHECK (language <> ''),
    word_length   SMALLINT NOT NULL CONSTRAINT removed_words_word_length_check
                           CHECK (word_length >= 1),
    word          TEXT     NOT NULL CONSTRAINT removed_words_word_check CHECK (word <> ''),
    removed_from  INTEGER  NOT NULL,
    restored_from INTEGER  CONSTRAINT removed_words_restored_check
                           CHECK (restored_from IS NULL OR restored_from > removed_from),
    PRIMARY KEY (guild_id, language, word_length, word, removed_from)
);

-- 0016: a game's word pack is data (PostgreSQL; the same change as
-- migrations/sqlite/0016_packs.sql). Games and races keep the language of their pack beside
-- its word length (0015); every game and race so far is English (the column then has no
-- default: the store always gives it). guild_settings.language and word_length choose a
-- server's pack, NULL for the bot's default (English, 5 letters).

ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en'
    CONSTRAINT games_language_check CHECK (language <> '');
ALTER TABLE games ALTER COLUMN language DROP DEFAULT;
ALTER TABLE races ADD COLUMN language TEXT NOT NULL DEFAULT 'en'
    CONSTRAINT races_language_check CHECK (language <> '');
ALTER TABLE races ALTER COLUMN language DROP DEFAULT;
ALTER TABLE guild_settings
    ADD COLUMN language TEXT CONSTRAINT guild_settings_language_check CHECK (language <> ''),
    ADD COLUMN word_length SMALLINT
        CONSTRAINT guild_settings_word_length_check CHECK (word_length >= 1);

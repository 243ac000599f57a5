-- 0016: a game's word pack is data. Games and races keep the language of their pack beside
-- its word length (0015); every game and race so far is English. A server may choose the pack
-- of its games and its daily: guild_settings.language and word_length, NULL for the bot's
-- default (English, 5 letters). The store reads (language, length, attempts) back as the
-- pack's variant and refuses a pack this release does not ship.

ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language <> '');
ALTER TABLE races ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language <> '');
ALTER TABLE guild_settings ADD COLUMN language TEXT CHECK (language <> '');
ALTER TABLE guild_settings ADD COLUMN word_length INTEGER CHECK (word_length >= 1);

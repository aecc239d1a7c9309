-- Parlor schema, version 10: languages. A server may choose its language (NULL: the one its
-- Discord shows, guild_locale); each person's Discord locale as of their latest press or
-- command, so a reminder or a result DM sent without one is in their language, and the
-- language they chose with /language (NULL: automatic, from that locale).

ALTER TABLE guild_settings ADD COLUMN language TEXT;

CREATE TABLE user_languages (
    user_id     INTEGER PRIMARY KEY,
    locale      TEXT,
    chosen      TEXT,
    updated_at  REAL    NOT NULL
);

-- Parlor schema, version 10, PostgreSQL dialect of migrations/0010_languages.sql: a server's
-- chosen language and each person's latest Discord locale and chosen language.

ALTER TABLE guild_settings ADD COLUMN language TEXT;

CREATE TABLE user_languages (
    user_id     BIGINT  PRIMARY KEY,
    locale      TEXT,
    chosen      TEXT,
    updated_at  DOUBLE PRECISION NOT NULL
);

-- Parlor schema, version 4, PostgreSQL dialect of migrations/0004_decks.sql: players' saved
-- decks; same columns and rules.

CREATE TABLE user_decks (
    user_id     BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    code        TEXT    NOT NULL,
    created_at  DOUBLE PRECISION NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, game, name_key)
);

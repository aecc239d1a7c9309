-- Parlor schema, version 3, PostgreSQL dialect of migrations/0003_community.sql: ratings per
-- server and game, undo by consent; same columns and rules.

ALTER TABLE matches ADD COLUMN undo BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX matches_by_guild ON matches (guild_id, status, game, updated_at);

CREATE TABLE ratings (
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    ordinal     DOUBLE PRECISION NOT NULL,
    matches     INTEGER NOT NULL CHECK (matches >= 1),
    updated_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal DESC);

CREATE TABLE rated_matches (
    match_id  BIGINT  PRIMARY KEY REFERENCES matches (id),
    rated_at  DOUBLE PRECISION NOT NULL
);

CREATE TABLE undo_requests (
    match_id    BIGINT  PRIMARY KEY REFERENCES matches (id),
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    user_id     BIGINT  NOT NULL,
    version     INTEGER NOT NULL,
    accepted    TEXT    NOT NULL DEFAULT '[]',
    created_at  DOUBLE PRECISION NOT NULL
);

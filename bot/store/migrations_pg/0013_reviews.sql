-- Parlor schema, version 13, PostgreSQL dialect of migrations/0013_reviews.sql: a person's
-- post-game review of a finished match, kept so that pressing Review again answers at once.

CREATE TABLE reviews (
    match_id    BIGINT  NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL,
    body        TEXT    NOT NULL,
    created_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, seat)
);

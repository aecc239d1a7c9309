-- Parlor schema, version 14, PostgreSQL dialect of migrations/0014_review_claims.sql: who is
-- computing a post-game review, claimed until a time so that a dead process's claim lapses.

CREATE TABLE review_claims (
    match_id    BIGINT  NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL,
    owner       TEXT    NOT NULL,
    until       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, seat)
);

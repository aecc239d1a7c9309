-- Parlor schema, version 15, PostgreSQL dialect of migrations/0015_hints.sql: hints kept, so
-- pressing Hint again shows the same answers without working them out again, and one table of
-- claims (replacing review_claims) for the work two processes could start at once.

DROP TABLE review_claims;

CREATE TABLE claims (
    match_id    BIGINT  NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL,
    work        TEXT    NOT NULL,
    owner       TEXT    NOT NULL,
    until       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, seat, work)
);

CREATE TABLE hints (
    match_id    BIGINT  NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL,
    decision_id TEXT    NOT NULL,
    body        TEXT    NOT NULL,
    created_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, seat, decision_id)
);

-- Parlor schema, version 14, PostgreSQL dialect of migrations/0014_claims_and_hints.sql: hints
-- kept, so pressing Hint again shows the same answers without working them out again, and one
-- table of claims for the work two processes could start at once.

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

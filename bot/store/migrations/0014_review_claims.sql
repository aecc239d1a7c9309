-- Parlor schema, version 14: who is computing a post-game review. Several processes may serve
-- one bot (PostgreSQL), so "this review is already being prepared" lives here: a row claims
-- a seat's review for ``owner`` (a token of the claiming call) until ``until``; a claim whose
-- time has passed (its process died) may be taken over, and a finished one is deleted.

CREATE TABLE review_claims (
    match_id    INTEGER NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL,
    owner       TEXT    NOT NULL,
    until       REAL    NOT NULL,
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;

-- Parlor schema, version 12: round robin in pods of 3–4 (issue 29) and the season's end post
-- that a kill must not lose.

-- How many sit at an event's table: 2, or 3–4 for a round robin in pods (Aura, Zura).
ALTER TABLE events ADD COLUMN table_size INTEGER NOT NULL DEFAULT 2
    CHECK (table_size BETWEEN 2 AND 4);

-- Every seat of a pod (a table of 3–4; a two-player table has no rows here), in seat order
-- from 0; ``first_id`` and ``second_id`` of its pairing are seats 0 and 1. ``place`` is the
-- seat's placing once the pod is over (1 best, ties equal); it is written in the same
-- transaction as the pairing's score (seat 0's result against seat 1).
CREATE TABLE pairing_seats (
    event_id  INTEGER NOT NULL,
    round     INTEGER NOT NULL,
    table_no  INTEGER NOT NULL,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    user_id   INTEGER NOT NULL,
    place     INTEGER CHECK (place >= 1),
    PRIMARY KEY (event_id, round, table_no, seat),
    FOREIGN KEY (event_id, round, table_no) REFERENCES pairings (event_id, round, table_no)
) WITHOUT ROWID;

-- When a season's end was posted in its server (NULL: not yet, so a restart posts it).
-- Seasons that ended before this version count as posted.
ALTER TABLE seasons ADD COLUMN announced_at REAL;
UPDATE seasons SET announced_at = ended_at WHERE ended_at IS NOT NULL;

-- Parlor schema, version 12, PostgreSQL dialect of migrations/0012_pods_and_season_posts.sql:
-- pods of 3–4 and the season's end post; same columns and rules.

ALTER TABLE events ADD COLUMN table_size INTEGER NOT NULL DEFAULT 2
    CHECK (table_size BETWEEN 2 AND 4);

CREATE TABLE pairing_seats (
    event_id  BIGINT  NOT NULL,
    round     INTEGER NOT NULL,
    table_no  INTEGER NOT NULL,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    user_id   BIGINT  NOT NULL,
    place     INTEGER CHECK (place >= 1),
    PRIMARY KEY (event_id, round, table_no, seat),
    FOREIGN KEY (event_id, round, table_no) REFERENCES pairings (event_id, round, table_no)
);

ALTER TABLE seasons ADD COLUMN announced_at DOUBLE PRECISION;
UPDATE seasons SET announced_at = ended_at WHERE ended_at IS NOT NULL;

-- Parlor schema, version 2, PostgreSQL dialect of migrations/0002_clocks.sql: play-by-post
-- clocks (DESIGN §6), same columns and rules.

ALTER TABLE matches ADD COLUMN clock TEXT NOT NULL DEFAULT '{}';
ALTER TABLE matches ADD COLUMN paused_at DOUBLE PRECISION;
ALTER TABLE matches ADD COLUMN pause_votes TEXT NOT NULL DEFAULT '[]';
UPDATE matches
   SET clock = '{"absent":"ai","autopilots":3,"preset":"async","seconds":86400}'
 WHERE status IN ('lobby', 'active');

ALTER TABLE actions ADD COLUMN autopilot BOOLEAN NOT NULL DEFAULT FALSE;

ALTER TABLE deadlines ADD COLUMN held_at DOUBLE PRECISION;
DROP INDEX deadlines_by_next;
CREATE INDEX deadlines_running ON deadlines (next_at) WHERE held_at IS NULL;

CREATE TABLE seat_clocks (
    match_id    BIGINT  NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    autopilots  INTEGER NOT NULL DEFAULT 0 CHECK (autopilots >= 0),
    away_since  DOUBLE PRECISION,
    away_until  DOUBLE PRECISION,
    away_used   DOUBLE PRECISION NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat),
    CHECK ((away_since IS NULL) = (away_until IS NULL))
);
CREATE INDEX seat_clocks_away ON seat_clocks (away_until) WHERE away_until IS NOT NULL;

ALTER TABLE guild_settings ADD COLUMN clock_minutes INTEGER NOT NULL DEFAULT 60
    CHECK (clock_minutes > 0);
ALTER TABLE guild_settings ADD COLUMN away_days INTEGER NOT NULL DEFAULT 7
    CHECK (away_days >= 0);

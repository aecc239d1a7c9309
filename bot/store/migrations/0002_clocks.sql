-- Parlor schema, version 2: play-by-post clocks (DESIGN §6).

-- The match's clock as compact JSON ({} = untimed): preset, seconds per decision, what
-- happens to an absent player and after how many missed decisions. Pause state: when the
-- clocks were stopped by vote, and the seats voting to switch that state.
ALTER TABLE matches ADD COLUMN clock TEXT NOT NULL DEFAULT '{}';
ALTER TABLE matches ADD COLUMN paused_at REAL;
ALTER TABLE matches ADD COLUMN pause_votes TEXT NOT NULL DEFAULT '[]';
-- Unfinished matches from before clocks existed get the gentlest preset, so none hangs forever.
UPDATE matches
   SET clock = '{"absent":"ai","autopilots":3,"preset":"async","seconds":86400}'
 WHERE status IN ('lobby', 'active');

-- A move the AI made for an absent player when their clock ran out.
ALTER TABLE actions ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0
    CHECK (autopilot IN (0, 1));

-- A stopped clock (pause or time away) keeps its times and the moment it stopped; starting
-- again shifts due_at and next_at by the time it stood still. Only running clocks wake.
ALTER TABLE deadlines ADD COLUMN held_at REAL;
DROP INDEX deadlines_by_next;
CREATE INDEX deadlines_running ON deadlines (next_at) WHERE held_at IS NULL;

-- Per seat: decisions the AI made in a row for the player, and their time away.
CREATE TABLE seat_clocks (
    match_id    INTEGER NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    autopilots  INTEGER NOT NULL DEFAULT 0 CHECK (autopilots >= 0),
    away_since  REAL,
    away_until  REAL,
    away_used   REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat),
    CHECK ((away_since IS NULL) = (away_until IS NULL))
) WITHOUT ROWID;
CREATE INDEX seat_clocks_away ON seat_clocks (away_until) WHERE away_until IS NOT NULL;

-- Server defaults: the custom clock's minutes and the time away a player may take per match.
ALTER TABLE guild_settings ADD COLUMN clock_minutes INTEGER NOT NULL DEFAULT 60
    CHECK (clock_minutes > 0);
ALTER TABLE guild_settings ADD COLUMN away_days INTEGER NOT NULL DEFAULT 7
    CHECK (away_days >= 0);

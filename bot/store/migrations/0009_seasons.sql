-- Parlor schema, version 9: seasons — a server's ratings reset on a date its admins choose,
-- each finished season's final leaderboards kept.

-- A server's seasons, numbered from 1. The open one has ``ended_at`` NULL (at most one);
-- ``ends_at`` is when its ratings reset (NULL: no date chosen yet).
CREATE TABLE seasons (
    guild_id    INTEGER NOT NULL,
    number      INTEGER NOT NULL CHECK (number >= 1),
    started_at  REAL    NOT NULL,
    ends_at     REAL,
    ended_at    REAL,
    PRIMARY KEY (guild_id, number)
) WITHOUT ROWID;
CREATE UNIQUE INDEX seasons_open ON seasons (guild_id) WHERE ended_at IS NULL;
CREATE INDEX seasons_due ON seasons (ends_at) WHERE ended_at IS NULL;

-- A finished season's ratings as they stood when it ended (its final tables, per game).
CREATE TABLE season_ratings (
    guild_id  INTEGER NOT NULL,
    season    INTEGER NOT NULL,
    game      TEXT    NOT NULL,
    user_id   INTEGER NOT NULL,
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    ordinal   REAL    NOT NULL,
    matches   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, game, user_id),
    FOREIGN KEY (guild_id, season) REFERENCES seasons (guild_id, number)
) WITHOUT ROWID;

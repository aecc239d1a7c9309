-- Parlor schema, version 8: events (tournaments, DESIGN §10) — the event, its entrants, its
-- rounds and each round's pairings with their results.

-- One event of a server. ``status``: open (taking entrants), running, finished, cancelled.
-- ``rounds`` 0 means the format's default for the entrants at the start. ``round`` is the last
-- round opened (0 before the first). ``clock`` is the matches' clock
-- as JSON (see bot.match.clock); ``round_seconds`` how long a round runs before its
-- deadline. ``message_id``: the announcement; ``standings_id``: the standings post, edited
-- as results come in.
CREATE TABLE events (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER,
    organiser_id   INTEGER NOT NULL,
    game           TEXT    NOT NULL,
    format         TEXT    NOT NULL,
    rounds         INTEGER NOT NULL CHECK (rounds >= 0),
    best_of        INTEGER NOT NULL DEFAULT 1 CHECK (best_of >= 1),
    max_players    INTEGER NOT NULL CHECK (max_players >= 2),
    clock          TEXT    NOT NULL DEFAULT '{}',
    round_seconds  REAL    NOT NULL CHECK (round_seconds > 0),
    starts_at      REAL,
    status         TEXT    NOT NULL DEFAULT 'open'
                   CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    round          INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    message_id     INTEGER,
    standings_id   INTEGER,
    created_at     REAL    NOT NULL
);
CREATE INDEX events_by_guild ON events (guild_id, status);

-- Who entered; a player who drops keeps the row (``dropped_at``) so their games stand.
-- ``rating`` is the server's rating when they joined: it seeds round one.
CREATE TABLE entrants (
    event_id    INTEGER NOT NULL REFERENCES events (id),
    user_id     INTEGER NOT NULL,
    rating      REAL    NOT NULL DEFAULT 0,
    joined_at   REAL    NOT NULL,
    dropped_at  REAL,
    PRIMARY KEY (event_id, user_id)
) WITHOUT ROWID;

-- A round, written in the same transaction as its pairings: a round exists whole or not at
-- all, so a kill mid-pairing leaves nothing to pair twice.
CREATE TABLE rounds (
    event_id   INTEGER NOT NULL REFERENCES events (id),
    number     INTEGER NOT NULL CHECK (number >= 1),
    opened_at  REAL    NOT NULL,
    deadline   REAL    NOT NULL,
    closed_at  REAL,
    PRIMARY KEY (event_id, number)
) WITHOUT ROWID;

-- One table of a round (``second`` NULL: a bye), the match that plays it once opened, and
-- the first player's score (1, 0.5, 0) once it is over.
CREATE TABLE pairings (
    event_id   INTEGER NOT NULL,
    round      INTEGER NOT NULL,
    table_no   INTEGER NOT NULL CHECK (table_no >= 1),
    first_id   INTEGER NOT NULL,
    second_id  INTEGER,
    match_id   INTEGER REFERENCES matches (id),
    score      REAL    CHECK (score IN (0, 0.5, 1)),
    PRIMARY KEY (event_id, round, table_no),
    FOREIGN KEY (event_id, round) REFERENCES rounds (event_id, number)
) WITHOUT ROWID;
CREATE UNIQUE INDEX pairings_by_match ON pairings (match_id) WHERE match_id IS NOT NULL;

-- Per server: the role whose members may organise events besides those with Manage Events.
CREATE TABLE event_settings (
    guild_id           INTEGER PRIMARY KEY,
    organiser_role_id  INTEGER
);

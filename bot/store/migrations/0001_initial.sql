-- Parlor schema, version 1. Times are Unix seconds (REAL) from the service's clock.
-- JSON columns hold compact JSON text. Discord ids are INTEGER (snowflakes fit in 63 bits).

CREATE TABLE matches (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER,
    thread_id   INTEGER,
    game        TEXT    NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    options     TEXT    NOT NULL DEFAULT '{}',
    seed        INTEGER NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,
    state       TEXT,
    host_id     INTEGER,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);
CREATE INDEX matches_by_channel ON matches (channel_id, status);

CREATE TABLE seats (
    match_id  INTEGER NOT NULL REFERENCES matches (id),
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    user_id   INTEGER,
    is_ai     INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1)),
    ai_level  TEXT,
    dm_ok     INTEGER NOT NULL DEFAULT 1 CHECK (dm_ok IN (0, 1)),
    resigned  INTEGER NOT NULL DEFAULT 0 CHECK (resigned IN (0, 1)),
    PRIMARY KEY (match_id, seat),
    CHECK (is_ai = 1 OR user_id IS NOT NULL)
) WITHOUT ROWID;
CREATE UNIQUE INDEX seats_one_per_user ON seats (match_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- The action log: seed + these rows, replayed in seq order, rebuild the snapshot.
CREATE TABLE actions (
    match_id     INTEGER NOT NULL REFERENCES matches (id),
    seq          INTEGER NOT NULL CHECK (seq >= 1),
    seat         INTEGER NOT NULL,
    user_id      INTEGER,
    decision_id  TEXT    NOT NULL,
    action       TEXT    NOT NULL,
    at           REAL    NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
CREATE INDEX actions_by_decision ON actions (match_id, decision_id, seat);

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

-- Which Discord message shows what, so boards and prompts can be edited or disabled later.
CREATE TABLE messages (
    message_id   INTEGER PRIMARY KEY,
    match_id     INTEGER NOT NULL REFERENCES matches (id),
    kind         TEXT    NOT NULL,
    seat         INTEGER,
    channel_id   INTEGER NOT NULL,
    decision_id  TEXT,
    created_at   REAL    NOT NULL
);
CREATE INDEX messages_by_match ON messages (match_id, kind);

-- One clock per open decision of a seat; the scheduler wakes at next_at (reminder, warning,
-- expiry) and stage counts the steps already taken.
CREATE TABLE deadlines (
    match_id     INTEGER NOT NULL REFERENCES matches (id),
    decision_id  TEXT    NOT NULL,
    seat         INTEGER NOT NULL,
    due_at       REAL    NOT NULL,
    next_at      REAL    NOT NULL,
    stage        INTEGER NOT NULL DEFAULT 0,
    created_at   REAL    NOT NULL,
    PRIMARY KEY (match_id, decision_id, seat)
) WITHOUT ROWID;
CREATE INDEX deadlines_by_next ON deadlines (next_at);

CREATE TABLE guild_settings (
    guild_id          INTEGER PRIMARY KEY,
    use_threads       INTEGER NOT NULL DEFAULT 1 CHECK (use_threads IN (0, 1)),
    clock_preset      TEXT    NOT NULL DEFAULT 'async',
    allowed_channels  TEXT    NOT NULL DEFAULT '[]',
    updated_at        REAL    NOT NULL
);

CREATE TABLE results (
    match_id     INTEGER PRIMARY KEY REFERENCES matches (id),
    scores       TEXT    NOT NULL,
    placings     TEXT    NOT NULL,
    reason       TEXT    NOT NULL,
    detail       TEXT    NOT NULL DEFAULT '',
    finished_at  REAL    NOT NULL
);

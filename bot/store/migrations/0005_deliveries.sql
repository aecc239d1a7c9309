-- Parlor schema, version 5: what Discord shows of each match, for delivery by reconciliation.

-- One row per slot of a match: the live turn post ("turn"), each seat's prompt
-- ("prompt:<seat>"), the end-of-match post and result messages. ``shown`` is JSON saying
-- what the message shows now (turn number and lines, decision window, match version), so
-- a restart sends what is missing and never sends a message twice.
CREATE TABLE deliveries (
    match_id    INTEGER NOT NULL REFERENCES matches (id),
    slot        TEXT    NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    shown       TEXT    NOT NULL,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (match_id, slot)
) WITHOUT ROWID;

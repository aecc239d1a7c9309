-- Parlor schema, version 14: hints kept, and one table of claims for every piece of work that
-- two of the bot's processes could start at once. A hint (the strong AI's answers to one open
-- decision of a seat) is worked out once and kept, so pressing Hint again, in any process or
-- after a restart, shows the same answers; ``body`` is its answers as JSON. A row of ``claims``
-- claims a seat's ``work`` ('review', or 'hint ' and the decision's id) for ``owner`` (a token
-- of the claiming call) until ``until``; a claim whose time has passed (its process died) may
-- be taken over, and a finished one is deleted.

CREATE TABLE claims (
    match_id    INTEGER NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL,
    work        TEXT    NOT NULL,
    owner       TEXT    NOT NULL,
    until       REAL    NOT NULL,
    PRIMARY KEY (match_id, seat, work)
) WITHOUT ROWID;

CREATE TABLE hints (
    match_id    INTEGER NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL,
    decision_id TEXT    NOT NULL,
    body        TEXT    NOT NULL,
    created_at  REAL    NOT NULL,
    PRIMARY KEY (match_id, seat, decision_id)
) WITHOUT ROWID;

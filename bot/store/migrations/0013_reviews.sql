-- Parlor schema, version 13: post-game reviews. A person's review of a finished match (their
-- seat's decisions weighed by the strong AI) is computed once and kept, so pressing Review
-- again answers at once. ``body`` is the review as JSON (the moments, worst first).

CREATE TABLE reviews (
    match_id    INTEGER NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL,
    body        TEXT    NOT NULL,
    created_at  REAL    NOT NULL,
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;

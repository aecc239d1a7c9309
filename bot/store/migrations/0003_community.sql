-- Parlor schema, version 3: community features — ratings per server and game, undo by consent.

-- Undo by consent is a match option chosen when the lobby opens (off by default).
ALTER TABLE matches ADD COLUMN undo INTEGER NOT NULL DEFAULT 0 CHECK (undo IN (0, 1));
-- Closed matches of a server, by game: /history, /stats and the ratings read them.
CREATE INDEX matches_by_guild ON matches (guild_id, status, game, updated_at);

-- One rating per server, game and person: openskill's mu and sigma, and their ordinal
-- (mu - 3 sigma) kept for ordering the leaderboard. ``matches`` counts the matches folded in;
-- an update names the count it read, so two processes rating at once cannot lose one.
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL CHECK (sigma > 0),
    ordinal     REAL    NOT NULL,
    matches     INTEGER NOT NULL CHECK (matches >= 1),
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
) WITHOUT ROWID;
CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal DESC);

-- Finished matches already folded into the ratings (each exactly once, in the order they
-- ended), including those that rate nobody (one person against the AI).
CREATE TABLE rated_matches (
    match_id  INTEGER PRIMARY KEY REFERENCES matches (id),
    rated_at  REAL    NOT NULL
);

-- A player's open request to take their last move back; it holds only while the match is
-- still at ``version``. ``accepted`` lists the users who agreed so far (JSON).
CREATE TABLE undo_requests (
    match_id    INTEGER PRIMARY KEY REFERENCES matches (id),
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    user_id     INTEGER NOT NULL,
    version     INTEGER NOT NULL,
    accepted    TEXT    NOT NULL DEFAULT '[]',
    created_at  REAL    NOT NULL
);

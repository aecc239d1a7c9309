-- Parlor schema, version 4: players' saved decks (Auroria deck building).

-- One saved deck per person, game and name. ``name_key`` is the name casefolded, so
-- "Red Rush" and "red rush" are one deck; ``code`` is the game's shareable deck code.
CREATE TABLE user_decks (
    user_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    code        TEXT    NOT NULL,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (user_id, game, name_key)
) WITHOUT ROWID;

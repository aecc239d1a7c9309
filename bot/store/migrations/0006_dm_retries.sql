-- Parlor schema, version 6: when each person's DMs last failed, so the "try DMs again after
-- ten minutes" rule survives a restart.

-- One row per person whose DMs failed and have not worked since; a DM that gets through
-- deletes it.
CREATE TABLE dm_failures (
    user_id    INTEGER PRIMARY KEY,
    failed_at  REAL    NOT NULL
);

-- Parlor schema, version 6, PostgreSQL dialect of migrations/0006_dm_retries.sql: when each
-- person's DMs last failed; same columns and rules.

CREATE TABLE dm_failures (
    user_id    BIGINT PRIMARY KEY,
    failed_at  DOUBLE PRECISION NOT NULL
);

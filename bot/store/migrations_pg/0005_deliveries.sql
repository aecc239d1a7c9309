-- Parlor schema, version 5, PostgreSQL dialect of migrations/0005_deliveries.sql: what
-- Discord shows of each match; same columns and rules.

CREATE TABLE deliveries (
    match_id    BIGINT  NOT NULL REFERENCES matches (id),
    slot        TEXT    NOT NULL,
    channel_id  BIGINT  NOT NULL,
    message_id  BIGINT  NOT NULL,
    shown       TEXT    NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, slot)
);

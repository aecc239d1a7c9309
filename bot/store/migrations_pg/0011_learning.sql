-- Parlor schema, version 11, PostgreSQL dialect of migrations/0011_learning.sql: lessons,
-- the hints a match's players asked for, and whether a server allows hints everywhere.

ALTER TABLE matches ADD COLUMN lesson BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE matches ADD COLUMN hints INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0);
ALTER TABLE guild_settings ADD COLUMN hints_everywhere BOOLEAN NOT NULL DEFAULT FALSE;

-- Parlor schema, version 11: learning at the table. A match may be a lesson (/learn: the
-- game's fixed deal, rated for nobody); a match counts the hints its players asked for;
-- a server may allow hints in rated and event matches too (off: casual matches only).

ALTER TABLE matches ADD COLUMN lesson INTEGER NOT NULL DEFAULT 0 CHECK (lesson IN (0, 1));
ALTER TABLE matches ADD COLUMN hints INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0);
ALTER TABLE guild_settings ADD COLUMN hints_everywhere INTEGER NOT NULL DEFAULT 0
    CHECK (hints_everywhere IN (0, 1));

-- Parlor schema, version 7, PostgreSQL dialect of migrations/0007_delivered_pictures.sql: the
-- picture each delivery slot's message shows; same column and rule.

ALTER TABLE deliveries ADD COLUMN picture TEXT NOT NULL DEFAULT '';

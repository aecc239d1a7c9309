-- Parlor schema, version 7: the picture each delivery slot's message shows, so that an edit
-- keeps an unchanged picture instead of uploading the same bytes again, after a restart too.

-- "hash:attachment id" of the message's picture (its bytes' BLAKE2b hash and the Discord
-- attachment that holds them); empty while the message shows none or it is not known.
ALTER TABLE deliveries ADD COLUMN picture TEXT NOT NULL DEFAULT '';

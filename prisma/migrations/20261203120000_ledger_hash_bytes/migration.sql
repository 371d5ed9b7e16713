-- A ledger row's four hashes as their 32 bytes instead of "sha256:" and 64 hex digits: 33 bytes
-- stored instead of 72 each, about 120 of a one-field commit's ~750 fixed bytes (docs/storage.md).
-- Only the storage changes: the hash chain is computed over the text form, which every read
-- rebuilds exactly ('sha256:' || encode(hash, 'hex'); src/db/row-mapping.ts), so existing
-- entries verify as before and export/import carry the same text. Every hash Canon writes is
-- that text form; the CHECKs keep anything else out.
ALTER TABLE "ledger_entry"
  ALTER COLUMN "content_hash" TYPE BYTEA USING decode(substr("content_hash", 8), 'hex'),
  ALTER COLUMN "parent_hash" TYPE BYTEA USING decode(substr("parent_hash", 8), 'hex'),
  ALTER COLUMN "entry_hash" TYPE BYTEA USING decode(substr("entry_hash", 8), 'hex'),
  ALTER COLUMN "request_hash" TYPE BYTEA USING decode(substr("request_hash", 8), 'hex'),
  ADD CONSTRAINT "ledger_entry_hashes_are_sha256" CHECK (
    octet_length("content_hash") = 32 AND octet_length("parent_hash") = 32 AND octet_length("entry_hash") = 32
    AND (octet_length("request_hash") = 32 OR "request_hash" IS NULL));

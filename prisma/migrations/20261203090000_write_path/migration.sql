-- The refusal of a write to an archived run gets its own SQLSTATE, CN001, so the write path
-- (src/store/ledger-writes.ts) recognises it by code rather than by the text of its message.
-- Prisma's schema cannot describe triggers, so schema.prisma does not change.
CREATE OR REPLACE FUNCTION "canon_refuse_archived_run_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'ARCHIVED' THEN
    RAISE EXCEPTION 'canon_run_archived: run % is archived', OLD."id" USING ERRCODE = 'CN001';
  END IF;
  RETURN NEW;
END
$$;

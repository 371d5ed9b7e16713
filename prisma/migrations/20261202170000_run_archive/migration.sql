-- An archived run takes no more writes. The check lives in the database, so it holds for every
-- write path and every instance, atomically with the write: a commit racing archiveRun either
-- lands before it (and archiveRun then fails its compare-and-swap) or is refused.
-- Prisma's schema cannot describe triggers, so schema.prisma does not change.
CREATE FUNCTION "canon_refuse_archived_run_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'ARCHIVED' THEN
    RAISE EXCEPTION 'canon_run_archived: run % is archived', OLD."id" USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "run_refuse_archived_write" BEFORE UPDATE ON "run"
  FOR EACH ROW EXECUTE FUNCTION "canon_refuse_archived_run_write"();

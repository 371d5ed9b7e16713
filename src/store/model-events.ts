// The model event log: models loaded, evicted, lost or swapped during a run. It sits beside
// the run and never touches the run row or its ledger, so a model change cannot change
// AgentState (rule 6): the state's version and content hash are the same before and after.
import { randomUUID } from "node:crypto";
import type { ComponentIdentity } from "../contracts/common.js";
import { InvalidInputError, NotFoundError, type InputProblem } from "../contracts/errors.js";
import { problemsOf, validateComponentIdentity } from "../contracts/validation.js";
import { jsonBoundsProblems } from "../domain/json-bounds.js";
import type { Database } from "../db/database.js";

export const MODEL_EVENT_KINDS = ["LOADED", "EVICTED", "LOST", "SWAPPED"] as const;
export type ModelEventKind = (typeof MODEL_EVENT_KINDS)[number];

// A logical model id (ABI LogicalModelId is stricter; Canon accepts any short slug here).
const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,199}$/;

export interface ModelEventInput {
  runId: string;
  kind: ModelEventKind;
  modelId: string;
  previousModelId?: string | null;
  detail?: string | null;
  producer: ComponentIdentity;
}

export interface ModelEventRecord extends Required<Omit<ModelEventInput, "producer">> {
  id: string;
  producer: ComponentIdentity;
  /** The run's state version when the event was logged; the event does not change it. */
  stateVersion: number;
  createdAt: Date;
}

export class ModelEventLog {
  constructor(private readonly db: Database) {}

  async record(input: ModelEventInput): Promise<ModelEventRecord> {
    const problems: InputProblem[] = [...jsonBoundsProblems(input.detail ?? null, "/detail")];
    if (!validateComponentIdentity(input.producer)) problems.push(...problemsOf(validateComponentIdentity, "/producer"));
    if (!MODEL_ID.test(input.modelId)) problems.push({ path: "/modelId", message: "must be a model id of 1 to 200 characters" });
    if (input.previousModelId != null && !MODEL_ID.test(input.previousModelId)) {
      problems.push({ path: "/previousModelId", message: "must be a model id of 1 to 200 characters" });
    }
    if (input.kind === "SWAPPED" && input.previousModelId == null)
      problems.push({ path: "/previousModelId", message: "is required for SWAPPED" });
    if (problems.length) throw new InvalidInputError("the model event is invalid; nothing was recorded", problems);
    // Reads the run's version in the same statement that inserts, without locking or updating the run.
    const rows = await this.db.prisma.$queryRaw<RawEvent[]>`
      INSERT INTO "model_event" ("id", "run_id", "kind", "model_id", "previous_model_id", "detail", "producer", "state_version")
      SELECT ${`model-event-${randomUUID()}`}, r."id", ${input.kind}::"ModelEventKind", ${input.modelId}, ${input.previousModelId ?? null},
        ${input.detail ?? null}, ${JSON.stringify(input.producer)}::jsonb, r."state_version"
      FROM "run" r WHERE r."id" = ${input.runId}
      RETURNING "id", "run_id", "kind", "model_id", "previous_model_id", "detail", "producer", "state_version", "created_at"`;
    if (!rows[0]) throw new NotFoundError("run", input.runId);
    return toRecord(rows[0]);
  }

  /**
   * The bytes of the events `ofRun` would return, measured where they are stored (see
   * ReceiptReads.sizeOfRun). Null when `after` names no event of this run.
   */
  async sizeOfRun(runId: string, first: number, after: string | null): Promise<number | null> {
    const rows = await this.db.sql.query<{ found: boolean; size: string | number | null }>(
      `WITH ${PAGE_CURSOR} SELECT ($3::text IS NULL OR EXISTS (SELECT 1 FROM "cursor")) AS "found",
         (SELECT sum(octet_length("id") + octet_length("model_id") + coalesce(octet_length("previous_model_id"), 0)
           + coalesce(octet_length("detail"), 0) + octet_length("producer"::text)) FROM (${PAGE_ROWS}) AS page)::int8 AS "size"`,
      [runId, first, after],
    );
    return rows[0]?.found ? Number(rows[0].size ?? 0) : null;
  }

  /** A page of the run's events, oldest first, after the event `after` if given. */
  async ofRun(runId: string, first: number, after: string | null): Promise<ModelEventRecord[]> {
    const rows = await this.db.sql.query<RawEvent>(`WITH ${PAGE_CURSOR} ${PAGE_ROWS}`, [runId, first, after]);
    return rows.map(toRecord);
  }
}

// Keyset paging in the order events were logged: `after` is the id of the last one seen.
const PAGE_CURSOR = `"cursor" AS (SELECT "created_at", "id" FROM "model_event" WHERE "run_id" = $1 AND "id" = $3)`;
const PAGE_ROWS = `
  SELECT "id", "run_id", "kind", "model_id", "previous_model_id", "detail", "producer", "state_version", "created_at"
  FROM "model_event" WHERE "run_id" = $1
    AND ($3::text IS NULL OR ("created_at", "id") > (SELECT "created_at", "id" FROM "cursor"))
  ORDER BY "created_at", "id" LIMIT $2`;

interface RawEvent {
  id: string;
  run_id: string;
  kind: ModelEventKind;
  model_id: string;
  previous_model_id: string | null;
  detail: string | null;
  producer: ComponentIdentity;
  state_version: number;
  created_at: Date | string;
}

const toRecord = (row: RawEvent): ModelEventRecord => ({
  id: row.id,
  runId: row.run_id,
  kind: row.kind,
  modelId: row.model_id,
  previousModelId: row.previous_model_id,
  detail: row.detail,
  producer: typeof row.producer === "string" ? JSON.parse(row.producer) : row.producer,
  stateVersion: Number(row.state_version),
  createdAt: new Date(row.created_at),
});

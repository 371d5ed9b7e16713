// The peer agent runtimes use today: LangGraph JS's PostgresSaver.put, one checkpoint per step,
// on the same PostgreSQL database and pool size as Canon. Each writer is one thread; each put
// stores a checkpoint of about 2 KB (the plan Canon's writers commit, plus context to match the
// size of Canon's state document) and bumps two channels, as a graph step does.
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { uuid6, type Checkpoint } from "@langchain/langgraph-checkpoint";
import pg from "pg";
import type { Outcome, Writer } from "./stats.js";
import { commitPayload } from "./workload.js";

export interface LangGraphPeer {
  writers: Writer[];
  close(): Promise<void>;
}

/** Target size of one checkpoint's channel values, JSON (Canon's state is about this size). */
const CHECKPOINT_BYTES = 2_048;

export async function langGraphPeer(url: string, poolSize: number, writerCount: number, planSteps: number): Promise<LangGraphPeer> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on("error", () => {});
  const saver = new PostgresSaver(pool);
  await saver.setup();
  const writers = Array.from({ length: writerCount }, (_, writer): Writer => {
    const threadId = `bench-thread-${writer}-${Date.now()}`;
    let step = 0;
    let parentId: string | undefined;
    return {
      async commit(): Promise<Outcome> {
        step++;
        const payload = commitPayload(writer, step, planSteps);
        const values = { plan: payload.plan, status: payload.status, context: "" };
        values.context = "x".repeat(Math.max(0, CHECKPOINT_BYTES - JSON.stringify(values).length));
        const checkpoint: Checkpoint = {
          v: 4,
          id: uuid6(-3),
          ts: new Date().toISOString(),
          channel_values: values,
          channel_versions: { plan: step, status: step, context: 1 },
          versions_seen: {},
        } as Checkpoint;
        const config = { configurable: { thread_id: threadId, checkpoint_ns: "", ...(parentId ? { checkpoint_id: parentId } : {}) } };
        const next = await saver.put(
          config,
          checkpoint,
          { source: "loop", step, parents: {} } as never,
          step === 1 ? { plan: step, status: step, context: 1 } : { plan: step, status: step },
        );
        parentId = next.configurable?.checkpoint_id as string;
        return { kind: "ok" };
      },
    };
  });
  return { writers, close: () => pool.end() };
}

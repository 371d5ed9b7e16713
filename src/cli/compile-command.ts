// canon compile "text" | canon compile --file request.json
// Compiles a request with the pure compiler (no database): the TaskIRV1 goes to stdout as JSON,
// the open questions to stderr. Exit 0 when compiled, 3 when it needs clarification, 1 when
// the request was rejected, 2 on usage errors.
import { readFileSync } from "node:fs";
import { compileTask, type TaskRequest } from "../domain/task-compiler/index.js";

export const COMPILE_USAGE = `usage: canon compile "request text" | canon compile --file request.json (- for stdin)
  The file holds {"text": ...}, {"request": {title, body, labels, paths, taskType, ...}},
  {"taskIr": {...}}, a bare structured request, or a TaskIRV1 document.`;

type Sink = Pick<NodeJS.WritableStream, "write">;

export function compileCommand(
  text: string | undefined,
  file: string | undefined,
  out: Sink = process.stdout,
  err: Sink = process.stderr,
): number {
  if ((text === undefined) === (file === undefined)) {
    err.write(`${COMPILE_USAGE}\n`);
    return 2;
  }
  let request: TaskRequest;
  try {
    request = text !== undefined ? { text } : requestFromFile(readFileSync(file === "-" ? 0 : file!, "utf8"));
  } catch (error) {
    err.write(`canon compile: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const outcome = compileTask(request);
  if (!outcome.ok) {
    err.write(`${JSON.stringify(outcome.error.toJSON(), null, 2)}\n`);
    return 1;
  }
  const { ir, escalation, status } = outcome.task;
  out.write(`${JSON.stringify(ir, null, 2)}\n`);
  if (!escalation) {
    err.write(`status: ${status} (${ir.task_type}, risk ${ir.risk_class}, ${ir.interaction_mode})\n`);
    return 0;
  }
  err.write(`status: ${status}: ${escalation.questions.length} open question(s)\n`);
  escalation.questions.forEach((q, i) => {
    const options = q.options.length ? `\n     options: ${q.options.join(" | ")}` : "";
    const fallback = q.default_option ? `\n     default${q.defaultable ? "" : " (not offered at this risk)"}: ${q.default_option}` : "";
    err.write(`  ${i + 1}. [${q.ambiguity_id}] ${q.question}${options}${fallback}\n`);
  });
  return 3;
}

function requestFromFile(content: string): TaskRequest {
  const parsed = JSON.parse(content) as Record<string, unknown>;
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    if (["text", "request", "taskIr"].some((key) => key in parsed)) return parsed as TaskRequest;
    if (parsed.schema_id === "allternit.kernel.TaskIRV1") return { taskIr: parsed };
  }
  return { request: parsed } as TaskRequest;
}

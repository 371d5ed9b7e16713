// What the TaskIR compiler's detectors say about a text, for the detector tests
// (task-compiler-contradictions, task-compiler-references): the questions asked and the notes on
// references resolved. `detectorsOnly()` turns the escalation model off, so a test reads the
// detectors alone; `useEscalationModel(null)` after each test turns it back on.
import { compileTask, type CompiledTask } from "../../src/domain/task-compiler/index.js";
import { useEscalationModel } from "../../src/domain/task-compiler/model/escalation-evidence.js";

function compiled(text: string): CompiledTask {
  const outcome = compileTask({ text });
  if (!outcome.ok) throw new Error(`unexpected ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.task;
}
export const kinds = (text: string) => compiled(text).ambiguities.map((a) => a.kind);
export const notes = (text: string) =>
  (compiled(text).ir.extensions!["x-canon.explanations"] as Record<string, string>).ambiguity_notes ?? "";
export const detectorsOnly = () => useEscalationModel(null, { enabled: false });
export const modelBack = () => useEscalationModel(null);

// The difference between two versions of a run: Canon's RFC 6902 patch (`diff`), shown per
// changed section as before/after, with the patch's operations for that section.
import { useEffect, useState } from "preact/hooks";
import { asProblem, type CanonApi, type Problem } from "./api";
import { Empty, explain, Notice } from "./components";
import { pretty, words } from "./format";
import { STATE_DIFF, type PatchOp, type StateDiffData } from "./queries";

interface Loaded {
  sections: string[];
  patch: PatchOp[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const sectionOf = (path: string) =>
  decodeURIComponent(path.split("/")[1] ?? "")
    .replace(/~1/g, "/")
    .replace(/~0/g, "~");

export function DiffView({ api, runId, from, to }: { api: CanonApi; runId: string; from: number; to: number }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<Problem | string | null>(null);

  useEffect(() => {
    let current = true;
    setLoaded(null);
    setError(null);
    api
      .query<StateDiffData>(STATE_DIFF, { id: runId, from, to })
      .then(({ run }) => {
        if (!current) return;
        if ("code" in run) return setError(`${run.message} (${run.code})`);
        const { diff, before, after } = run;
        if ("code" in diff) return setError(`${diff.message} (${diff.code})`);
        if ("code" in before || "code" in after) return setError("a version could not be read");
        setLoaded({ sections: diff.changedSections, patch: diff.patch, before: before.document, after: after.document });
      })
      .catch((e) => current && setError(asProblem(e)));
    return () => {
      current = false;
    };
  }, [api, runId, from, to]);

  if (error) return <Notice kind="error">{typeof error === "string" ? error : explain(error, "read this run", "run:read", true)}</Notice>;
  if (!loaded)
    return (
      <p class="muted">
        Comparing v{from} and v{to}…
      </p>
    );
  if (!loaded.sections.length)
    return (
      <Empty>
        v{from} and v{to} hold the same state.
      </Empty>
    );
  return (
    <div class="diff" aria-label={`Changes from version ${from} to version ${to}`}>
      <p class="muted">
        {loaded.sections.length} section{loaded.sections.length === 1 ? "" : "s"} changed, {loaded.patch.length} patch operation
        {loaded.patch.length === 1 ? "" : "s"}
      </p>
      {loaded.sections.map((section) => {
        const ops = loaded.patch.filter((op) => sectionOf(op.path) === section);
        return (
          <section class="diff-section" key={section} data-section={section}>
            <h4>{words(section)}</h4>
            <div class="before-after">
              <div>
                <div class="label">Before (v{from})</div>
                <pre class="json removed">{section in loaded.before ? pretty(loaded.before[section]) : "(absent)"}</pre>
              </div>
              <div>
                <div class="label">After (v{to})</div>
                <pre class="json added">{section in loaded.after ? pretty(loaded.after[section]) : "(absent)"}</pre>
              </div>
            </div>
            {ops.length > 0 && (
              <details>
                <summary>Patch operations ({ops.length})</summary>
                <ul class="ops">
                  {ops.map((op, index) => (
                    <li key={index} class="mono">
                      <strong>{op.op}</strong> {op.path}
                      {op.from !== undefined && <> from {op.from}</>}
                      {"value" in op && <> = {JSON.stringify(op.value).slice(0, 200)}</>}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </section>
        );
      })}
    </div>
  );
}

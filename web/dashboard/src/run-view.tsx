// Run view: the state for people (or as its JSON document), the version timeline arriving live
// through runStateChanged, the diff of any two versions, verifyRun's verdict, and fork.
import { useEffect, useRef, useState } from "preact/hooks";
import type { Watch } from "../../../src/client/index.js";
import { asProblem, type CanonApi, type Problem } from "./api";
import { Badge, CopyButton, explain, Notice, Time, useNow } from "./components";
import { DiffView } from "./diff-view";
import { ago, operationNames, pretty, shortId, words } from "./format";
import {
  FORK_RUN,
  RUN_VIEW,
  VERIFY_RUN,
  type ForkRunData,
  type RunDetail,
  type RunViewData,
  type TimelineEntry,
  type VerifyRunData,
} from "./queries";
import { RunState } from "./run-state";
import { hrefRun, hrefTask } from "./router";

/** The timeline starts this many versions before the head (and holds at most TIMELINE_SIZE entries before going live). */
const TIMELINE_VERSIONS = 100;
const TIMELINE_SIZE = 500;
const RUN_HEAD = `query RunHead($id: ID!) { run(id: $id) { __typename ... on Run { stateVersion } } }`;
type RunViewHead = { run: { __typename: string; stateVersion?: number } };

const isArchiveEntry = (entry: TimelineEntry) => entry.kind === "NOOP" && operationNames(entry.operations).join() === "archiveRun";

function VerifyBadge({ api, runId, version }: { api: CanonApi; runId: string; version: number }) {
  const [report, setReport] = useState<VerifyRunData["verifyRun"] | null>(null);
  const [error, setError] = useState<Problem | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let current = true;
    setReport(null);
    api
      .query<VerifyRunData>(VERIFY_RUN, { id: runId })
      .then((data) => current && setReport(data.verifyRun))
      .catch((e) => current && setError(asProblem(e)));
    return () => {
      current = false;
    };
  }, [api, runId, version, tick]);
  const body = error ? (
    <Badge value="FAILED" label={`not verified: ${error.code}`} />
  ) : !report ? (
    <span class="badge tone-grey">verifying…</span>
  ) : report.__typename === "VerificationReport" && "ok" in report ? (
    report.ok ? (
      <Badge value="COMPLETED" label={`ledger verified · ${report.checkedEntries} entries`} />
    ) : (
      <Badge value="FAILED" label={`ledger diverges at seq ${report.firstDivergence?.seq} (${report.firstDivergence?.check})`} />
    )
  ) : (
    <Badge value="FAILED" label={(report as { code: string }).code} />
  );
  return (
    <span class="verify" role="status" aria-label="Ledger verification">
      {body}
      <button type="button" class="link-button" onClick={() => setTick((n) => n + 1)}>
        re-verify
      </button>
    </span>
  );
}

export function RunView({ api, runId }: { api: CanonApi; runId: string }) {
  const [run, setRun] = useState<RunDetail | null>(null);
  const [error, setError] = useState<Problem | string | null>(null);
  const [entries, setEntries] = useState<TimelineEntry[]>([]);
  const [olderHidden, setOlderHidden] = useState(false);
  const [streamState, setStreamState] = useState<"connecting" | "live" | "ended">("connecting");
  const [streamEnd, setStreamEnd] = useState<string | null>(null);
  const [tab, setTab] = useState<"state" | "json">("state");
  const [compare, setCompare] = useState<{ from: number; to: number } | null>(null);
  const [fork, setFork] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const [reloads, setReloads] = useState(0);
  const reloadTimer = useRef<number>();
  const now = useNow(10_000);

  // The state at the head; re-read when the timeline moves past it.
  useEffect(() => {
    let current = true;
    api
      .query<RunViewData>(RUN_VIEW, { id: runId })
      .then((data) => {
        if (!current) return;
        if (data.run.__typename === "Run") {
          setRun(data.run as RunDetail);
          setError(null);
        } else setError(explainResult(data.run as { code: string; message: string }));
      })
      .catch((e) => current && setError(asProblem(e)));
    return () => {
      current = false;
    };
  }, [api, runId, reloads]);

  // The timeline: the ledger from a little before the head (client.history), then every later
  // entry live (client.watch: runStateChanged, resumed exactly after its last seq).
  useEffect(() => {
    let stopped = false;
    let watch: Watch | undefined;
    setEntries([]);
    setStreamState("connecting");
    setStreamEnd(null);
    void (async () => {
      try {
        const head = await api.query<RunViewHead>(RUN_HEAD, { id: runId });
        const page = await api.client.history(runId, {
          fromVersion: Math.max(0, (head.run.stateVersion ?? 0) - TIMELINE_VERSIONS),
          first: TIMELINE_SIZE,
        });
        if (stopped) return;
        const initial = page.entries as TimelineEntry[];
        setOlderHidden(initial[0] ? initial[0].version > 0 : false);
        setEntries(initial);
        setStreamState("live");
        watch = api.client.watch(runId, { afterSeq: initial[initial.length - 1]?.seq ?? 0 });
        for await (const entry of watch) {
          if (stopped) break;
          setEntries((old) => (old.some((e) => e.seq === entry.seq) ? old : [...old, entry as TimelineEntry]));
          clearTimeout(reloadTimer.current);
          reloadTimer.current = window.setTimeout(() => setReloads((n) => n + 1), 100);
        }
        if (stopped) return;
        const end = watch.end;
        if (end && end.reason === "archived") setStreamEnd("The run was archived: no more versions will come.");
        else if (end && end.reason === "deleted") setStreamEnd("The run was deleted.");
      } catch (e) {
        if (!stopped) setStreamEnd(explain(asProblem(e), "read this run", "run:read", true));
      }
      if (!stopped) {
        setStreamState("ended");
        setReloads((n) => n + 1);
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(reloadTimer.current);
      void watch?.close();
    };
  }, [api, runId]);

  const versions = [...new Set(entries.map((e) => e.version))].sort((a, b) => a - b);
  const head = run?.stateVersion ?? versions[versions.length - 1] ?? 0;
  const chosen = compare ?? { from: Math.max(0, head - 1), to: head };

  const doFork = async (atVersion: number) => {
    setFork({ busy: true });
    try {
      const { forkRun } = await api.query<ForkRunData>(FORK_RUN, { runId, atVersion });
      if (forkRun.__typename === "WriteSuccess" && "run" in forkRun) {
        setFork({ busy: false });
        location.hash = hrefRun(forkRun.run.runId);
      } else setFork({ busy: false, error: explainResult(forkRun as { code: string; message: string }) });
    } catch (e) {
      setFork({ busy: false, error: explain(asProblem(e), "fork runs", "run:create") });
    }
  };

  if (error && !run) {
    return (
      <>
        <h1 tabIndex={-1}>Run {shortId(runId)}</h1>
        <Notice kind="error">{typeof error === "string" ? error : explain(error, "read this run", "run:read", true)}</Notice>
      </>
    );
  }
  if (!run) return <p class="muted">Loading run {runId}…</p>;

  return (
    <>
      <div class="view-head">
        <h1 tabIndex={-1}>{run.state.userIntent.objective || `Run ${shortId(run.runId)}`}</h1>
        <span class={`live live-${streamState}`} role="status">
          {streamState === "live" ? "Live" : streamState === "connecting" ? "Connecting…" : "Not live"}
        </span>
      </div>
      <dl class="facts">
        <div>
          <dt>Run</dt>
          <dd class="mono">
            {run.runId} <CopyButton text={run.runId} label="Copy id" />
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <Badge value={run.status} />
          </dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd data-testid="head-version">{run.stateVersion}</dd>
        </div>
        <div>
          <dt>Task</dt>
          <dd>
            <a class="mono" href={hrefTask(run.taskId)}>
              {shortId(run.taskId)}
            </a>
          </dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>
            <Time iso={run.updatedAt} text={ago(run.updatedAt, now)} />
          </dd>
        </div>
        <div>
          <dt>Ledger</dt>
          <dd>
            <VerifyBadge api={api} runId={run.runId} version={run.stateVersion} />
          </dd>
        </div>
      </dl>
      {streamEnd && <Notice kind="warn">{streamEnd}</Notice>}

      <div class="run-layout">
        <div class="run-main">
          <div class="tabs" role="tablist" aria-label="State as">
            <button type="button" role="tab" aria-selected={tab === "state"} class="tab" onClick={() => setTab("state")}>
              State
            </button>
            <button type="button" role="tab" aria-selected={tab === "json"} class="tab" onClick={() => setTab("json")}>
              JSON document
            </button>
          </div>
          {tab === "state" ? (
            <RunState run={run} />
          ) : (
            <div class="card">
              <div class="card-actions">
                <span class="muted">AgentStateV1 at v{run.stateVersion}, as this token may read it</span>
                <CopyButton text={pretty(run.document)} label="Copy JSON" />
              </div>
              <pre class="json tall" tabIndex={0} aria-label="State document">
                {pretty(run.document)}
              </pre>
            </div>
          )}

          <section class="card" aria-labelledby="diff-title">
            <h3 id="diff-title">Compare versions</h3>
            <form class="filters" onSubmit={(event) => event.preventDefault()}>
              <label>
                From
                <select
                  aria-label="From version"
                  value={chosen.from}
                  onChange={(e) => setCompare({ ...chosen, from: Number(e.currentTarget.value) })}
                >
                  {versionOptions(head)}
                </select>
              </label>
              <label>
                To
                <select
                  aria-label="To version"
                  value={chosen.to}
                  onChange={(e) => setCompare({ ...chosen, to: Number(e.currentTarget.value) })}
                >
                  {versionOptions(head)}
                </select>
              </label>
            </form>
            {chosen.from === chosen.to ? (
              <p class="muted">Pick two different versions.</p>
            ) : (
              <DiffView api={api} runId={run.runId} from={chosen.from} to={chosen.to} />
            )}
          </section>
        </div>

        <aside class="card timeline-card" aria-labelledby="timeline-title">
          <h3 id="timeline-title">
            Versions <span class="count">{entries.length}</span>
          </h3>
          {fork.error && <Notice kind="error">{fork.error}</Notice>}
          {olderHidden && <p class="muted small">Older versions are not listed here; compare or fork them by number.</p>}
          <ol class="timeline" aria-label="Version timeline" reversed>
            {[...entries].reverse().map((entry) => (
              <li key={entry.seq} class={`entry kind-${entry.kind.toLowerCase()}`} data-version={entry.version}>
                <div class="entry-head">
                  <strong>v{entry.version}</strong>
                  <span class={`tag kind`}>{isArchiveEntry(entry) ? "ARCHIVE" : entry.kind}</span>
                  <Time iso={entry.committedAt} text={ago(entry.committedAt, now)} />
                </div>
                <div class="small">
                  <span class="mono">{entry.producer.componentId}</span>
                  {entry.producer.kind && <span class="muted"> ({words(entry.producer.kind)})</span>}
                  {entry.provenance.length > 0 && (
                    <span class="muted"> · from {entry.provenance.map((p) => `${words(p.sourceType)} ${p.sourceId}`).join(", ")}</span>
                  )}
                </div>
                {operationNames(entry.operations).length > 0 && (
                  <div class="small mono muted ops-line">{operationNames(entry.operations).join(", ")}</div>
                )}
                {entry.reason && <div class="small">{entry.reason}</div>}
                {entry.kind === "COMMIT" && (
                  <div class="entry-actions">
                    {entry.version > 0 && (
                      <button type="button" class="link-button" onClick={() => setCompare({ from: entry.version - 1, to: entry.version })}>
                        diff with v{entry.version - 1}
                      </button>
                    )}
                    <button type="button" class="link-button" disabled={fork.busy} onClick={() => doFork(entry.version)}>
                      fork from v{entry.version}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </>
  );
}

const versionOptions = (head: number) =>
  Array.from({ length: head + 1 }, (_, v) => head - v).map((v) => (
    <option value={v} key={v}>
      v{v}
    </option>
  ));

const explainResult = (result: { code: string; message: string }) =>
  result.code === "ERR_RUN_DELETED" ? "This run was deleted; only its tombstone remains." : `${result.message} (${result.code})`;

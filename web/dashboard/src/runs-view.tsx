// Runs view: a page of runs (newest first) kept live by runsChanged, filters by task and
// status, paging, and a chart of commits per minute.
import { useEffect, useRef, useState } from "preact/hooks";
import { asProblem, type CanonApi, type Problem } from "./api";
import { CommitsChart, minuteOf, type MinuteCounts } from "./commits-chart";
import { Badge, Empty, explain, Notice, Time, useNow } from "./components";
import { ago, shortId } from "./format";
import {
  lastEntriesQuery,
  recentEntriesQuery,
  RUN_STATUSES,
  RUNS_PAGE,
  type LastEntry,
  type PerRunHistoryData,
  type PageInfo,
  type RunChange,
  type RunRow,
  type RunsPageData,
  type RunStatus,
} from "./queries";
import { hrefRun, hrefRuns, hrefTask } from "./router";

const PAGE_SIZE = 25;

/** What the live stream has told us about a run since its row was read. */
interface LiveRow {
  version: number;
  seq: number;
  status: string;
  archived: boolean;
  deleted: boolean;
  producer: string;
  committedAt: string;
}

export function RunsView({ api, params }: { api: CanonApi; params: URLSearchParams }) {
  const status = params.get("status") ?? "";
  const taskId = params.get("task") ?? "";
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors[cursors.length - 1] ?? null;
  const [rows, setRows] = useState<RunRow[] | null>(null);
  const [pageInfo, setPageInfo] = useState<PageInfo | null>(null);
  const [error, setError] = useState<Problem | null>(null);
  const [live, setLive] = useState<Map<string, LiveRow>>(new Map());
  const [counts, setCounts] = useState<MinuteCounts>(new Map());
  const [lastEntries, setLastEntries] = useState<Map<string, LastEntry>>(new Map());
  const [streamState, setStreamState] = useState<"connecting" | "live" | "ended">("connecting");
  const [reloads, setReloads] = useState(0);
  const reloadTimer = useRef<number>();
  const now = useNow(10_000);

  // Filters changed: back to the first page.
  useEffect(() => setCursors([null]), [status, taskId]);

  useEffect(() => {
    let current = true;
    api
      .query<RunsPageData>(RUNS_PAGE, { first: PAGE_SIZE, after, status: status || null, taskId: taskId || null })
      .then((data) => {
        if (!current) return;
        setRows(data.runs.edges.map((edge) => edge.node));
        setPageInfo(data.runs.pageInfo);
        setError(null);
      })
      .catch((e) => current && setError(asProblem(e)));
    return () => {
      current = false;
    };
  }, [api, status, taskId, after, reloads]);

  // The entry behind each run's head version, and recent entries for the chart.
  useEffect(() => {
    if (!rows?.length) return;
    let current = true;
    const last = lastEntriesQuery(rows);
    api
      .query<PerRunHistoryData<LastEntry>>(last.document, last.variables)
      .then((data) => {
        if (!current) return;
        const newest = new Map<string, LastEntry>();
        rows.forEach((row, i) => {
          const entry = data[`r${i}`]?.history?.edges[0]?.node;
          if (entry) newest.set(row.runId, entry);
        });
        setLastEntries(newest);
      })
      .catch((e) => current && setError(asProblem(e)));
    const recent = recentEntriesQuery(rows);
    api
      .query<PerRunHistoryData<{ kind: string; committedAt: string }>>(recent.document, recent.variables)
      .then((data) => {
        if (!current) return;
        const seeded: MinuteCounts = new Map();
        for (const alias of Object.values(data))
          for (const { node } of alias.history?.edges ?? [])
            if (node.kind === "COMMIT") seeded.set(minuteOf(node.committedAt), (seeded.get(minuteOf(node.committedAt)) ?? 0) + 1);
        // Live counts from the stream win over the seed for the minutes they cover.
        setCounts((live) => {
          for (const [minute, n] of live) seeded.set(minute, Math.max(n, seeded.get(minute) ?? 0));
          return seeded;
        });
      })
      .catch((e) => current && setError(asProblem(e)));
    return () => {
      current = false;
    };
  }, [api, rows]);

  const visible = useRef<Set<string>>(new Set());
  visible.current = new Set(rows?.map((row) => row.runId));
  const firstPage = after === null;

  // Live: canon/client's watchRuns (runsChanged, resumed exactly across dropped sockets).
  useEffect(() => {
    setStreamState("connecting");
    let stopped = false;
    const watch = api.client.watchRuns({ ...(status ? { status: status as RunStatus } : {}), ...(taskId ? { taskId } : {}) });
    void watch.ready.then(() => !stopped && setStreamState((s) => (s === "connecting" ? "live" : s)));
    const apply = (change: RunChange) => {
      if (change.kind === "COMMIT")
        setCounts((old) => new Map(old).set(minuteOf(change.committedAt), (old.get(minuteOf(change.committedAt)) ?? 0) + 1));
      setLive((old) =>
        new Map(old).set(change.runId, {
          version: change.version,
          seq: change.seq,
          status: change.status,
          archived: change.archived,
          deleted: change.kind === "DELETE",
          producer: change.producer.componentId,
          committedAt: change.committedAt,
        }),
      );
      // A run not on the page yet (a new one): re-read the first page, at most every 300 ms.
      if (!visible.current.has(change.runId) && firstPage && change.kind !== "DELETE") {
        clearTimeout(reloadTimer.current);
        reloadTimer.current = window.setTimeout(() => setReloads((n) => n + 1), 300);
      }
    };
    void (async () => {
      try {
        for await (const change of watch) if (!stopped) apply(change as RunChange);
      } catch (e) {
        if (!stopped) setError((old) => old ?? asProblem(e));
      }
      if (!stopped) setStreamState("ended");
    })();
    return () => {
      stopped = true;
      clearTimeout(reloadTimer.current);
      void watch.close();
    };
  }, [api, status, taskId, firstPage]);

  const setFilter = (next: { status?: string; task?: string }) => {
    location.hash = hrefRuns({ status, task: taskId, ...next });
  };

  return (
    <>
      <div class="view-head">
        <h1 tabIndex={-1}>Runs</h1>
        <span class={`live live-${streamState}`} role="status">
          {streamState === "live" ? "Live" : streamState === "connecting" ? "Connecting…" : "Not live"}
        </span>
      </div>
      <CommitsChart counts={counts} now={now} />
      <form
        class="filters"
        aria-label="Filter runs"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setFilter({ task: String(form.get("task") ?? "").trim() });
        }}
      >
        <label>
          Status
          <select value={status} onChange={(event) => setFilter({ status: event.currentTarget.value })}>
            <option value="">Any</option>
            {RUN_STATUSES.map((s) => (
              <option value={s} key={s}>
                {s.toLowerCase().replace(/_/g, " ")}
              </option>
            ))}
          </select>
        </label>
        <label>
          Task id
          <input name="task" type="search" value={taskId} placeholder="task-…" spellcheck={false} autocomplete="off" />
        </label>
        <button class="button" type="submit">
          Filter
        </button>
        {(status || taskId) && (
          <a class="button button-quiet" href={hrefRuns()}>
            Clear filters
          </a>
        )}
      </form>
      {error && <Notice kind="error">{explain(error, "read runs", "run:read")}</Notice>}
      {rows && rows.length === 0 && !error && (
        <Empty>No runs{status || taskId ? " match these filters" : " yet: start one through the API"}.</Empty>
      )}
      {rows && rows.length > 0 && (
        <div class="table-wrap">
          <table class="runs" aria-label="Runs">
            <thead>
              <tr>
                <th scope="col">Run</th>
                <th scope="col">Status</th>
                <th scope="col" class="num">
                  Version
                </th>
                <th scope="col">Last producer</th>
                <th scope="col">Last change</th>
                <th scope="col">Task</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const update = live.get(row.runId);
                const last = lastEntries.get(row.runId);
                const newer = update && update.seq > row.ledgerSeq;
                const version = newer ? update.version : row.stateVersion;
                const runStatus = update?.deleted ? "DELETED" : newer ? update.status : row.status;
                const producer = newer ? update.producer : last?.producer.componentId;
                const changedAt = newer ? update.committedAt : (last?.committedAt ?? row.updatedAt);
                return (
                  <tr key={row.runId} class={newer ? "updated" : undefined} data-run-id={row.runId}>
                    <td class="run-cell">
                      <a href={hrefRun(row.runId)} class="run-link">
                        {row.state.userIntent.objective || shortId(row.runId)}
                      </a>
                      <span class="mono muted">{row.runId}</span>
                      {row.state.userVisibleStatus && <span class="status-line">{row.state.userVisibleStatus}</span>}
                    </td>
                    <td>
                      <Badge value={runStatus} />
                    </td>
                    <td class="num">{version}</td>
                    <td class="mono">{producer ?? "—"}</td>
                    <td>
                      <Time iso={changedAt} text={ago(changedAt, now)} />
                    </td>
                    <td>
                      <a class="mono" href={hrefTask(row.taskId)} title={row.taskId}>
                        {shortId(row.taskId)}
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <nav class="pager" aria-label="Pages of runs">
        <button class="button" type="button" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
          ← Newer
        </button>
        <span>Page {cursors.length}</span>
        <button
          class="button"
          type="button"
          disabled={!pageInfo?.hasNextPage}
          onClick={() => pageInfo?.endCursor && setCursors((c) => [...c, pageInfo.endCursor])}
        >
          Older →
        </button>
      </nav>
    </>
  );
}

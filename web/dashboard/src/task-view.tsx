// Task view: the compiled TaskIR, its open questions with a form to answer them
// (clarifyTask), and the runs of the task.
import { useEffect, useState } from "preact/hooks";
import { asProblem, type CanonApi, type Problem } from "./api";
import { Badge, Empty, explain, Notice, Section, Time, useNow } from "./components";
import { ago, shortId, words } from "./format";
import { RUNS_PAGE, TASK_VIEW, type Ambiguity, type RunRow, type RunsPageData, type TaskDetail, type TaskViewData } from "./queries";
import { hrefRun, hrefRuns } from "./router";

function ClarifyForm({ api, task, onDone }: { api: CanonApi; task: TaskDetail; onDone(task: TaskDetail): void }) {
  const open = task.ambiguities.filter((a) => a.resolution === "UNRESOLVED" || a.resolution === "ESCALATED");
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [state, setState] = useState<{ busy: boolean; error?: string; done?: string }>({ busy: false });
  if (!open.length)
    return (
      <>
        {state.done && <Notice>{state.done}</Notice>}
        <Empty>No open questions.</Empty>
      </>
    );

  const submit = async (event: Event) => {
    event.preventDefault();
    const input = open
      .map((a) =>
        answers[a.ambiguityId] === "__default"
          ? { ambiguityId: a.ambiguityId, acceptDefault: true }
          : answers[a.ambiguityId]?.trim()
            ? { ambiguityId: a.ambiguityId, answer: answers[a.ambiguityId]!.trim() }
            : null,
      )
      .filter((answer) => answer !== null);
    if (!input.length) return setState({ busy: false, error: "Answer at least one question." });
    setState({ busy: true });
    try {
      // Recorded under the token's component: the server accepts no other name.
      const answered = await api.client.clarify(task.taskId, input, task.revision);
      const { task: reread } = await api.query<TaskViewData>(TASK_VIEW, { id: task.taskId });
      setAnswers({});
      setState({ busy: false, done: `Recompiled as revision ${answered.revision}.` });
      if (reread.__typename === "Task") onDone(reread as TaskDetail);
    } catch (e) {
      const problem = asProblem(e);
      setState({
        busy: false,
        error:
          problem.code === "ERR_TASK_REVISION_CONFLICT"
            ? "Someone answered first: reload to see the new revision."
            : explain(problem, "answer a task's questions", "task:compile"),
      });
    }
  };

  return (
    <form class="clarify" onSubmit={submit} aria-label="Answer open questions">
      {open.map((a) => (
        <Question
          key={a.ambiguityId}
          ambiguity={a}
          value={answers[a.ambiguityId] ?? ""}
          onChange={(value) => setAnswers({ ...answers, [a.ambiguityId]: value })}
        />
      ))}
      {state.error && <Notice kind="error">{state.error}</Notice>}
      {state.done && <Notice>{state.done}</Notice>}
      <button class="button button-primary" type="submit" disabled={state.busy}>
        {state.busy ? "Recompiling…" : "Answer and recompile"}
      </button>
    </form>
  );
}

function Question({ ambiguity: a, value, onChange }: { ambiguity: Ambiguity; value: string; onChange(value: string): void }) {
  const id = `q-${a.ambiguityId}`;
  return (
    <fieldset class="question">
      <legend>{a.question}</legend>
      <p class="muted small">
        {words(a.kind)} · about “{a.text}”
      </p>
      {a.options.length > 0 ? (
        <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-label={a.question}>
          <option value="">Choose…</option>
          {a.options.map((option) => (
            <option value={option} key={option}>
              {option}
            </option>
          ))}
          {a.defaultable && a.defaultOption && <option value="__default">Accept the default ({a.defaultOption})</option>}
        </select>
      ) : (
        <input
          id={id}
          value={value === "__default" ? "" : value}
          onInput={(e) => onChange(e.currentTarget.value)}
          aria-label={a.question}
        />
      )}
      {a.defaultable && a.defaultOption && a.options.length === 0 && (
        <label class="inline">
          <input type="checkbox" checked={value === "__default"} onChange={(e) => onChange(e.currentTarget.checked ? "__default" : "")} />{" "}
          Accept the default ({a.defaultOption})
        </label>
      )}
    </fieldset>
  );
}

export function TaskView({ api, taskId }: { api: CanonApi; taskId: string }) {
  const [task, setTask] = useState<TaskDetail | null>(null);
  const [taskError, setTaskError] = useState<Problem | string | null>(null);
  const [runs, setRuns] = useState<RunRow[] | null>(null);
  const [runsError, setRunsError] = useState<Problem | null>(null);
  const now = useNow();

  useEffect(() => {
    let current = true;
    setTask(null);
    api
      .query<TaskViewData>(TASK_VIEW, { id: taskId })
      .then(({ task }) => {
        if (!current) return;
        if (task.__typename === "Task") setTask(task as TaskDetail);
        else
          setTaskError(
            (task as { code: string }).code === "ERR_NOT_FOUND"
              ? "No compiled task has this id: its runs were started without one."
              : (task as { message: string }).message,
          );
      })
      .catch((e) => current && setTaskError(asProblem(e)));
    api
      .query<RunsPageData>(RUNS_PAGE, { first: 50, taskId })
      .then((data) => current && setRuns(data.runs.edges.map((e) => e.node)))
      .catch((e) => current && setRunsError(asProblem(e)));
    return () => {
      current = false;
    };
  }, [api, taskId]);

  return (
    <>
      <div class="view-head">
        <h1 tabIndex={-1}>{task?.objective ?? `Task ${shortId(taskId)}`}</h1>
        {task && <Badge value={task.status} />}
      </div>
      <p class="mono muted">{taskId}</p>
      {taskError && (
        <Notice kind={typeof taskError === "string" ? "info" : "error"}>
          {typeof taskError === "string" ? taskError : explain(taskError, "read tasks", "run:read")}
        </Notice>
      )}
      {task && (
        <div class="state-grid">
          <Section title="Compiled TaskIR" id="ir">
            <dl class="facts compact">
              {(
                [
                  ["Type", task.taskType],
                  ["Risk", task.riskClass],
                  ["Mode", task.interactionMode],
                  ["Privacy", task.privacyClass],
                  ["Revision", String(task.revision)],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value ? words(value) : "—"}</dd>
                </div>
              ))}
            </dl>
            <p>
              <span class="label">Scopes</span>{" "}
              {task.allowedScope.map((s) => (
                <span class="tag mono" key={s}>
                  {s}
                </span>
              ))}
              {task.forbiddenScope.map((s) => (
                <span class="tag mono forbidden" key={s}>
                  not {s}
                </span>
              ))}
              {task.allowedScope.length + task.forbiddenScope.length === 0 && <span class="muted">none</span>}
            </p>
            {task.escalation && <Notice kind="warn">Escalated: {task.escalation.reason}</Notice>}
          </Section>
          <Section title="Acceptance criteria" count={task.acceptanceCriteria.length} id="criteria">
            {task.acceptanceCriteria.length ? (
              <ul class="items">
                {task.acceptanceCriteria.map((c) => (
                  <li key={c.criterionId}>
                    <span class={`tag origin-${c.origin.toLowerCase()}`}>{words(c.origin)}</span> {c.text}
                    {!c.required && <span class="muted"> (optional)</span>}
                  </li>
                ))}
              </ul>
            ) : (
              <Empty />
            )}
            {task.constraints.length > 0 && (
              <ul class="items">
                {task.constraints.map((c) => (
                  <li key={c.constraintId}>
                    <span class="tag">{words(c.hardness)}</span> {c.text}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section
            title="Open questions"
            count={task.ambiguities.filter((a) => a.resolution === "UNRESOLVED" || a.resolution === "ESCALATED").length}
            id="questions"
          >
            <ClarifyForm api={api} task={task} onDone={setTask} />
            {task.ambiguities.some((a) => a.resolution === "CLARIFIED" || a.resolution === "DEFAULTED") && (
              <ul class="items">
                {task.ambiguities
                  .filter((a) => a.resolution === "CLARIFIED" || a.resolution === "DEFAULTED")
                  .map((a) => (
                    <li key={a.ambiguityId}>
                      <Badge value={a.resolution} /> {a.question} <strong>{a.answer ?? a.defaultOption}</strong>
                      {a.answeredBy && <span class="muted"> ({a.answeredBy})</span>}
                    </li>
                  ))}
              </ul>
            )}
          </Section>
        </div>
      )}
      <section class="card" aria-labelledby="task-runs-title">
        <h3 id="task-runs-title">
          Runs of this task <span class="count">{runs?.length ?? 0}</span>
        </h3>
        {runsError && <Notice kind="error">{explain(runsError, "read runs", "run:read")}</Notice>}
        {runs && runs.length === 0 && <Empty>No runs.</Empty>}
        {runs && runs.length > 0 && (
          <ul class="items">
            {runs.map((run) => (
              <li key={run.runId}>
                <Badge value={run.status} /> <a href={hrefRun(run.runId)}>{run.state.userIntent.objective || shortId(run.runId)}</a>{" "}
                <span class="muted small">
                  v{run.stateVersion} · <Time iso={run.updatedAt} text={ago(run.updatedAt, now)} />
                </span>
              </li>
            ))}
          </ul>
        )}
        <a href={hrefRuns({ task: taskId })}>Follow these runs live in the runs table</a>
      </section>
    </>
  );
}

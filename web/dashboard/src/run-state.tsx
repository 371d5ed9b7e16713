// A run's state for people, section by section. Hypotheses are drawn apart from facts and
// evidence: they are guesses, whatever their status says.
import { Badge, Empty, Section, Time } from "./components";
import { pretty, words } from "./format";
import type { RunDetail } from "./queries";

function Plan({ plan }: { plan: Record<string, unknown> }) {
  const steps = Array.isArray(plan.steps) ? (plan.steps as unknown[]) : null;
  if (!steps) return Object.keys(plan).length ? <pre class="json">{pretty(plan)}</pre> : <Empty>No plan yet</Empty>;
  const current = typeof plan.current === "number" ? plan.current : -1;
  return (
    <ol class="plan">
      {steps.map((step, index) => (
        <li key={index} class={index === current ? "current" : undefined} aria-current={index === current ? "step" : undefined}>
          {typeof step === "string" ? step : JSON.stringify(step)}
        </li>
      ))}
    </ol>
  );
}

export function RunState({ run }: { run: RunDetail }) {
  const s = run.state;
  const subgoalDepth = (id: string | null, seen = 0): number => {
    const parent = s.subgoals.find((g) => g.subgoalId === id);
    return parent && seen < 5 ? 1 + subgoalDepth(parent.parentId, seen + 1) : 0;
  };
  return (
    <div class="state-grid">
      <Section title="Objective" id="objective">
        <p class="objective">{s.userIntent.objective}</p>
        {s.userVisibleStatus && (
          <p>
            <span class="label">Status line</span> {s.userVisibleStatus}
          </p>
        )}
      </Section>

      <Section title="Plan and subgoals" id="plan">
        <Plan plan={s.plan} />
        {s.subgoals.length > 0 && (
          <ul class="subgoals" aria-label="Subgoals">
            {s.subgoals.map((goal) => (
              <li key={goal.subgoalId} style={{ marginInlineStart: `${subgoalDepth(goal.parentId) * 1.25}rem` }}>
                <Badge value={goal.status} /> {goal.description} <span class="mono muted">{goal.subgoalId}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Facts and evidence" count={s.evidence.length} id="evidence">
        {s.evidence.length ? (
          <ul class="items">
            {s.evidence.map((e) => (
              <li key={`${e.kind}:${e.ref}`}>
                <span class="tag">{words(e.kind)}</span> <span class="mono">{e.ref}</span>
                {e.claim && <div>{e.claim}</div>}
              </li>
            ))}
          </ul>
        ) : (
          <Empty>No evidence recorded</Empty>
        )}
      </Section>

      <section class="card hypotheses" aria-labelledby="hypotheses-title">
        <h3 id="hypotheses-title">
          Hypotheses <span class="count">{s.hypotheses.length}</span>
        </h3>
        <p class="hint">Guesses, not facts: see evidence for what is known.</p>
        {s.hypotheses.length ? (
          <ul class="items">
            {s.hypotheses.map((h) => (
              <li key={h.hypothesisId}>
                <Badge value={h.status} /> {h.statement}
                <div class="muted small">
                  <span class="mono">{h.hypothesisId}</span>
                  {h.evidenceRefs.length > 0 && <> · backed by {h.evidenceRefs.map((r) => r.ref).join(", ")}</>}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Empty />
        )}
      </section>

      <Section title="Acceptance and constraints" id="acceptance">
        {s.acceptance.length ? (
          <ul class="items">
            {s.acceptance.map((c) => (
              <li key={c.criterionId}>
                <span class={`tag origin-${c.origin.toLowerCase()}`}>{words(c.origin)}</span> {c.description}
                {!c.required && <span class="muted"> (optional)</span>}
              </li>
            ))}
          </ul>
        ) : (
          <Empty>No acceptance criteria</Empty>
        )}
        {(s.constraints.length > 0 || s.instructionPredicates.length > 0) && (
          <ul class="items">
            {s.instructionPredicates.map((p) => (
              <li key={p.predicateId}>
                <span class="tag">{p.pinned ? "pinned" : "constraint"}</span> {p.condition} <span class="mono muted">{p.predicateId}</span>
              </li>
            ))}
            {s.constraints
              .filter((id) => !s.instructionPredicates.some((p) => p.predicateId === id))
              .map((id) => (
                <li key={id}>
                  <span class="tag">constraint</span> <span class="mono">{id}</span>
                </li>
              ))}
          </ul>
        )}
      </Section>

      <Section title="Locks" count={s.locks.length} id="locks">
        {s.locks.length ? (
          <ul class="items">
            {s.locks.map((lock) => (
              <li key={lock.resource}>
                <span class="mono">{lock.resource}</span> held by <strong>{lock.holder}</strong> until <Time iso={lock.expiresAt} />
              </li>
            ))}
          </ul>
        ) : (
          <Empty>No locks held</Empty>
        )}
      </Section>

      <Section title="Failures" count={s.unresolvedFailures.length} id="failures">
        {s.unresolvedFailures.length + s.resolvedFailures.length === 0 && <Empty>No failures recorded</Empty>}
        <ul class="items">
          {s.unresolvedFailures.map((f) => (
            <li key={f.failureId}>
              <Badge value={f.blocking ? "BLOCKED" : "OPEN"} label={f.blocking ? "blocking" : "open"} /> {f.summary}{" "}
              <span class="muted small">since v{f.recordedAtVersion}</span>
            </li>
          ))}
          {s.resolvedFailures.map((f) => (
            <li key={f.failureId}>
              <Badge value="DONE" label="resolved" /> {f.summary}
              <div class="muted small">
                {f.resolution}, by {f.resolvedBy} at v{f.resolvedAtVersion}
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Receipts" count={run.receipts.length} id="receipts">
        {run.receipts.length ? (
          <ul class="items">
            {run.receipts.map((r) => (
              <li key={r.id}>
                <span class="tag">{words(r.kind)}</span> <span class="mono">{r.id}</span>{" "}
                <span class="muted small">at v{r.stateVersion}</span>
              </li>
            ))}
          </ul>
        ) : (
          <Empty>No receipts</Empty>
        )}
      </Section>

      <Section title="Completion" id="completion">
        <p>
          <Badge value={run.completion.status} />
          {run.completion.decisionId && (
            <>
              {" "}
              decided by <span class="mono">{run.completion.decisionId}</span> at v{run.completion.decidedAtVersion}
              {run.completion.outcome && <> · outcome {words(run.completion.outcome)}</>}
            </>
          )}
        </p>
        {s.completionProposals.length ? (
          <ul class="items" aria-label="Completion proposals">
            {s.completionProposals.map((p) => (
              <li key={p.proposalId}>
                <span class="tag">proposal</span> <span class="mono">{p.proposalId}</span> by {p.proposedBy} at v{p.proposedAtVersion}
              </li>
            ))}
          </ul>
        ) : (
          <Empty>No completion proposals</Empty>
        )}
      </Section>

      {(s.selectedTargets.length > 0 || s.candidateTargets.length > 0 || s.diagnostics.length > 0 || s.sensitivityLabels.length > 0) && (
        <Section title="Targets, diagnostics and labels" id="targets">
          <ul class="items">
            {s.selectedTargets.map((t) => (
              <li key={`sel:${t}`}>
                <span class="tag">selected</span> <span class="mono">{t}</span>
              </li>
            ))}
            {s.candidateTargets.map((t) => (
              <li key={`cand:${t.target}`}>
                <span class="tag">candidate</span> <span class="mono">{t.target}</span> {t.reason && <span class="muted">{t.reason}</span>}
              </li>
            ))}
            {s.diagnostics.map((d) => (
              <li key={d.diagnosticId}>
                <span class="tag">{words(d.severity)}</span> {d.message}
              </li>
            ))}
            {s.sensitivityLabels.map((l) => (
              <li key={`label:${l.resource}`}>
                <span class="tag">{words(l.class)}</span> <span class="mono">{l.resource}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}

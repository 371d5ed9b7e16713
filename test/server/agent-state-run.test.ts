// The AgentState issue's "done when": a realistic scripted run (plan, hypotheses with evidence,
// tool and verification receipts, a failure resolved, locks taken and released, a model swapped
// mid-run, a completion decision) end to end over GraphQL, with every stored state checked
// against the ABI and the ledger verified afterwards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendName } from "../support/database.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { abiExists, errorsOf, loadAbi, warnIfAbiMissing } from "../support/kernel-abi.js";
import { realisticRun, WRITERS, type RunIds } from "../support/realistic-run.js";
import { commitAs, START_RUN } from "../support/operations.js";

warnIfAbiMissing("agent-state-run");

const PROBE = `query($id: ID!) { run(id: $id) { ... on Run {
  stateVersion contentHash status
  completion { status outcome decisionId decision }
  state {
    hypotheses { hypothesisId status evidenceRefs { kind ref } }
    evidence { kind ref claim }
    locks { resource holder expiresAt }
    unresolvedFailures { failureId }
    resolvedFailures { failureId resolvedBy resolution }
    acceptance { criterionId origin required }
    subgoals { subgoalId status }
    completionProposals { proposalId proposedBy }
    permissions { grantIds authorityProfile }
    sensitivityLabels { resource class }
  }
  receipts { id kind stateVersion contentHash }
  modelEvents { kind modelId previousModelId stateVersion }
} } }`;

const SWAP = `mutation($runId: ID!) { recordModelEvent(input: { runId: $runId, kind: SWAPPED, modelId: "coder-v3-large", previousModelId: "coder-v3-fast",
  detail: "context window exhausted", producer: { componentId: "runtime", componentVersion: "1.4.0", kind: RUNTIME } }) {
  __typename ... on ModelEvent { stateVersion } ... on Error { code } } }`;

const HISTORY = `query($id: ID!) { run(id: $id) { ... on Run { history(first: 100) { edges { node { version kind document provenance { sourceType } } } } } } }`;
const VERIFY = `query($id: ID!) { verifyRun(runId: $id) { ... on VerificationReport { ok checkedEntries firstDivergence { seq check } } } }`;

describe(`a realistic run over GraphQL on ${backendName}`, () => {
  let canon: TestCanon;
  let ids: RunIds;
  const results: { step: string; typename: string; kind?: string; version?: number }[] = [];
  let beforeSwap: { stateVersion: number; contentHash: string } | undefined;
  let afterSwap: { stateVersion: number; contentHash: string } | undefined;

  beforeAll(async () => {
    canon = await startTestCanon();
    const started = await canon.gql(START_RUN, { objective: "Fix the failing login test" });
    const runId = started.data.startRun.run.runId as string;
    const identity = (
      await canon.gql(`query($id: ID!) { run(id: $id) { ... on Run { state { identity { sessionId taskId } } } } }`, { id: runId })
    ).data.run.state.identity;
    ids = { runId, sessionId: identity.sessionId, taskId: identity.taskId };
    let version = 0;
    for (const [index, commit] of realisticRun(ids).entries()) {
      if (index === 5) {
        // Mid-run the runtime swaps the coder's model: logged beside the run, not in its state.
        beforeSwap = (await canon.gql(PROBE, { id: runId })).data.run;
        expect(
          (await canon.gql(SWAP, { runId }, { as: { component_id: "runtime", component_version: "1.4.0", kind: "RUNTIME" } })).data
            .recordModelEvent,
        ).toEqual({ __typename: "ModelEvent", stateVersion: version });
        afterSwap = (await canon.gql(PROBE, { id: runId })).data.run;
      }
      const response = await commitAs(canon, runId, version, commit.who, commit.calls);
      const result = response.data?.commitState ?? { __typename: JSON.stringify(response.errors) };
      results.push({ step: commit.step, typename: result.__typename, kind: result.entry?.kind, version: result.run?.stateVersion });
      if (result.__typename === "WriteSuccess") version = result.run.stateVersion;
    }
  });
  afterAll(() => canon.stop());

  it("accepts every scripted commit, as a COMMIT or an explicit NOOP", () => {
    const expected = realisticRun(ids).map((commit) => ({ step: commit.step, typename: "WriteSuccess", kind: commit.kind }));
    expect(results.map(({ step, typename, kind }) => ({ step, typename, kind }))).toEqual(expected);
  });

  it("ends completed, by the recorded decision, with the rest of the story readable", async () => {
    const run = (await canon.gql(PROBE, { id: ids.runId })).data.run;
    expect(run.status).toBe("COMPLETED");
    expect(run.completion).toMatchObject({ status: "COMPLETE", outcome: "COMPLETE", decisionId: "decision-1" });
    expect(run.completion.decision.decided_by).toBe("SYSTEM");
    expect(run.state.hypotheses).toEqual([
      { hypothesisId: "h.expiry", status: "SUPPORTED", evidenceRefs: [{ kind: "TOOL_RECEIPT", ref: "tool-tests-fail" }] },
      { hypothesisId: "h.cache", status: "ABANDONED", evidenceRefs: [] },
    ]);
    expect(run.state.evidence.map((e: { ref: string }) => e.ref)).toEqual(["tool-tests-fail", "review-alice-1"]);
    expect(run.state.locks).toEqual([]);
    expect(run.state.unresolvedFailures).toEqual([]);
    expect(run.state.resolvedFailures).toEqual([
      { failureId: "fail-login", resolvedBy: "alice", resolution: "fixed by patch-1; reviewed" },
    ]);
    expect(run.state.completionProposals).toEqual([{ proposalId: "proposal-1", proposedBy: "coder-v3" }]);
    expect(run.state.permissions).toEqual({ grantIds: ["grant.fs-write"], authorityProfile: "CODE_WRITE" });
    expect(run.receipts.map((r: { id: string; kind: string }) => [r.id, r.kind])).toEqual([
      ["tool-tests-fail", "TOOL"],
      ["mut-1", "MUTATION"],
      ["tool-tests-pass", "TOOL"],
      ["ver-1", "VERIFICATION"],
      ["decision-1", "COMPLETION_DECISION"],
    ]);
    expect(run.modelEvents).toEqual([{ kind: "SWAPPED", modelId: "coder-v3-large", previousModelId: "coder-v3-fast", stateVersion: 4 }]);
  });

  it("was not changed by the model swap: same version, same content hash", () => {
    expect(afterSwap?.stateVersion).toBe(beforeSwap?.stateVersion);
    expect(afterSwap?.contentHash).toBe(beforeSwap?.contentHash);
  });

  it("verifies: hash chain, stored states and every replayed commit", async () => {
    const report = (await canon.gql(VERIFY, { id: ids.runId })).data.verifyRun;
    expect(report).toEqual({ ok: true, checkedEntries: results.length + 1, firstDivergence: null });
  });

  it.skipIf(!abiExists)("stored every state as a valid ABI AgentStateV1 and every receipt as its ABI document", async () => {
    const abi = loadAbi();
    const agentState = abi.contract("AgentStateV1");
    const edges = (await canon.gql(HISTORY, { id: ids.runId })).data.run.history.edges as {
      node: { version: number; document: unknown };
    }[];
    expect(edges.length).toBe(results.length + 1);
    for (const { node } of edges) expect(agentState(node.document), `v${node.version}: ${errorsOf(agentState)}`).toBe(true);
    const receipts = (await canon.gql(`query($id: ID!) { run(id: $id) { ... on Run { receipts { kind document } } } }`, { id: ids.runId }))
      .data.run.receipts;
    const defOf: Record<string, string> = {
      TOOL: "ToolReceiptV1",
      MUTATION: "MutationReceiptV1",
      VERIFICATION: "VerificationReceiptV1",
      COMPLETION_DECISION: "CompletionDecisionV1",
    };
    for (const receipt of receipts) {
      const validate = abi.contract(defOf[receipt.kind]!);
      expect(validate(receipt.document), errorsOf(validate)).toBe(true);
    }
  });

  it("keeps each commit's provenance in the ledger, queryable", async () => {
    const edges = (await canon.gql(HISTORY, { id: ids.runId })).data.run.history.edges as {
      node: { provenance: { sourceType: string }[] };
    }[];
    expect(edges[1]!.node.provenance).toEqual([{ sourceType: "MODEL" }]);
    expect(edges.every((edge) => edge.node.provenance.length >= 1)).toBe(true);
  });

  it("reads a projection and commits against it: read N, commit N, read N+1", async () => {
    const read = (
      await canon.gql(`query($id: ID!) { run(id: $id) { ... on Run { state { identity { stateVersion } userVisibleStatus } } } }`, {
        id: ids.runId,
      })
    ).data.run.state;
    const n = read.identity.stateVersion;
    const written = await commitAs(canon, ids.runId, n, WRITERS.runtime, [
      { op: "setUserVisibleStatus", args: { status: "Archived by runtime" } },
    ]);
    expect(written.data.commitState.run.stateVersion).toBe(n + 1);
  });
});

import type { AgentStateV1 } from "../../contracts/agent-state.js";
import { upsertBy } from "../rules/state-parts.js";
import { defineOperation } from "./operation.js";
import { sourceArg } from "./shared-args.js";

type Artifact = NonNullable<AgentStateV1["generated_artifacts"]>[number];

export const recordArtifact = defineOperation<{
  artifactId: string;
  contentHash: string;
  mimeType?: string | null;
  uri?: string | null;
  source?: string | null;
}>({
  name: "recordArtifact",
  description: "Record an artifact the run generated (a patch, a report, ...) by its content hash.",
  args: {
    artifactId: { kind: "ID", required: true, description: "The artifact." },
    contentHash: { kind: "ContentHash", required: true, description: "sha256 of its content." },
    mimeType: { kind: "String", required: false, description: "Its media type." },
    uri: { kind: "String", required: false, description: "Where it is stored." },
    source: sourceArg,
  },
  apply: (state, args) => {
    const artifact: Artifact = {
      artifact_id: args.artifactId,
      content_hash: args.contentHash as Artifact["content_hash"],
      mime_type: args.mimeType ?? null,
      uri: args.uri ?? null,
    };
    return { ...state, generated_artifacts: upsertBy(state.generated_artifacts ?? [], "artifact_id", artifact) };
  },
});

import type { JsonObject } from "../../contracts/agent-state.js";
import { defineOperation } from "./operation.js";

interface EnvironmentArgs {
  workspaceRoot?: string | null;
  repoId?: string | null;
  languages?: string[] | null;
  fingerprint?: string | null;
}

export const setEnvironment = defineOperation<EnvironmentArgs>({
  name: "setEnvironment",
  description: "Update what is known about the environment. Fields left out keep their value.",
  args: {
    workspaceRoot: { kind: "String", required: false, description: "Root of the workspace the run acts on.", schema: { minLength: 1 } },
    repoId: { kind: "String", required: false, description: "Repository identity." },
    languages: { kind: "String", list: true, required: false, description: "Languages in the workspace." },
    fingerprint: { kind: "ContentHash", required: false, description: "Fingerprint of the environment as observed." },
  },
  apply: (state, args) => ({
    ...state,
    environment: {
      ...state.environment,
      ...(args.workspaceRoot != null ? { workspace_root: args.workspaceRoot } : {}),
      ...(args.repoId != null ? { repo_id: args.repoId } : {}),
      ...(args.languages != null ? { languages: args.languages } : {}),
      ...(args.fingerprint != null ? { fingerprint: args.fingerprint as `sha256:${string}` } : {}),
    },
  }),
});

export const setRepository = defineOperation<{ repository?: JsonObject | null }>({
  name: "setRepository",
  description: "Replace the observed repository state (branch, head commit, dirty paths, ...); null clears it.",
  args: { repository: { kind: "JSONObject", required: false, description: "The repository state as observed." } },
  apply: (state, { repository }) => ({ ...state, repository: repository ?? null }),
});

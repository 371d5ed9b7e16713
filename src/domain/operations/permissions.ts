import type { AgentStateV1 } from "../../contracts/agent-state.js";
import { defineOperation } from "./operation.js";

export const grantPermission = defineOperation<{ grantId: string }>({
  name: "grantPermission",
  description: "Record a permission grant the run holds.",
  args: { grantId: { kind: "ID", required: true, description: "The grant." } },
  apply: (state, { grantId }) =>
    state.permissions.grant_ids.includes(grantId)
      ? state
      : { ...state, permissions: { ...state.permissions, grant_ids: [...state.permissions.grant_ids, grantId] } },
});

export const revokePermission = defineOperation<{ grantId: string }>({
  name: "revokePermission",
  description: "Remove a permission grant.",
  args: { grantId: { kind: "ID", required: true, description: "The grant." } },
  apply: (state, { grantId }) =>
    state.permissions.grant_ids.includes(grantId)
      ? { ...state, permissions: { ...state.permissions, grant_ids: state.permissions.grant_ids.filter((g) => g !== grantId) } }
      : state,
});

// GraphQL enum values cannot contain "-", so the wire names differ from the ABI's values.
const PROFILES = { READ_ONLY: "read-only", CODE_SAFE: "code-safe", CODE_WRITE: "code-write" } as const;
type ProfileName = keyof typeof PROFILES;
type Profile = NonNullable<AgentStateV1["permissions"]["authority_profile"]>;

export const profileName = (profile: Profile): ProfileName =>
  (Object.keys(PROFILES) as ProfileName[]).find((name) => PROFILES[name] === profile)!;

export const setAuthorityProfile = defineOperation<{ profile?: ProfileName | null }>({
  name: "setAuthorityProfile",
  description: "Set what the run may do to the workspace; null clears it.",
  args: {
    profile: {
      kind: "Enum",
      enumName: "AuthorityProfile",
      values: Object.keys(PROFILES),
      required: false,
      description: "READ_ONLY, CODE_SAFE or CODE_WRITE.",
    },
  },
  apply: (state, { profile }) => ({
    ...state,
    permissions: { ...state.permissions, authority_profile: profile ? PROFILES[profile] : null },
  }),
});

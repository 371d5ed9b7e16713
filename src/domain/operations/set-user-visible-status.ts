import { defineOperation } from "./operation.js";

export const setUserVisibleStatus = defineOperation<{ status: string | null }>({
  name: "setUserVisibleStatus",
  description: "Set the status line shown to people. A display projection only: it never decides completion.",
  args: { status: { kind: "String", required: false, description: "The new status line; null clears it." } },
  apply: (state, { status }) => ({ ...state, user_visible_status: status ?? null }),
});

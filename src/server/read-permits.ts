// A request that read states holds one of its token's read permits until its execution ends
// (src/graphql/read-guard.ts); this gives it back then, whether the request succeeded or not.
import type { Plugin } from "graphql-yoga";
import type { ReadGuard } from "../graphql/read-guard.js";

export const useReadPermits = (reads: ReadGuard): Plugin => ({
  onExecute({ args }) {
    const context = args.contextValue as object;
    return { onExecuteDone: () => reads.release(context) };
  },
});

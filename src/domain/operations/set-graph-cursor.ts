import { defineOperation } from "./operation.js";

interface GraphCursorArgs {
  graphId: string;
  graphVersion: number;
  frontier?: string[];
  completedNodes?: string[];
  failedNodes?: string[];
}

export const setGraphCursor = defineOperation<GraphCursorArgs>({
  name: "setGraphCursor",
  description: "Move the run's position in its task graph.",
  args: {
    graphId: { kind: "ID", required: true, description: "The graph the run executes." },
    graphVersion: { kind: "Int", required: true, description: "Version of that graph (>= 0)." },
    frontier: { kind: "ID", list: true, required: false, description: "Nodes ready to run." },
    completedNodes: { kind: "ID", list: true, required: false, description: "Nodes finished." },
    failedNodes: { kind: "ID", list: true, required: false, description: "Nodes that failed." },
  },
  // A node is in at most one place, as moveGraphNode keeps it.
  check: (args) => {
    const seen = new Map<string, string>();
    const problems = [];
    for (const field of ["frontier", "completedNodes", "failedNodes"] as const) {
      for (const node of new Set(args[field] ?? [])) {
        const other = seen.get(node);
        if (other) problems.push({ path: `/${field}`, message: `node ${node} is also in ${other}` });
        seen.set(node, field);
      }
    }
    return problems;
  },
  apply: (state, args) => ({
    ...state,
    graph_cursor: {
      graph_id: args.graphId,
      graph_version: args.graphVersion,
      frontier: args.frontier ?? [],
      completed_nodes: args.completedNodes ?? [],
      failed_nodes: args.failedNodes ?? [],
    },
  }),
});

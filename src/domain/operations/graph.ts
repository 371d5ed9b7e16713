import { defineOperation } from "./operation.js";

const PLACES = ["FRONTIER", "COMPLETED", "FAILED"] as const;
type Place = (typeof PLACES)[number];

/**
 * Moving a node means it leaves every other list: a node is in at most one place. Completing
 * every node does not complete the run; only a completion decision does.
 */
export const moveGraphNode = defineOperation<{ nodeId: string; to: Place }>({
  name: "moveGraphNode",
  description: "Put one graph node on the frontier, or mark it completed or failed.",
  args: {
    nodeId: { kind: "ID", required: true, description: "The node." },
    to: { kind: "Enum", enumName: "GraphNodePlace", values: PLACES, required: true, description: "Where the node now is." },
  },
  apply: (state, { nodeId, to }) => {
    const cursor = state.graph_cursor;
    const without = (list: string[] | undefined) => (list ?? []).filter((id) => id !== nodeId);
    const place = (list: string[] | undefined, here: boolean) =>
      here ? ((list ?? []).includes(nodeId) ? (list ?? []) : [...(list ?? []), nodeId]) : without(list);
    return {
      ...state,
      graph_cursor: {
        ...cursor,
        frontier: place(cursor.frontier, to === "FRONTIER"),
        completed_nodes: place(cursor.completed_nodes, to === "COMPLETED"),
        failed_nodes: place(cursor.failed_nodes, to === "FAILED"),
      },
    };
  },
});

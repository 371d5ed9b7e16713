import { GraphQLError, Kind, type ValueNode } from "graphql";
import type { JsonObject } from "../contracts/agent-state.js";
import { builder } from "./builder.js";

/** Literal JSON written inline in a query (GraphiQL users do this) as a plain value. */
function literalValue(node: ValueNode, variables?: Record<string, unknown> | null): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map((value) => literalValue(value, variables));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[node.name.value];
    default:
      throw new GraphQLError(`unsupported JSON literal ${node.kind}`);
  }
}

const asObject = (value: unknown): JsonObject => {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new GraphQLError("expected a JSON object", { extensions: { code: "ERR_INVALID_INPUT", family: "INPUT", retryable: false } });
  }
  return value as JsonObject;
};

builder.scalarType("JSON", {
  description: "Any JSON value.",
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literalValue(node, variables),
});

builder.scalarType("JSONObject", {
  description: "A JSON object.",
  serialize: (value) => asObject(value),
  parseValue: (value) => asObject(value),
  parseLiteral: (node, variables) => asObject(literalValue(node, variables)),
});

builder.scalarType("DateTime", {
  description: "An RFC 3339 timestamp in UTC.",
  serialize: (value) => (value instanceof Date ? value : new Date(String(value))).toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new GraphQLError("expected an RFC 3339 timestamp");
    return date;
  },
});

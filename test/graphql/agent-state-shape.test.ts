// The AgentState shape is written once, as JSON Schema (src/contracts/agent-state.schema.ts);
// the GraphQL types are built from it. This walks both independently of that builder and fails
// when a property has no GraphQL field or a field has no property, unless the difference is one
// of the documented ones (NOT_IN_GRAPHQL, LIFTED_EXTENSIONS, COMPUTED_FIELDS in
// src/graphql/agent-state.ts, explained in docs/state.md).
import { getNamedType, isEnumType, isObjectType, type GraphQLObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { agentStateSchema } from "../../src/contracts/agent-state.schema.js";
import { COMPUTED_FIELDS, LIFTED_EXTENSIONS, NOT_IN_GRAPHQL } from "../../src/graphql/agent-state.js";
import { camelCase, isClosedObject, unwrap, type SchemaNode } from "../../src/graphql/schema-objects.js";
import { schema } from "../../src/graphql/schema.js";

const stateSchema = agentStateSchema as SchemaNode;
const extensionSchemas = stateSchema.properties?.extensions?.properties ?? {};

/** Fields a GraphQL type has beyond its schema's properties, by type name. */
const EXTRA_FIELDS: Record<string, readonly string[]> = { AgentState: [...Object.keys(LIFTED_EXTENSIONS), ...COMPUTED_FIELDS] };

const objectType = (name: string): GraphQLObjectType => {
  const type = schema.getType(name);
  if (!isObjectType(type)) throw new Error(`GraphQL has no object type ${name}`);
  return type;
};

/** The element schema of a property: its list item, without nullable/allOf wrappers. */
const elementOf = (property: SchemaNode): SchemaNode => {
  const { node } = unwrap(property);
  return node.type === "array" && node.items ? unwrap(node.items).node : node;
};

/** Every difference between a closed object's properties and its GraphQL type's fields, recursively. */
function differences(node: SchemaNode, seen = new Set<string>()): string[] {
  const title = node.title!;
  if (seen.has(title)) return [];
  seen.add(title);
  const type = objectType(title);
  const fields = type.getFields();
  const found: string[] = [];
  const expected = new Set<string>(EXTRA_FIELDS[title] ?? []);
  const properties: [string, SchemaNode][] = Object.entries(node.properties ?? {});
  if (title === "AgentState") {
    properties.push(...Object.values(LIFTED_EXTENSIONS).map((key): [string, SchemaNode] => [`extensions.${key}`, extensionSchemas[key]!]));
  }
  for (const [property, propertySchema] of properties) {
    const path = `${title}.${property}`;
    if (path in NOT_IN_GRAPHQL) continue;
    const fieldName = property.startsWith("extensions.")
      ? Object.entries(LIFTED_EXTENSIONS).find(([, key]) => `extensions.${key}` === property)![0]
      : camelCase(property);
    expected.add(fieldName);
    const field = fields[fieldName];
    if (!field) {
      found.push(`${path} has no GraphQL field ${title}.${fieldName}`);
      continue;
    }
    const element = elementOf(propertySchema);
    const named = getNamedType(field.type);
    if (isClosedObject(element) && isObjectType(named)) {
      if (named.name !== element.title) found.push(`${title}.${fieldName} is ${named.name}, the schema says ${element.title}`);
      else found.push(...differences(element, seen));
    } else if (element.enum && isEnumType(named) && element.title !== named.name) {
      found.push(`${title}.${fieldName} is enum ${named.name}, the schema says ${element.title}`);
    }
  }
  for (const fieldName of Object.keys(fields)) {
    if (!expected.has(fieldName)) found.push(`GraphQL field ${title}.${fieldName} has no property in the JSON Schema`);
  }
  return found;
}

describe("the AgentState shape, written once", () => {
  it("every JSON Schema property has its GraphQL field and every field its property, but the documented exclusions", () => {
    expect(differences(stateSchema)).toEqual([]);
  });

  it("every documented exclusion names a property that exists, so the list cannot rot", () => {
    const exists = (path: string) => {
      const [title, property] = path.split(".") as [string, string];
      const owners: SchemaNode[] = [];
      const visit = (node: SchemaNode) => {
        if (isClosedObject(node) && node.title === title) owners.push(node);
        for (const child of Object.values(node.properties ?? {})) visit(elementOf(child));
      };
      visit(stateSchema);
      return owners.some((owner) => property in (owner.properties ?? {}));
    };
    expect(Object.keys(NOT_IN_GRAPHQL).filter((path) => !exists(path))).toEqual([]);
  });

  it("a GraphQL type built from the schema carries the schema's descriptions", () => {
    const identity = objectType("StateIdentity");
    expect(identity.description).toBe("Which run and version a state is.");
    expect(identity.getFields().runId?.description).toBe("The run.");
    expect(objectType("AgentState").getFields().identity?.description).toBe("Which run, session, task and version this state is.");
  });
});

// GraphQL object types built from a JSON Schema, so a shape written once as JSON Schema (the
// AgentState, src/contracts/agent-state.schema.ts) is served without being written again.
// A closed object (`additionalProperties: false`) becomes an object type named by its `title`;
// each property becomes a camelCase field described by the property's `description`; an `enum`
// becomes a shared enum named by its `title`; an open object is JSONObject. Where a property
// should not follow these rules, a rule keyed `Title.property` omits it or builds its field.
import type { FieldRef, ObjectRef } from "@pothos/core";
import { ID_PATTERN } from "../contracts/common.js";
import { builder } from "./builder.js";
import { sharedEnum } from "./shared-enums.js";

/** The parts of JSON Schema the walker reads. */
export interface SchemaNode {
  title?: string;
  description?: string;
  type?: string;
  properties?: Record<string, SchemaNode>;
  required?: readonly string[];
  additionalProperties?: unknown;
  items?: SchemaNode;
  anyOf?: readonly SchemaNode[];
  allOf?: readonly SchemaNode[];
  enum?: readonly string[];
  const?: unknown;
  pattern?: string;
  default?: unknown;
}

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
type Parent = Record<string, unknown>;
export type FieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>;
type Field = FieldRef<Types, unknown, "Object">;
/** "omit": the property has no field; a function: the field, built by hand. */
export type FieldRule = "omit" | ((t: FieldBuilder, property: string, schema: SchemaNode) => Field);

/** One property of a closed object; `read` finds its value when it is not the parent's own key. */
export interface PropertyOf {
  name: string;
  schema: SchemaNode;
  required: boolean;
  path?: string;
  read?: (parent: Parent) => unknown;
}

export const camelCase = (name: string) => name.replace(/[_-]([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

export const isClosedObject = (node: SchemaNode) => node.type === "object" && node.additionalProperties === false;

/** A property's schema without its wrappers: `allOf: [X]` is X; `anyOf: [X, null]` is X, nullable. */
export function unwrap(node: SchemaNode): { node: SchemaNode; nullable: boolean } {
  if (node.allOf?.length === 1) return unwrap(node.allOf[0]!);
  const [first, second, ...rest] = node.anyOf ?? [];
  if (first && second?.type === "null" && rest.length === 0) return { node: unwrap(first).node, nullable: true };
  return { node, nullable: false };
}

export function schemaObjectTypes(rules: Record<string, FieldRule>) {
  const objects = new Map<string, ObjectRef<Types, Parent>>();

  /** The GraphQL type of a value (never a list). */
  function valueType(node: SchemaNode, path: string) {
    if (isClosedObject(node)) return objectType(node);
    if (node.type === "object") return "JSONObject" as const;
    if (node.enum) {
      if (!node.title) throw new Error(`${path}: an enum needs a title to name its GraphQL type`);
      return sharedEnum(node.title, node.enum);
    }
    if (node.type === "string" && node.pattern === ID_PATTERN) return "ID" as const;
    if (node.type === "string" || typeof node.const === "string") return "String" as const;
    if (node.type === "integer") return "Int" as const;
    if (node.type === "number") return "Float" as const;
    if (node.type === "boolean") return "Boolean" as const;
    throw new Error(`${path}: no GraphQL type for this JSON Schema`);
  }

  /**
   * The field of one property. An absent list reads as an empty list and an absent value with a
   * `default` as that default; any other optional or nullable value is a nullable field.
   */
  function propertyField(t: FieldBuilder, property: PropertyOf): Field {
    const { name, schema, required, path = name, read = (parent: Parent) => parent[name] } = property;
    if (!schema.description) throw new Error(`${path}: a property needs a description to become a field`);
    const { node, nullable } = unwrap(schema);
    const list = node.type === "array";
    const fallback = list ? [] : (node.default ?? null);
    const options = { description: schema.description, nullable: (nullable || !required) && fallback === null };
    const resolve = (parent: Parent) => read(parent) ?? fallback;
    const type = list ? [valueType(node.items ?? {}, `${path}[]`)] : valueType(node, path);
    return t.field({ ...options, type: type as "String", resolve: resolve as () => string });
  }

  /** The object type of a closed object, built once per title. */
  function objectType(node: SchemaNode): ObjectRef<Types, Parent> {
    const { title, description } = node;
    if (!title || !description) throw new Error("a closed object needs a title and a description to become a GraphQL type");
    let ref = objects.get(title);
    if (!ref) {
      ref = builder.objectRef<Parent>(title).implement({
        description,
        fields: (t) => {
          const required = new Set(node.required ?? []);
          const fields = Object.entries(node.properties ?? {}).flatMap(([property, schema]) => {
            const rule = rules[`${title}.${property}`];
            if (rule === "omit") return [];
            const field = rule
              ? rule(t, property, schema)
              : propertyField(t, { name: property, schema, required: required.has(property), path: `${title}.${property}` });
            return [[camelCase(property), field] as const];
          });
          return Object.fromEntries(fields);
        },
      });
      objects.set(title, ref);
    }
    return ref;
  }

  return { objectType, propertyField };
}

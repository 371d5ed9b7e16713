// schema.prisma and the hand-written migrations describe the same database twice; nothing but
// this test keeps them in step. The expected shape is derived from Prisma's own reading of the
// schema (its DMMF, from @prisma/prisma-schema-wasm, the schema parser the Prisma CLI bundles),
// the actual shape from the catalog of a database the migrations were applied to, and the two
// must be equal.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { DMMF } from "@prisma/client/runtime/client";
import prismaSchemaWasm from "@prisma/prisma-schema-wasm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/database.js";
import { backendName, openMigratedDatabase } from "../support/database.js";

const SCHEMA_PATH = fileURLToPath(new URL("../../prisma/schema.prisma", import.meta.url));

/**
 * One table as both sides can describe it. Strings rather than objects so that a mismatch
 * reads as a one-line diff, e.g. `"reason": "text null"` against `"reason": "text not null"`.
 */
interface TableShape {
  /** column name -> "timestamptz(3) not null" */
  columns: Record<string, string>;
  /** "PRIMARY KEY (run_id, seq)", "UNIQUE (run_id, idempotency_key)", "INDEX (status, created_at DESC)" */
  indexes: string[];
  /** "(task_id) REFERENCES task (id) ON DELETE RESTRICT ON UPDATE CASCADE" */
  foreignKeys: string[];
}

interface DatabaseShape {
  tables: Record<string, TableShape>;
  /** enum type name -> labels in declaration order */
  enums: Record<string, string[]>;
}

// ---------------------------------------------------------------------------------------------
// What schema.prisma says

function readDmmf(schema: string): DMMF.Document {
  const params = JSON.stringify({ prismaSchema: [["schema.prisma", schema]], noColor: true });
  return JSON.parse(prismaSchemaWasm.get_dmmf(params)) as DMMF.Document;
}

/** Prisma's default column type for each scalar on PostgreSQL (what `migrate dev` would write). */
const DEFAULT_TYPES: Record<string, string> = {
  String: "text",
  Boolean: "bool",
  Int: "int4",
  BigInt: "int8",
  Float: "float8",
  Decimal: "numeric(65,30)",
  DateTime: "timestamp(3)",
  Json: "jsonb",
  Bytes: "bytea",
};

/** `@db.*` attributes, by the name Postgres gives the resulting type. */
const NATIVE_TYPES: Record<string, (args: string[]) => string> = {
  Text: () => "text",
  VarChar: ([length]) => (length ? `varchar(${length})` : "varchar"),
  Char: ([length = "1"]) => `bpchar(${length})`,
  Uuid: () => "uuid",
  SmallInt: () => "int2",
  Integer: () => "int4",
  BigInt: () => "int8",
  Real: () => "float4",
  DoublePrecision: () => "float8",
  Decimal: ([precision = "65", scale = "30"]) => `numeric(${precision},${scale})`,
  Boolean: () => "bool",
  Timestamp: ([precision = "6"]) => `timestamp(${precision})`,
  Timestamptz: ([precision = "6"]) => `timestamptz(${precision})`,
  Date: () => "date",
  Time: ([precision = "6"]) => `time(${precision})`,
  Timetz: ([precision = "6"]) => `timetz(${precision})`,
  Json: () => "json",
  JsonB: () => "jsonb",
  ByteA: () => "bytea",
  Inet: () => "inet",
};

const INDEX_KINDS: Record<string, string> = { id: "PRIMARY KEY", unique: "UNIQUE", normal: "INDEX" };

/** Prisma's referential action names as Postgres spells them. */
const ACTIONS: Record<string, string> = {
  Cascade: "CASCADE",
  Restrict: "RESTRICT",
  NoAction: "NO ACTION",
  SetNull: "SET NULL",
  SetDefault: "SET DEFAULT",
};

function expectedShape(dmmf: DMMF.Document): DatabaseShape {
  const { models, enums, indexes } = dmmf.datamodel;
  const modelNamed = (name: string): DMMF.Model => {
    const model = models.find((m) => m.name === name);
    if (!model) throw new Error(`schema.prisma has no model ${name}`);
    return model;
  };
  const tableOf = (model: DMMF.Model) => model.dbName ?? model.name;
  const columnOf = (model: DMMF.Model, fieldName: string) => {
    const field = model.fields.find((f) => f.name === fieldName);
    if (!field) throw new Error(`model ${model.name} has no field ${fieldName}`);
    return field.dbName ?? field.name;
  };
  const enumTypeOf = (name: string) => {
    const found = enums.find((e) => e.name === name);
    return found?.dbName ?? name;
  };

  const columnType = (field: DMMF.Field): string => {
    if (field.kind === "enum") {
      const type = enumTypeOf(field.type);
      return field.isList ? `${type}[]` : `USER-DEFINED ${type}`;
    }
    let type: string | undefined;
    if (field.nativeType) {
      const [name, args] = field.nativeType;
      const render = NATIVE_TYPES[name];
      if (!render) throw new Error(`teach this test the column type of @db.${name} (field ${field.name})`);
      type = render([...args]);
    } else {
      type = DEFAULT_TYPES[field.type];
      if (!type) throw new Error(`teach this test the column type of ${field.type} (field ${field.name})`);
    }
    // information_schema reports no length or precision for the elements of an array.
    return field.isList ? `${type.replace(/\(.*\)$/, "")}[]` : type;
  };

  const shape: DatabaseShape = { tables: {}, enums: {} };
  for (const e of enums) shape.enums[e.dbName ?? e.name] = e.values.map((v) => v.dbName ?? v.name);

  for (const model of models) {
    const table: TableShape = { columns: {}, indexes: [], foreignKeys: [] };
    for (const field of model.fields) {
      if (field.kind === "scalar" || field.kind === "enum") {
        table.columns[field.dbName ?? field.name] = `${columnType(field)} ${field.isRequired ? "not null" : "null"}`;
      } else if (field.kind === "object" && field.relationFromFields?.length) {
        // Only the side holding the foreign key names its fields; Prisma's defaults apply to
        // actions left unsaid (onDelete: Restrict, or SetNull when the relation is optional).
        const target = modelNamed(field.type);
        const fromColumns = field.relationFromFields.map((f) => columnOf(model, f));
        const toColumns = (field.relationToFields ?? []).map((f) => columnOf(target, f));
        const optional = field.relationFromFields.some((f) => !model.fields.find((x) => x.name === f)?.isRequired);
        const onDelete = ACTIONS[field.relationOnDelete ?? (optional ? "SetNull" : "Restrict")];
        const onUpdate = ACTIONS[field.relationOnUpdate ?? "Cascade"];
        table.foreignKeys.push(
          `(${fromColumns.join(", ")}) REFERENCES ${tableOf(target)} (${toColumns.join(", ")}) ON DELETE ${onDelete} ON UPDATE ${onUpdate}`,
        );
      }
    }
    shape.tables[tableOf(model)] = table;
  }

  // datamodel.indexes covers @id, @@id, @unique, @@unique and @@index alike.
  for (const index of indexes) {
    const model = modelNamed(index.model);
    const kind = INDEX_KINDS[index.type];
    if (!kind) throw new Error(`teach this test about ${index.type} indexes (model ${model.name})`);
    const method = index.algorithm && index.algorithm.toLowerCase() !== "btree" ? `USING ${index.algorithm.toLowerCase()} ` : "";
    const columns = index.fields.map((f) => `${columnOf(model, f.name)}${f.sortOrder === "desc" ? " DESC" : ""}`);
    shape.tables[tableOf(model)]!.indexes.push(`${kind} ${method}(${columns.join(", ")})`);
  }

  return sorted(shape);
}

// ---------------------------------------------------------------------------------------------
// What the migrated database has

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: "YES" | "NO";
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  datetime_precision: number | null;
}

/** The same vocabulary columnType() above writes, read from information_schema.columns. */
function describeColumn(column: ColumnRow): string {
  const udt = column.udt_name;
  let type: string;
  if (column.data_type === "ARRAY") type = `${udt.replace(/^_/, "")}[]`;
  else if (column.data_type === "USER-DEFINED") type = `USER-DEFINED ${udt}`;
  else if (["timestamp", "timestamptz", "time", "timetz"].includes(udt)) type = `${udt}(${column.datetime_precision})`;
  else if (["varchar", "bpchar"].includes(udt) && column.character_maximum_length !== null)
    type = `${udt}(${column.character_maximum_length})`;
  else if (udt === "numeric" && column.numeric_precision !== null) type = `numeric(${column.numeric_precision},${column.numeric_scale})`;
  else type = udt;
  return `${type} ${column.is_nullable === "YES" ? "null" : "not null"}`;
}

const REFERENTIAL_ACTIONS: Record<string, string> = {
  a: "NO ACTION",
  r: "RESTRICT",
  c: "CASCADE",
  n: "SET NULL",
  d: "SET DEFAULT",
};

async function actualShape(db: Database): Promise<DatabaseShape> {
  return db.sql.withSession(async (session) => {
    const tables = await session.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
    );
    const columns = await session.query<ColumnRow>(
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, character_maximum_length,
              numeric_precision, numeric_scale, datetime_precision
         FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name <> '_prisma_migrations'`,
    );
    // Partial and expression indexes cannot be written in schema.prisma, so hand-written ones
    // (like the one-COMMIT-per-version index) are the migrations' own business and left out.
    const indexes = await session.query<{ table_name: string; kind: string; method: string; columns: string }>(
      `SELECT t.relname AS table_name,
              CASE WHEN i.indisprimary THEN 'PRIMARY KEY' WHEN i.indisunique THEN 'UNIQUE' ELSE 'INDEX' END AS kind,
              am.amname AS method,
              (SELECT string_agg(a.attname || CASE WHEN i.indoption[k.n - 1] & 1 = 1 THEN ' DESC' ELSE '' END, ', ' ORDER BY k.n)
                 FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
                WHERE k.n <= i.indnkeyatts) AS columns
         FROM pg_index i
         JOIN pg_class t ON t.oid = i.indrelid
         JOIN pg_class ix ON ix.oid = i.indexrelid
         JOIN pg_am am ON am.oid = ix.relam
         JOIN pg_namespace ns ON ns.oid = t.relnamespace
        WHERE ns.nspname = current_schema() AND t.relname <> '_prisma_migrations'
          AND i.indpred IS NULL AND i.indexprs IS NULL`,
    );
    const foreignKeys = await session.query<{
      table_name: string;
      columns: string;
      referenced_table: string;
      referenced_columns: string;
      on_delete: string;
      on_update: string;
    }>(
      `SELECT src.relname AS table_name, dst.relname AS referenced_table,
              (SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
              (SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS referenced_columns,
              c.confdeltype::text AS on_delete, c.confupdtype::text AS on_update
         FROM pg_constraint c
         JOIN pg_class src ON src.oid = c.conrelid
         JOIN pg_class dst ON dst.oid = c.confrelid
         JOIN pg_namespace ns ON ns.oid = src.relnamespace
        WHERE c.contype = 'f' AND ns.nspname = current_schema()`,
    );
    const enums = await session.query<{ name: string; labels: string[] }>(
      `SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
         FROM pg_type t
         JOIN pg_enum e ON e.enumtypid = t.oid
         JOIN pg_namespace ns ON ns.oid = t.typnamespace
        WHERE ns.nspname = current_schema()
        GROUP BY t.typname`,
    );

    const shape: DatabaseShape = { tables: {}, enums: {} };
    for (const { table_name } of tables) shape.tables[table_name] = { columns: {}, indexes: [], foreignKeys: [] };
    const table = (name: string) => (shape.tables[name] ??= { columns: {}, indexes: [], foreignKeys: [] });
    for (const column of columns) table(column.table_name).columns[column.column_name] = describeColumn(column);
    for (const index of indexes) {
      const method = index.method === "btree" ? "" : `USING ${index.method} `;
      table(index.table_name).indexes.push(`${index.kind} ${method}(${index.columns})`);
    }
    for (const fk of foreignKeys) {
      table(fk.table_name).foreignKeys.push(
        `(${fk.columns}) REFERENCES ${fk.referenced_table} (${fk.referenced_columns}) ` +
          `ON DELETE ${REFERENTIAL_ACTIONS[fk.on_delete]} ON UPDATE ${REFERENTIAL_ACTIONS[fk.on_update]}`,
      );
    }
    for (const { name, labels } of enums) shape.enums[name] = labels;
    return sorted(shape);
  });
}

/** Catalog order means nothing; sort the lists so that only content is compared. */
function sorted(shape: DatabaseShape): DatabaseShape {
  for (const table of Object.values(shape.tables)) {
    table.indexes.sort();
    table.foreignKeys.sort();
  }
  return shape;
}

const columnsOf = (shape: DatabaseShape) => Object.fromEntries(Object.entries(shape.tables).map(([name, table]) => [name, table.columns]));
const indexesOf = (shape: DatabaseShape) => Object.fromEntries(Object.entries(shape.tables).map(([name, table]) => [name, table.indexes]));
const foreignKeysOf = (shape: DatabaseShape) =>
  Object.fromEntries(Object.entries(shape.tables).map(([name, table]) => [name, table.foreignKeys]));

// ---------------------------------------------------------------------------------------------

describe(`migrations match schema.prisma on ${backendName}`, () => {
  const schema = readFileSync(SCHEMA_PATH, "utf8");
  const expected = expectedShape(readDmmf(schema));
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;
  let actual: DatabaseShape;

  beforeAll(async () => {
    opened = await openMigratedDatabase();
    actual = await actualShape(opened.db);
  });
  afterAll(() => opened.dispose());

  it("has a table for every model and no other, with the same columns, types and nullability", () => {
    expect(Object.keys(expected.tables).length).toBeGreaterThan(0);
    expect(columnsOf(actual)).toEqual(columnsOf(expected));
  });

  it("has the same primary keys, unique constraints and indexes", () => {
    expect(indexesOf(actual)).toEqual(indexesOf(expected));
  });

  it("has the same foreign keys and referential actions", () => {
    expect(foreignKeysOf(actual)).toEqual(foreignKeysOf(expected));
  });

  it("has the same enums with the same values in the same order", () => {
    expect(actual.enums).toEqual(expected.enums);
  });

  // The comparison is only as good as its ability to see a difference, so show it one.
  describe("notices drift", () => {
    it("a field added to schema.prisma without a migration", () => {
      const withExtraField = schema.replace(/^(model \w+ \{\n)/m, "$1  addedWithoutMigration String\n");
      expect(withExtraField).not.toBe(schema);
      expect(columnsOf(actual)).not.toEqual(columnsOf(expectedShape(readDmmf(withExtraField))));
    });

    it("a column that is nullable in the schema but not in the migration", () => {
      const dmmf = readDmmf(schema);
      const field = dmmf.datamodel.models.flatMap((model) => model.fields).find((f) => f.kind === "scalar" && f.isRequired && !f.isId);
      expect(field).toBeDefined();
      (field as { isRequired: boolean }).isRequired = false;
      expect(columnsOf(actual)).not.toEqual(columnsOf(expectedShape(dmmf)));
    });
  });
});

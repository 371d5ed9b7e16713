// Writes schema.graphql from the Pothos schema. test/graphql/schema-file.test.ts fails when
// the committed file differs from what this prints.
import { writeFileSync } from "node:fs";
import { printCanonSchema } from "../src/graphql/schema.js";

const target = new URL("../schema.graphql", import.meta.url);
writeFileSync(target, printCanonSchema());
console.log(`wrote ${target.pathname}`);

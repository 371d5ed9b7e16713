// Merges collect.sh's per-batch outputs into test/fixtures/task-corpus-first-contact.json (sorted by id).
// A row given twice (an existing file first, then batches collected again) is the later one.
import { readFileSync, writeFileSync } from "node:fs";

const byId = new Map<string, { id: string }>();
for (const f of process.argv.slice(2)) for (const row of JSON.parse(readFileSync(f, "utf8")) as { id: string }[]) byId.set(row.id, row);
const rows = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
writeFileSync("test/fixtures/task-corpus-first-contact.json", `[\n${rows.map((r) => JSON.stringify(r)).join(",\n")}\n]\n`);
console.log(`wrote ${rows.length} first-contact rows`);

// Merges collect.sh's per-batch outputs into test/fixtures/task-corpus-first-contact.json (sorted by id).
import { readFileSync, writeFileSync } from "node:fs";

const rows = process.argv
  .slice(2)
  .flatMap((f) => JSON.parse(readFileSync(f, "utf8")) as { id: string }[])
  .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
writeFileSync("test/fixtures/task-corpus-first-contact.json", `[\n${rows.map((r) => JSON.stringify(r)).join(",\n")}\n]\n`);
console.log(`wrote ${rows.length} first-contact rows`);

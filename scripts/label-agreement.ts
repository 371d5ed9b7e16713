// How often careful labellers agree with a development request's label: `npx tsx
// scripts/label-agreement.ts`. test/fixtures/task-corpus-label-agreement.json holds the labels two
// helpers (A and B) gave 200 requests of the blind development parts 97b–97l, each reading only the
// request and docs/task-labelling.md (docs/task-compiler-history.md, "Ninth session"). The corpus label is
// the writer's; C is what the compiler of the time answered at first contact (the first-contact
// rows: the commit that had not seen the request's batch; it does not decide "ambiguous" by the
// same field, so escalation is not in that column). Agreement far above the compiler's says the gap
// is the compiler's, not the labels'.
import { readFileSync } from "node:fs";
import { loadCorpus } from "../test/support/task-corpus.js";

const FIELDS = ["type", "ambiguous", "risk", "mode", "privacy"] as const;
type Labels = Record<(typeof FIELDS)[number], string | boolean> & { sure: boolean; note: string };
interface Row {
  id: string;
  A: Labels;
  B: Labels;
}

const rows = JSON.parse(readFileSync(new URL("../test/fixtures/task-corpus-label-agreement.json", import.meta.url), "utf8")) as Row[];
const writer = new Map(loadCorpus().map((e) => [e.id, e.expect as unknown as Labels]));
const firstContact = new Map(
  (
    JSON.parse(readFileSync(new URL("../test/fixtures/task-corpus-first-contact.json", import.meta.url), "utf8")) as {
      id: string;
      compiled?: Partial<Labels>;
    }[]
  ).map((r) => [r.id, r.compiled ?? {}]),
);
const pct = (n: number): string => `${((100 * n) / rows.length).toFixed(1)}%`.padStart(7);

console.log(`${rows.length} requests; agreement per field (W = the writer's label in the corpus)`);
console.log("field        W~A     W~B     A~B   all three   A=B, not W     W~C");
for (const f of FIELDS) {
  const w = (r: Row) => writer.get(r.id)![f];
  const count = (p: (r: Row) => boolean) => rows.filter(p).length;
  console.log(
    f.padEnd(10),
    pct(count((r) => w(r) === r.A[f])),
    pct(count((r) => w(r) === r.B[f])),
    pct(count((r) => r.A[f] === r.B[f])),
    pct(count((r) => w(r) === r.A[f] && r.A[f] === r.B[f])).padStart(11),
    String(count((r) => r.A[f] === r.B[f] && r.A[f] !== w(r))).padStart(12),
    f === "ambiguous" ? "      -" : pct(count((r) => firstContact.get(r.id)?.[f] === w(r))),
  );
}
const unsure = (who: "A" | "B") => rows.filter((r) => !r[who].sure).length;
console.log(`not sure on some field: A ${unsure("A")}, B ${unsure("B")}`);

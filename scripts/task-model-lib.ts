// Training for the compiler's learned evidence: shared by scripts/train-task-model.ts and the test
// that checks the shipped table is not stale. Reads the development split only.
import { readFileSync } from "node:fs";
import { ambiguityLean } from "../src/domain/task-compiler/model/ambiguity-evidence.js";
import { ESCALATION_FEATURES, escalationFeatures } from "../src/domain/task-compiler/model/escalation-features.js";
import { features } from "../src/domain/task-compiler/model/features.js";
import { fitLogistic, type LogisticTable } from "../src/domain/task-compiler/model/logistic.js";
import { loadModel, type NaiveBayesModel } from "../src/domain/task-compiler/model/naive-bayes.js";
import { segment } from "../src/domain/task-compiler/segment.js";
import type { NaiveBayesTable } from "../src/domain/task-compiler/model/naive-bayes.js";
import { requestText } from "../src/domain/task-compiler/request.js";
import { TASK_TYPES } from "../src/contracts/task-ir.js";
import { requestOf, type CorpusEntry } from "../test/support/task-corpus.js";

const MODEL_DIR = new URL("../src/domain/task-compiler/model/", import.meta.url);

/** The hyperparameters, chosen by 5-fold cross-validation on the development split (--cv). */
export const TYPE_MODEL_SETTINGS = { alpha: 0.1, minDocs: 1 };
export const AMBIGUITY_MODEL_SETTINGS = { alpha: 0.5, minDocs: 1 };
export const AMBIGUITY_CLASSES = ["AMBIGUOUS", "CLEAR"];

export const TYPE_CLASSES = [...TASK_TYPES];

/** The text the compiler reads for an entry. */
export const textOf = (entry: CorpusEntry): string => requestText(requestOf(entry));

export function buildTable(
  rows: { text: string; label: string }[],
  classes: readonly string[],
  settings: { alpha: number; minDocs: number },
): NaiveBayesTable {
  const docs = classes.map(() => 0);
  const totals = classes.map(() => 0);
  const perFeature = new Map<string, number[]>();
  const docFrequency = new Map<string, number>();
  const featureRows = rows.map((row) => ({ label: classes.indexOf(row.label), features: features(row.text) }));
  for (const row of featureRows) for (const f of row.features) docFrequency.set(f, (docFrequency.get(f) ?? 0) + 1);
  for (const row of featureRows) {
    if (row.label < 0) continue;
    docs[row.label]!++;
    for (const f of row.features) {
      if ((docFrequency.get(f) ?? 0) < settings.minDocs) continue;
      const counts = perFeature.get(f) ?? classes.map(() => 0);
      counts[row.label]!++;
      totals[row.label]!++;
      perFeature.set(f, counts);
    }
  }
  const counts: Record<string, number[]> = {};
  for (const f of [...perFeature.keys()].sort()) counts[f] = perFeature.get(f)!.flatMap((n, c) => (n ? [c, n] : []));
  return { classes: [...classes], alpha: settings.alpha, docs, totals, counts };
}

/** Entries whose type the text decides (a structured request's explicit type is not learned from). */
export const typeRows = (corpus: CorpusEntry[]) =>
  corpus.filter((e) => !e.request?.taskType).map((e) => ({ text: textOf(e), label: e.expect.type }));

export const buildTypeTable = (corpus: CorpusEntry[]): NaiveBayesTable => buildTable(typeRows(corpus), TYPE_CLASSES, TYPE_MODEL_SETTINGS);

export const buildAmbiguityTable = (corpus: CorpusEntry[]): NaiveBayesTable =>
  buildTable(
    corpus.map((e) => ({ text: textOf(e), label: e.expect.ambiguous ? "AMBIGUOUS" : "CLEAR" })),
    AMBIGUITY_CLASSES,
    AMBIGUITY_MODEL_SETTINGS,
  );

/** The escalation model's L2 penalty and descent, chosen by leave-batch-out cross-validation (--cv). */
export const ESCALATION_MODEL_SETTINGS = { l2: 0.01, rounds: 3000, step: 0.5 };

/**
 * What the rules asked about each fresh development batch at first contact, at the commit before
 * any rule was written from it (scripts/first-contact/collect.sh writes it from the git history).
 */
export interface FirstContactRow {
  id: string;
  /** The batch: the commit that added it and its file. */
  batch: string;
  /** The compiler commit that had not seen it. */
  compiler: string;
  /**
   * "fresh": written as a check on generality before the compiler was run on it (parts 96–99b
   * and the blind part 97), the conditions the held-out files were written in; "family": parts
   * 10–95, exercises per family of issue 14 by the rules' own author. Only fresh rows are trained
   * on (docs/task-compiler.md, "Held-out looks in the fifth session").
   */
  written: "fresh" | "family";
  /** The text as first written (some were reworded later); absent for a structured request. */
  text?: string;
  kinds: string[];
  /** The rules' own type then, and its lead over the runner-up (free-text requests only). */
  rulesType?: string;
  rulesLead?: number;
}

export const loadFirstContact = (): FirstContactRow[] =>
  JSON.parse(readFileSync(new URL("../test/fixtures/task-corpus-first-contact.json", import.meta.url), "utf8")) as FirstContactRow[];

export interface EscalationRow {
  id: string;
  batch: string;
  y: 0 | 1;
  asked: string[];
  x: number[];
}

/**
 * The escalation model's training rows: each first-contact request with the questions the rules
 * asked then, and the naive Bayes ambiguity vote of a model trained without its batch (a new batch
 * is what the shipped model meets, and a batch's requests are often minimal pairs of each other).
 */
export function escalationRows(corpus: CorpusEntry[], firstContact: FirstContactRow[] = loadFirstContact()): EscalationRow[] {
  const byId = new Map(corpus.map((e) => [e.id, e]));
  const rows = firstContact.filter((r) => byId.has(r.id) && r.written === "fresh");
  const models = new Map<string, NaiveBayesModel>();
  for (const batch of [...new Set(rows.map((r) => r.batch))].sort()) {
    const ids = new Set(rows.filter((r) => r.batch === batch).map((r) => r.id));
    models.set(batch, loadModel(buildAmbiguityTable(corpus.filter((e) => !ids.has(e.id)))));
  }
  return rows.map((r) => {
    const entry = byId.get(r.id)!;
    const text = r.text ?? textOf(entry);
    const { lean, logit } = ambiguityLean(text, models.get(r.batch));
    return {
      id: r.id,
      batch: r.batch,
      y: entry.expect.ambiguous ? 1 : 0,
      asked: r.kinds,
      x: escalationFeatures({ text, clauses: segment(text), asked: r.kinds, lean, logit }),
    };
  });
}

export const buildEscalationTable = (rows: EscalationRow[], settings = ESCALATION_MODEL_SETTINGS): LogisticTable =>
  fitLogistic(ESCALATION_FEATURES, rows, settings);

/** Every generated module: where it goes and what it holds. */
export function generatedModels(corpus: CorpusEntry[]): { url: URL; source: string }[] {
  return [
    { url: new URL("type-model.generated.ts", MODEL_DIR), source: tableSource("TYPE_TABLE", buildTypeTable(corpus)) },
    { url: new URL("ambiguity-model.generated.ts", MODEL_DIR), source: tableSource("AMBIGUITY_TABLE", buildAmbiguityTable(corpus)) },
    {
      url: new URL("escalation-model.generated.ts", MODEL_DIR),
      source: tableSource("ESCALATION_TABLE", buildEscalationTable(escalationRows(corpus))),
    },
  ];
}

function tableSource(name: string, table: NaiveBayesTable | LogisticTable): string {
  return [
    "// GENERATED by scripts/train-task-model.ts (npm run train:compiler) from the development split.",
    "// Do not edit: a test fails when this table is stale relative to the corpus and the script.",
    "// The table as JSON text, parsed on first use (loadModel): importing the compiler costs a",
    "// string, not the ~4 MiB of objects the parsed tables make, in every process that never compiles.",
    "",
    "// prettier-ignore",
    `export const ${name}_JSON = ${JSON.stringify(JSON.stringify(table))};`,
    "",
  ].join("\n");
}

/** FNV-1a of the id: a request's fold never changes. */
export function foldOf(id: string, folds: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h % folds;
}

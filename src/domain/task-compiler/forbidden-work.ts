// Forbidden scope against the work (docs/task-compiler.md, "Detectors"): a forbidden folder that
// holds the work a task type cannot avoid (a test task's tests, a migration's migrations), or the
// area a change verb acts on ("add a migration" when db/migrations/ is forbidden). Split from
// contradictions.ts in the twelfth session, which re-exports it.
import type { TaskType } from "../../contracts/task-ir.js";
import type { AmbiguityDraft, DetectionInput } from "./ambiguity.js";
import { hardnessOf, isNegated, maskQuoted } from "./clause-hardness.js";
import { kindOfPath } from "./path-kinds.js";
import { covers, refsIn } from "./resource-refs.js";
import { forbids } from "./forbidding-clauses.js";
import { spanOf } from "./segment.js";

// Path segments too generic to name an area of work.
const GENERIC_SEGMENTS = new Set([
  "src",
  "lib",
  "libs",
  "app",
  "apps",
  "code",
  "main",
  "packages",
  "pkg",
  "internal",
  "utils",
  "util",
  "common",
  "shared",
  "core",
  "web",
  "server",
  "client",
  "api",
  "public",
  "index",
]);

/**
 * Contradiction with forbidden scope the request does not name as a path: "add a migration for
 * X" when db/migrations/ is forbidden, "update the docs" when docs/ is. The last meaningful
 * segment of a forbidden path, found as a word in a clause that asks for the work, is the work
 * the rule forbids.
 */
// Areas a task type cannot avoid: a data migration writes migrations, a test task writes tests.
const TYPE_AREAS: Partial<Record<TaskType, RegExp>> = {
  DATA_MIGRATION: /^(?:migrations?|schema|prisma|db|database)$/,
  TEST: /^(?:tests?|specs?|__tests__|e2e)$/,
  DOCS: /^(?:docs?|documentation)$/,
  // Thirteenth session: the manifests of the other ecosystems too (a .NET project file holds its
  // package references, Maven's pom.xml, Gradle's build file, Bundler's Gemfile, Composer's file).
  DEPENDENCY_UPDATE:
    /^(?:package(?:-lock)?\.json|yarn\.lock|pnpm-lock\.yaml|requirements[\w-]*\.txt|go\.(?:mod|sum)|cargo\.(?:toml|lock)|poetry\.lock|pyproject\.toml|pipfile(?:\.lock)?|[\w*.-]*\.(?:cs|fs|vb)proj|directory\.packages\.props|packages\.config|pom\.xml|build\.gradle(?:\.kts)?|gemfile(?:\.lock)?|composer\.(?:json|lock))$/i,
};

export function forbiddenWork(input: DetectionInput): AmbiguityDraft[] {
  // Most requests forbid nothing: then there is nothing to contradict (the rest reads only cached,
  // pure answers).
  if (!input.forbidden?.length) return [];
  const needs = TYPE_AREAS[input.taskType];
  // Paths the request asks to change: when one lies in the type's area outside the forbidden ref
  // ("fix docs/setup.md, leave docs/legal.md alone"), the work has somewhere allowed to happen.
  const named = input.clauses
    .filter((clause) => !forbids(clause) && !isNegated(clause.text))
    .flatMap((clause) => refsIn(clause.text).map((found) => found.ref))
    .filter((ref) => ref.startsWith("fs:"));
  for (const ref of needs ? (input.forbidden ?? []) : []) {
    const segments = ref
      .slice(3)
      .replace(/\/\*\*$/, "")
      .split("/");
    const area = segments.find((segment) => needs!.test(segment));
    if (!ref.startsWith("fs:") || !area) continue;
    // A forbidden folder deeper inside the area ("tests/seating/__snapshots__/", "db/audit/") fences
    // off one part of it; the rest of the area is open to the work (twelfth session).
    if (segments.at(-1) !== area) {
      input.notes?.push(`${ref} is one part of the ${area} area, so the ${input.taskType} task can work beside it`);
      continue;
    }
    // A doc or test file outside the forbidden folder (README.md, src/x.test.ts) is such a place too.
    if (
      named.some(
        (path) =>
          !covers(ref, path) &&
          (path
            .slice(3)
            .split("/")
            .some((segment) => needs!.test(segment)) ||
            kindOfPath(path.slice(3)) === input.taskType),
      )
    )
      continue;
    return [
      {
        kind: "constraint_contradiction",
        question: `A ${input.taskType} task works in ${area}, but ${ref} is forbidden. May the task change it?`,
        text: ref,
        span: null,
        field: null,
        options: ["keep", "drop"],
        defaultOption: null,
        effect: { kind: "choose", field: `forbidden:${ref}` },
      },
    ];
  }
  const acting = input.clauses.filter((clause) => clause.section === null && !isNegated(clause.text) && hardnessOf(clause) === null);
  for (const ref of input.forbidden ?? []) {
    // Only a forbidden folder names an area of work; a forbidden file is named by its path.
    if (!ref.startsWith("fs:") || !ref.endsWith("/**")) continue;
    const area = ref.slice(3, -3).split("/").at(-1)?.toLowerCase() ?? "";
    if (!/^[a-z][a-z_-]{3,}$/.test(area) || GENERIC_SEGMENTS.has(area)) continue;
    // A test task reads the code it tests ("write the tests for parser … don't modify lib/parser/"):
    // only a folder of tests is its work (twelfth session, as rule-conflicts.ts reads a test task).
    if (
      input.taskType === "TEST" &&
      !ref
        .slice(3)
        .split("/")
        .some((segment) => TYPE_AREAS.TEST!.test(segment))
    ) {
      input.notes?.push(`${ref} holds the code a TEST task tests, which it reads and does not change`);
      continue;
    }
    const stem = area.replace(/(?:ies)$/, "y").replace(/s$/, "");
    // The area must be what a change verb acts on: "add a migration", "update the docs".
    const word = new RegExp(
      String.raw`\b(?:add|update|change|edit|modify|fix|write|create|regenerate|delete|remove|rewrite|touch)\s+(?:\S+\s+){0,3}?${stem.replace(/[-_]/g, "[-_ ]")}(?:s|es)?\b`,
      "i",
    );
    for (const clause of acting) {
      const text = maskQuoted(clause.text).replace(/\S*[/\\]\S*/g, " ");
      if (!word.test(text)) continue;
      return [
        {
          kind: "constraint_contradiction",
          question: `The request works on "${area}" but ${ref} is forbidden. May the task change it?`,
          text: clause.text,
          span: spanOf(clause),
          field: null,
          options: ["keep", "drop"],
          defaultOption: null,
          effect: { kind: "choose", field: `forbidden:${ref}` },
        },
      ];
    }
  }
  return [];
}

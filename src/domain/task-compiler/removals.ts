// Removal work that no type fits (docs/task-labelling.md, "risk": deleting branches, tags,
// environments, backups or stored files is HIGH, and UNCLASSIFIED). Seventeenth session: read by
// riskOf for UNCLASSIFIED requests, whose base is UNKNOWN, beside the general deletion rule of
// risk.ts, which wants its object within a few words of the verb.
import type { Matcher } from "./risk.js";

// A removal verb: delete, remove, wipe, nuke, purge, prune, destroy, "get rid of", "clean up",
// "tidy up/away" (a clean-up with words between, "clean up the old release/2024.* branches").
// Twenty-first session: "drop" as well ("Drop the staging-eu-central-1 cluster.", fp-169).
// Twenty-seventh session (riskB27): a removal said in any verb, or as the clean-up named as the work
// ("Kill the old-wall staging environment", gh-018; "kill off lockbook-staging-2019 on heroku",
// gl-018; "bin the old yardbook db dumps on the NAS", gl-068; "clear the 2019 client galleries off
// the NAS", gj-153; "Run the usual cleanup on the uploads bucket", fresh6-004), and the stores and
// environments such requests name (a NAS, dumps, galleries, a staging or UAT environment by its
// name): 12 UNCLASSIFIED requests of 10 parts say it so, all HIGH; a clean-up script run and
// reported on is not read ("run the cleanup script against staging as before", ref-amb-28, UNKNOWN).
const REMOVAL_VERB =
  /\b(?:drop(?:s|ping)?(?! out\b)|delet(?:e|es|ing)|remov(?:e|es|ing)|wip(?:e|es|ing)|nuk(?:e|es|ing)|purg(?:e|es|ing)|prun(?:e|es|ing)|destroy(?:s|ing)?|get(?:ting)? rid of|(?:clean|tidy|tidie)(?:s|ing)? up|tid(?:y|ies|ying) away|kill(?:s|ing)?(?: off)?|(?<![/\\.])bin(?:s|ning)?(?![/\\.\w-])|scrap(?:s|ping)?|decommission(?:s|ing)?|clear(?:s|ing)? (?:[\w-]+ ){0,4}?(?:off|out)|clean-?ups?(?! scripts?\b)|clean (?:it|them|out))\b/i;
// What is stored or run somewhere, named by its kind anywhere in the clause (the object often comes
// after a long name, "the stale feature/old-tariffs and spike/kafka-lockers branches", or before
// the verb, "there are like 300 stale tags, get rid of them"): refs of a repository, environments
// and what they run, stores and what they hold, and a storage URL or a branch written as a path.
export const STORED_THING =
  /\b(?:branch(?:es)?|tags?|environments?|envs?|namespaces?|buckets?|objects?|artifacts?|snapshots?|backups?|apps?|clusters?|instances?|topics?|streams?|workspaces?|projects?|dashboards?|experiments?|exports?|scans?|photos?|copies|versions?|files?|add-ons?|indices|queues?|consumer groups?|checkpoints?|dumps?|galleries|nas|staging|uat)\b|\b(?:s3|gs):\/\/|\b(?:release|feature|spike|hotfix)\//i;
// Tearing something down removes what runs there, whatever it is called ("tear down uat2",
// "Tear it down: - the EKS namespace …").
const TEAR_DOWN = /\btear(?:s|ing)? (?:[\w-]+ ){0,2}?down\b/i;

// Twenty-first session: the removal may name its object only by referring back ("The old passport
// scan backups … are still there: s3://…, s3://…, /mnt/nas01/… Delete all three.", fu-176): read with
// STORED_THING over the request's other clauses.
// Twenty-third session (branch `twin23`): one expression for a removal that refers back, where
// risk.ts had written it again for production data lost ("made a bunch of test bookings in production
// … Can you delete them?", fu-104) with its own verbs (truncate, erase, clean out, clear out): the
// verbs and pronouns of both.
const REMOVAL_ASKED = String.raw`drop|truncate|delete|erase|remove|wipe|nuke|purge|prune|destroy|get rid of|clean up|clean out|clear out`;
export const REMOVES_NAMED_BEFORE = new RegExp(
  String.raw`\b(?:${REMOVAL_ASKED}) (?:them|those|these|it|both|all (?:of them|three|two|four|five|six))\b`,
  "i",
);
// Twenty-second session: or only in the list its clause opens ("Please remove: - staging-safari - the
// old enclosure-cam footage bucket", fy-109): a removal verb that ends its clause (the list's colon
// is not part of it) is read, as REMOVES_NAMED_BEFORE is, with STORED_THING over the other clauses.
export const REMOVES_LISTED_AFTER = new RegExp(String.raw`\b(?:${REMOVAL_ASKED}|tear down):?\s*$`, "i");
/**
 * A removal of stored things or of what runs in an environment: on the development split 33
 * UNCLASSIFIED requests of 27 parts (bm-046 objects in a bucket, dj-017 release branches, ez-043
 * an environment torn down, ez-044 a Kafka topic) are HIGH and the rules read UNKNOWN, and no
 * UNCLASSIFIED request the expression reads is labelled UNKNOWN ("clean up the mess", "get rid of
 * those warnings" and "can you delete them?" name nothing stored).
 */
export const REMOVES_STORED: Matcher = {
  exec: (text) => {
    const torn = TEAR_DOWN.exec(text);
    if (torn) return torn;
    const removal = REMOVAL_VERB.exec(text);
    return removal && STORED_THING.test(text) ? removal : null;
  },
};

// Eighteenth session: files and folders removed, read apart. In a fix, a feature, a refactor or a
// security fix they are the repository's own code ("Delete the legacy folder afterwards" of a port to
// TypeScript, "remove this file and its import in jobs/nightly.py", "drop it in the SFTP folder"):
// the change itself, MEDIUM in the 3 such requests of 3 parts (de-160, ev-155, fe-023 were read
// HIGH), where the guide's deletion raise is for stored files, backups and environments.
// Read in two steps (each verb, then its object within the next words of the sentence), each
// expression linear.
/** The verbs of the deletion rule (risk.ts's DELETES reads them before its stored objects). */
export const DELETION_VERBS = String.raw`delet(?:e|ing)|remov(?:e|ing)|drop(?:ping)?|wip(?:e|ing)|prun(?:e|ing)|purg(?:e|ing)|destroy(?:ing)?|tear(?:ing)? down|nuk(?:e|ing)|clear(?:ing)? out`;
const REMOVAL_OF = new RegExp(String.raw`\b(?:${DELETION_VERBS})\b`, "gi");
const FILES = /\b(?:files?|dirs?|director(?:y|ies)|folders?)\b/i;
const SENTENCE_END = /[;]|\.(?!\S)/;
/** The first removal verb whose object, in the same sentence and within 45 characters, is a file or folder. */
export const deletesFiles = (text: string): RegExpExecArray | null => {
  REMOVAL_OF.lastIndex = 0;
  for (let verb = REMOVAL_OF.exec(text); verb; verb = REMOVAL_OF.exec(text)) {
    const after = text.slice(verb.index + verb[0].length, verb.index + verb[0].length + 52);
    const end = SENTENCE_END.exec(after);
    if (FILES.test(end ? after.slice(0, end.index) : after)) return verb;
  }
  return null;
};

// Production data rewritten (docs/task-labelling.md, "risk": production data deleted, wiped or
// rewritten is CRITICAL; rehearsed on staging first it is HIGH). Split from risk.ts in the
// eighteenth session; riskOf reads these on a DATA_MIGRATION that names production.
import type { Matcher } from "./risk.js";

// Rewrite verbs only: a backfill of a new column or an added index (HIGH, the type's base) is not one.
// Fifteenth session: also a clean-up with its object inside ("clean them up", "tidy up the duplicate
// bib records"), a deletion asked in the passive ("applicant records … have to be removed") and
// stored values shifted by an amount ("every student's exam grade needs to be raised by 5 marks"),
// as bl-024 "Clean them up the same way as last time" and eg-054 "clean it up in prod" are CRITICAL.
// Sixteenth session: also a column nulled out ("4. null out `phone` once the app is on the new build").
// Twenty-first session: also "null" as a verb before its object ("please null the consignee phone
// number … in the production consignments table", fm-157) and stored rows updated to a value
// ("update every 'OOO' row to 'OUT_OF_ORDER'", fu-078): both rewrite what is there (CRITICAL).
// Twenty-fifth session (guide25), the guide's settled row "re-running a data job on production is a
// rewrite" (CRITICAL in 7 of 7 entries, 7 writers): a job re-run, replayed or re-imported writes the
// rows again, whatever it was built for ("re-run the backfill on prod, same as last time", fg-115;
// "re-import the Cap HPI valuations into prod", fb-045; "replay them from store.refunds.v2", fx-149).
// Twenty-sixth session (riskB26): more verbs of rewriting what is stored, read where production is
// the target as the others are: values cleared however long the list before "to NULL" ("sets
// `passport_number` and `passport_expiry` to NULL in the production `travellers` table", dm-049),
// a deletion named as a noun ("write and run the deletion script", hj-035), values swapped back
// ("a migration that swaps them back", em-128), entries reversed ("reverse those credits in
// production", fn-108), records switched to a value ("Switch each to profile `ims-std-4` in the
// **production** UDM", es-178), stored values fixed where they are ("fixes them in place", da-100;
// "fix it in the production catalogue", gc-153), and rows moved into an archive, which leave the
// table ("move the trades before 2020 from the trades table to trades_archive in production", fg-193).
// Twenty-eighth session (riskB28): the guide's re-run also where the job indexes ("Re-index the STAC
// items … in the production catalogue with the corrected cloud_cover field", gc-069: every item is
// written again), a deletion said as "get rid of" ("Get rid of the test patients in the live
// system", gd-140), and a stored value changed from its old value to a new one, whatever the verb
// ("change the d4_expiry year from 2025 to 2026 … on the live database", gj-189; "change the
// tariff_code from 'EVN24' to …", ez-115): the old value is overwritten. An environment after
// "from" is where a copy comes from, not a value.
const REWRITES_DATA =
  /\b(re-?(?:run|import|process|load|play|index)(?:s|ning|ing|ed|es)?|replay(?:s|ing|ed)?|anonymi[sz](e|es|ing)|pseudonymi[sz](e|es|ing)|scrub(bing)?|redact(ing)?|merg(e|es|ing)|replac(e|es|ing)|convert(s|ing)?|correct(s|ing)?|normali[sz](e|es|ing)|lower-?cas(e|es|ing)|overwrit(e|es|ing)|rewrit(e|es|ing)|delet(e|es|ing)|drop(s|ping)?|purg(e|es|ing)|truncat(e|es|ing)|wip(e|es|ing)|eras(e|es|ing)|remov(e|es|ing)|dedup(e|es|ing|licat(e|es|ing))?|(?:clean|tidy|tidie)(?:s|ing)? (?:[\w-]+ ){0,3}?up|(?:to|must|should|will|can) be (?:removed|deleted|purged|erased|wiped|dropped|overwritten|rewritten|merged|anonymi[sz]ed)|(?:rais|increas|decreas|reduc|lower)(?:e|es|ed|ing)? (?:[\w-]+ ){0,3}?by|recomput(e|es|ing)|recalculat(e|es|ing)|multipl(y|ies|ying)|divid(e|es|ing)|trim(s|ming)?|set(s|ting)?\b[^.;]{0,100}?\b(?:to|=)\s*null|deletions?|swap(?:s|ping)?\b[^.;]{0,40}?\bback|revers(?:e|es|ing) (?:the|those|these|all|every|each)\b|switch(?:es|ing)? (?:each|every|all|them|those|these)\b[^.;]{0,40}?\bto|fix(?:es|ing)? (?:it|them|those|these) (?:in place|(?:in|on) (?:the )?prod(?:uction)?)|mov(?:e|es|ing)\b[^.;]{0,80}?\bto (?:the |an? )?[\w.-]{0,40}?archive|get(?:ting)? rid of|from (?!(?:staging|stg|uat|qa|dev|test|prod|production|live)\b)['"`]?[\w-]+['"`]? to ['"`]?[\w-]+|null(?:s|ing)? out|null (?:the|every|all|those|these)|updat(?:e|es|ing) (?:every|all|each|those|these|them)\b[^.;]{0,60}?\bto|update\b[^.;]{0,60}?\bset|mark(?:s|ing)?\b[^.;]{0,80}?\bas)\b/i;
// Thirty-first session (risk31): stored rows marked as a new status ("mark every job with a dismantle
// date before 2025-01-01 as ARCHIVED in the live ScaffTrack db", gs-020) have that status overwritten.
// Seventeenth session: stored values set to a given value ("set them to 'cancelled_by_system'", "In
// prod, set psr.needs.review_due = '2027-03-31' for every ACTIVE registration") rewrite what is
// there, where the same words filling empty values ("set `rink_id = 1` where it is NULL") backfill
// (HIGH, as a backfill is); and stored rows fixed or cleaned out ("can you fix the rows?", "Fix the
// seat counts in prod", "Clean out the bad telemetry rows in prod") are rewritten too: 10 production
// data migrations of 10 parts on the development split are CRITICAL and were read HIGH, none of
// the production migrations these words name is HIGH but the two that fill NULLs.
// Read in two steps (the verb, then a value given after it), each expression linear.
const SET_VERB = /\bset(?:s|ting)?\b/i;
// Thirty-first session (risk31): a value quoted in backticks is given as one in quotes ("set
// `next_medical_due` back to `last_medical_date + 2 years`", gv-091).
const VALUE_GIVEN = /(?:\bto\b|=) ?['"`\d]/i;
const setsValue = (text: string): RegExpExecArray | null => {
  const verb = SET_VERB.exec(text);
  return verb && VALUE_GIVEN.test(text.slice(verb.index, verb.index + 80)) ? verb : null;
};
// Eighteenth session: also a "data fix" named as the work ("### Data fix: mirrored tooth numbers in
// chart_entries (prod)", "Prod data fix: 312 products …"): 5 production data migrations of 5 parts
// that say it are CRITICAL (ff-051 was read HIGH); one that names no environment stays HIGH (bg-176).
// Twenty-eighth session (riskB28): stored values fixed where the request says they are stored,
// whatever they are called ("fix the 1,812 tag numbers in the movements table on the live mart
// server", gm-153; "fix the wrong material numbers in the MES prod DB", eo-047), and a fix script
// run as the work ("run the fix script from last time against mx_work_orders in prod", fi-094):
// fixing what is stored changes it, the guide's production data rewritten (CRITICAL). "fix them like
// last time" names no place (bf-061, HIGH), and "fixing the planner" is code.
const FIXES_ROWS =
  /\bfix(?:es|ing)?(?: up)? (?:the |those |these )?(?:[\w-]+ ){0,2}?(?:rows|data|records|values|entries|counts)\b|\bfix(?:es|ing)?(?: up)? (?:the|those|these|all|every) (?:[\w-]+(?:,\d+)? ){1,4}?(?:in|on) (?:the |our )?[\w-]|\bfix[- ]scripts?\b|\bclean(?:s|ing)? out\b|\bdata[- ]fix(?:es)?\b/i;
export const rewritesRows = (text: string): RegExpExecArray | null =>
  REWRITES_DATA.exec(text) ?? FIXES_ROWS.exec(text) ?? (/\bnull\b/i.test(text) ? null : setsValue(text));
// Eighteenth session: the rehearsal also in the order of the steps, without "first" ("run the script
// on staging, let Aoife check the reminders still go out, then run it on production").
// Read in two steps (staging named, then production after "then" in the same sentence).
// Thirty-first session (risk31): staging by its short form "stg" too, also as a host's suffix
// ("delete the ZZTEST electors on registerdb-stg first, then on prod", hc-176: HIGH).
const FIRST_ON_STAGING = /\b(?:staging|uat|stg)\b[^.;]{0,12}?\bfirst\b|\bfirst (?:in|on|against) (?:the )?(?:staging|uat|stg)\b/i;
const ON_STAGING = /\b(?:on|in) (?:the )?(?:staging|uat|stg)\b/i;
const THEN_PRODUCTION = /\bthen (?:run (?:it|them|this|that|the [\w-]+) )?(?:on|in|against) (?:the )?prod(?:uction)?\b/i;
export const STAGED_FIRST: Matcher = {
  exec: (text) => {
    const first = FIRST_ON_STAGING.exec(text);
    if (first) return first;
    const staging = ON_STAGING.exec(text);
    if (!staging) return null;
    const after = text.slice(staging.index, staging.index + 140);
    const end = /[.;]/.exec(after);
    return THEN_PRODUCTION.test(end ? after.slice(0, end.index) : after) ? staging : null;
  },
};

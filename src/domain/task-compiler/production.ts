// Production as the place the work is done (docs/task-labelling.md, "risk": the production raises
// need production as the target). Split from risk.ts in the twenty-sixth session (riskB26), when
// its rules passed 400 lines; risk.ts reads these for deploys, deletions and rewrites.

// Sixteenth session: "the live portal db" names production as "prod" does (bk-087, eu-116).
// Twenty-second session: "prod-like" is a copy, but "in production like last time" / "like we did"
// compares how the work is done, and production stays the place (bh-077, dv-029: duplicates
// cleaned up in production, CRITICAL, were read HIGH).
// Twenty-fourth session (risk24): so does "the live X" as the place the work is done in ("merge the
// duplicate patients in the live PMR", ga-003: the guide's production named, "the live portal db"),
// whatever the system is called; "live" qualifying a thing the work makes ("a live preview") is no place.
// Thirty-first session (risk31): an environment is also named by its usual short form, production
// as "prd" beside "stg" ("Re-run the sport_code backfill on prd", hb-060; "deploy it to prd at
// 06:00", hb-163), and "live" set apart as a label ("magazine register (live)", gw-093), as the
// guide's production raises read "prod".
export const PRODUCTION =
  /\b(prod|production|prd|(?<=\()live(?=\))|live (?:[\w-]+ )?(?:db|database)|(?<=\b(?:in|on|from|into|out of) the )live(?= [a-z]))\b(?![-\w]*\s*(?:like(?!\s+(?:last|we|you|they|i|before|always|usual|the (?:last|way|other))\b)|replica|copy|snapshot|dump|clone)\b)/i;
// Fourteenth session: a deploy to an environment that is not production moves nobody's money yet:
// on the development split 90 deploys to staging, UAT or a test cluster are HIGH and none is
// CRITICAL, whatever they ship ("Promote the payroll-api image to the UAT environment", while
// the same image promoted to production is CRITICAL). Production named as a target as well
// ("from staging to production") keeps the raise.
// Twenty-first session: the environment may carry a region or a name before it ("to eu-staging",
// fk-043), and production named only to be denied ("Production is NOT part of this ticket. We'll do
// that in January", fv-156) is no target: both such deploys are HIGH.
// Twenty-second session: an arrow names the target as "to" does ("deploy: payrun 4.19.0-rc.2 ->
// staging", fq-164: HIGH).
// Thirty-first session (risk31): staging's short form "stg" too ("deploy to stg"), as "prd" above.
export const NON_PRODUCTION_TARGET =
  /(?:\b(?:to|on|in|into|onto)|->|→) (?:the )?(?:shared )?(?:[a-z0-9]+-)?(?:uat|staging|stg|sandbox|qa|test|dev|pre-?prod)\b/i;
// Thirty-first session (risk31), the guide's settled row "production named only as a later gate sets
// no risk" and its rule "only a target in production ('deploy to prod') makes the production raises
// apply", for a deploy that names another target: production must then be a target too, named after
// a preposition of place as staging is ("then deploy it to prd at 06:00", hb-163: CRITICAL), not a
// thing the release reaches by itself later ("It only goes to production after Jess has checked a
// week of invoices there", gj-143; "nothing goes to production before Kev signs it off", gq-187) nor
// a noun that qualifies something else ("open the change request for the production release",
// hb-081; "Martin picks the production date", gi-174): each a money deploy to staging, HIGH.
export const PRODUCTION_TARGETED =
  /(?:\b(?:to|on|in|into|onto)|->|→) (?:the )?(?:[a-z0-9]+-)?(?:prod|production|prd|live)\b(?! (?:date|release|request|approval|sign-?off|window|slot)s?\b)/i;
const REACHES_PRODUCTION_LATER =
  /\b(?:goes|go|gets|get|reaches|reach|moves|move|lands|land) (?:to|into|onto|on) (?:the )?prod(?:uction)?\b/i;
/** Whether a clause deploys to production itself, rather than naming it as a later gate. */
export const targetsProduction = (text: string): boolean =>
  PRODUCTION_TARGETED.test(text) && !PRODUCTION_NOT_TARGET.test(text) && !REACHES_PRODUCTION_LATER.test(text);
// Twenty-fifth session (guide25), the guide's settled row "production named only as a later gate
// sets no risk" (8 of 8 change entries, 7 writers): "before anything goes to production", "before it
// goes anywhere near prod" say when the result reaches production after this work and someone else's
// check; the work itself deploys where it names ("Deploy royalty-engine 2.8.0 to staging, then let
// Aiko know so she can check the Q3 statements … before anything goes to production", gc-158: HIGH).
// Thirty-first session (risk31): production denied as "nothing on production" too ("Nothing on
// production. Nadia's team starts testing … on staging", gx-186: a staging clean-up, HIGH).
export const PRODUCTION_NOT_TARGET =
  /\bprod(?:uction)? (?:is|are) not\b|\b(?:not|nothing) (?:to |on |in |into )?(?:the )?prod(?:uction)?\b|\b(?:before|until) (?:it|this|that|anything|they|these|the [\w-]+) (?:goes|go|gets|get|reaches|reach|hits|hit|lands|land|is (?:deployed|promoted|released|shipped)) (?:anywhere near |near |to |in |into |on |onto )?(?:the )?prod(?:uction)?\b/i;
// Where stored things are said to be: in production, the live system, or a host or database whose
// name ends in -prod (not a file such as values-prod.yaml). Twenty-sixth session (riskB26): not a
// copy of it ("in the prod copy on the QA database qa-pnr-01", fi-006), as PRODUCTION reads.
export const PRODUCTION_PLACE = String.raw`\b(?:in|from|on|out of) (?:the |our )?(?:prod(?:uction)?|prd|live (?:system|site|environment|db|database)|(?!(?:non|pre)-prod)[\w-]+-prod(?![\w./-]))\b(?! (?:replica|copy|snapshot|dump|clone)s?\b)`;
// Twenty-sixth session (riskB26): production named as where a copy comes from ("the UAT copy of
// policy_admin (refreshed from prod last week)", dv-042; "after the nightly prod -> demo copy",
// dh-077), as what a copy is compared with ("the QA db is Postgres 15, same schema as prod", fi-006),
// as a later step ("on staging (migration 0087). prod comes later.", ca-127) or denied with a modal
// ("Prod must not be touched", dv-042) is not where the work is done: the guide's production raises
// need production as the target ("Production named only as a later gate sets no risk", 8 of 8
// change entries); a rewrite of a copy is the type's base.
const PRODUCTION_AS_SOURCE =
  /\b(?:refresh|cop(?:y|ie)|clon|restor|dump|snapshot|pull|export)\w* (?:[\w-]+ ){0,3}?from (?:the )?prod(?:uction)?\b|\bprod(?:uction)? ?(?:->|→)|\b(?:same [\w-]+ as|like) (?:the )?prod(?:uction)?\b|\bprod(?:uction)? (?:comes |follows )?(?:later|afterwards)\b|\bprod(?:uction)? (?:must|may|should|will|can)(?:n't| not)\b/i;
/** Whether a clause names production only as denied, the source of a copy or a later step. */
export const namesProductionOtherwise = (text: string): boolean => PRODUCTION_NOT_TARGET.test(text) || PRODUCTION_AS_SOURCE.test(text);
/** Whether a clause names production as the place its work is done. */
export const namesProductionTarget = (text: string): boolean => PRODUCTION.test(text) && !namesProductionOtherwise(text);

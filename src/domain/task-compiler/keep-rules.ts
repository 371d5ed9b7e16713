// Rules that open on "keep" (split from constraints.ts in the twenty-third session, when that file
// passed 450 lines): the words a rule may open with, and the readings of an imperative "keep" as a
// rule. constraints.ts decides where each is read (after the ask, in a rule's sentence).

// The words a rule may open with ("and please don't…", "PS: never…"). Each lead-in is one word
// (or "note that", "p.s."): "and please" was also listed whole, so "but please" repeated had two
// readings per pair and a failing match doubled with each (27 pairs hung the compiler); the
// repetition reads it as "but" then "please" anyway.
export const LEAD = String.raw`^(?:(?:and|but|also|please|pls|just|so|then|oh|however|plus|reminder|note|fyi|remember|important|note that|p\.?s\.?)[,:\s]+)*`;

// "keep X" coordinated with a rule in the same sentence shares its force: in "no behaviour change,
// and keep the exported function names" both halves are HARD; alone, "keep the sample forms in
// SQLite" describes a feature.
export const KEEP = new RegExp(`${LEAD}(?:keep|preserve|retain)\\b`, "i");
// Alone, "keep" preserves what exists when its object is something that exists already (the old
// column, the current baseline, a named identifier) and no place is given for it: "Keep the old
// \`vintage\` column", "keep \`name\` for now", "keep the Java 21 baseline". It is never the
// request's first clause, which states the ask, nor a long clause, which goes on to ask ("Keep
// \`calcQuota\`, move the callers of the other two onto it and delete them").
export const KEEP_EXISTING = new RegExp(
  `${LEAD}(?:keep|keeping|preserve|retain)\\s+(?:the\\s+(?:old|existing|current|legacy|original|public)\\b|\\x60|the\\s+[\\w.-]+\\s+\\d)(?![^;]*\\b(?:in|on|at|under|inside|into|within)\\s+(?:the\\s+)?(?:[\\w./-]+\\/|memory|sqlite|cache|redis|a |an ))`,
  "i",
);

// Eleventh session: after the ask, an imperative "keep" is a rule whatever its object ("Keep the
// JSON response byte-identical for existing clients", "Keep Node 18 support", "Keep it behind the
// \`docs_export\` flag"): the writers of the blind parts call it HARD 92 times to 28. Not when it
// makes something new ("keep a mapping file", "keep the new key in Vault"), picks survivors of a
// cleanup ("keep the row with the lowest id", "keep only the first half"), sets a target ("under 1
// GB", which is a criterion), goes on to other work ("…, move the callers onto it and delete the
// others") or asks ("keep the line breaks?"). Thirteenth session: "Must keep the current dedupe
// rules" is the same rule (KEEP_WORKING below for "keep X working"); a retention ("keep products_v6 for a week", "keep the revenue rows …, finance needs them
// for 10 years") forbids deleting what the work would otherwise remove, and the blind writers call
// it HARD (3 of 3), so it no longer excludes. Fourteenth session: what follows a reason ("so the cron
// job still imports from the same place") or a new subject ("…, we'll drop it after the season") is
// no longer read for the exclusions: it is the reason. Survivors in other words ("keep the lower id
// of each pair", "keep one row per singer", "keep the row with the most recent \`updated_at\`"), a
// tone ("keep it short", "keep the tone friendly", eighteenth session "Keep it in plain English") and "keep that in mind" are no rules; nor, seventeenth
// session, is "keep the status column up to date as you go" (ongoing work, as "keep X in sync").
// And a trailing ", keep X" after the ask in the same clause is the same rule ("Merge them into one
// module with a \`window\` parameter, keep both public function names as thin wrappers …"): the rule
// is the words from "keep" on (TRAILING_RULE), its own clause, so what it forbids is not read from
// the ask before it. Fifteenth session: "You must keep local login as a fallback" is the same rule,
// and a place named after a new subject ("…, the hall TVs show it in an iframe") is the reason's,
// not where the kept thing is put.
export const KEEP_RULE = new RegExp(
  `${LEAD}(?:(?:you|we)\\s+must\\s+|must\\s+)?(?:keep|preserve|retain)\\s+(?!(?:a|an|only|it for|working|going|on)\\s|(?:it|the tone|the language|the wording|the text)\\s+(?:in\\s+)?(?:short|shorter|simple|brief|friendly|non-technical|technical|concise|readable|plain|light|casual|formal|polite|neutral|clear)\\b)(?!(?:(?!\\b(?:so|because|since)\\s|,\\s+(?:(?:we|they|i|it|he|she)(?:'\\w+)?|other\\s+\\w+)\\s)[^;])*(?:\\?\\s*$|\\b(?:new|lowest|highest|oldest|newest|latest|earliest|lower|higher|older|newer|most recent|one (?:row|record|entry|copy)|in sync|up to date|in mind|working|delete|remove|drop|move|import)\\b|\\b(?:under|below|within|less than|at most|over|above)\\s+\\d))(?!(?:(?!,\\s+(?:we|they|i|it|he|she|the)\\s)[^;])*\\b(?:in|on|at|under|inside|into|within)\\s+(?:the\\s+)?(?:[\\w./-]+\\/|memory|sqlite|cache|redis|a |an |hot |cold ))`,
  "i",
);

// "No change to the visible page" opens with a prohibition too (thirteenth session).
// "Keep X working" is a rule when it opens a sentence of its own after the ask ("Keep the existing
// API key auth for the wall screens working, they can't do interactive login."); joined to the ask
// by "and" it is part of what the ask delivers ("swap it … and keep the barcode scanning working",
// 2 rows each way in the labels, the joined ones part of the ask).
export const KEEP_WORKING = new RegExp(
  `${LEAD}(?:must\\s+)?keep\\s+(?!working\\b)[^;?]{1,80}?\\sworking\\b(?!\\s+(?:on|through|via)\\b)`,
  "i",
);

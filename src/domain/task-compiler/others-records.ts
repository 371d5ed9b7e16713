// Who can reach records that are not theirs: one reading, read three ways (twenty-third session,
// branch `twin23`). access.ts reads it as access control (docs/task-labelling.md, "risk":
// authentication and access control, tenant isolation, HIGH); risk.ts as money guarded rather than
// computed (the guide's kept convention: money a role is denied is access control, not money work);
// type-cues.ts as a vulnerability described by who can reach what (the guide's table: SECURITY_FIX
// closes a vulnerability). In the twenty-second session two helpers wrote it twice, with different
// words ("by changing the number" and "without being logged in" in type-cues.ts; "belongs to their",
// "cross-tenant" and "ids are sequential" in access.ts); each form below is the principle said one
// way, and every caller reads all of them.
// No imports: access.ts, risk.ts and type-cues.ts all read it, and risk.ts imports the type cues.

// The record's owner named as another party (Thirteenth session: "belongs to their agency", "to the
// logged-in partner's organisation", an IDOR, the cross-org case; fifteenth session: the other owner
// may be anyone, "other students' home addresses", "another teacher's draft quiz", while "the other
// team's setup" or "the other person's profile" points at one known party; the plural possessive,
// "other tenants' shipments", is read up to its "s": no word boundary follows "'").
// Twenty-eighth session (riskB28): the other owner said as "someone else's <record>" ("changing the
// number … showed her someone else's embryo grading report", gf-122; "a patrol report … it was
// someone else's building", gq-135; 15 change requests of 14 parts say it, all HIGH but a venue's
// ticket, gh-194: a ticket or pass presented at a gate is the guide's venue rule, MEDIUM); a bare
// "someone else's." owns no record ("collides with someone else's", ez-096).
const OWNED_BY_ANOTHER =
  /\b(belongs? to (?:their|his|her|its|the (?:[\w-]+ )?(?:user|caller|agent|member|partner|customer|client)'s|the (?:logged-in|signed-in|current) [\w-]+'s) \w+|idors?|insecure direct object|(?<!\b(?:the|that|this|each) )(?:another|other) [a-z]+(?:['’]s|s(?=['’]\s))|cross-(?:tenant|account|agency|org|organi[sz]ation|user|customer)|some(?:one|body) else['’]s(?= [a-z])(?! (?:[\w-]+ )?(?:tickets?|pass(?:es)?)\b))\b/i;
// Twentieth session: what one user can do to anyone's ("Any buyer can read any conversation", "Any
// audiologist can read any patient's audiograms", "Today every steward sees every incident"; df-005,
// dg-078).
// Twenty-eighth session (riskB28): the same said of what the system hands out ("returns any ticket to
// any agent, regardless of market", ds-024; "returns any result by ID without checking the caller's
// clinic", da-017): any record to anyone, or any record by its id, is the reach a check closes.
const ANYONE_READS_ANY =
  /\b(?:returns?|serves?|shows?|gives?) any [\w-]+ (?:by (?:its )?id|to any (?:[\w-]+ )?(?:user|agent|member|customer|client|caller|one|body|staff))\b|\b(?:any|every)(?:one|body|(?: other)? [\w-]+(?: [\w-]+)?) (?:(?:can|could) (?:still )?)?(?:read|reads|see|sees|view|views|open|opens|fetch|fetches|access|accesses|download|downloads|edit|edits|approve|approves) (?:(?:the|all|their) )?(?:any(?:one|body)?|every|other|another|someone)\b/i;
// Twentieth session: records of other owners seen, returned or found ("returns plots from other
// garden associations", "Teachers can find pupils from other schools", "can still see the other
// region's support tickets", "Audiograms of other patients are readable"; cb-153, fl-118, df-093).
const SEEN_FROM_OTHERS =
  /\b(?:see|sees|seeing|saw|seen|read|reads|reading|readable|visible|show|shows|showing|shown|return|returns|returning|returned|find|finds|open|opens|opened|access|accesses|view|views|fetch|fetches|download|downloads)\b[^.;]{0,60}?\b(?:(?:from|of|belonging to) (?:an)?other (?:[\w-]+ )?[a-z]+s\b|(?:the )?other [\w-]+['’]s\b)|\b(?:of|from) (?:an)?other (?:[\w-]+ )?[a-z]+s (?:are|is|were|was) (?:readable|visible|shown|listed|returned)\b/i;
// A record anyone reaches by its id. Twenty-first session: without the word IDOR ("returns the photo
// for any sample id", "Booking ids are sequential, so it's trivial to walk through them"), and a check
// that ties the user to the record ("there is no check on the depot of the user", "check that user
// depot = sample depot"; fm-121, fv-028, ee-188). Twenty-second session: the id changed to reach it
// ("Parents can open other children's diary photos … by changing the number", fz-027; "just by
// changing the id", gb-066, gc-005). Twenty-fourth session (guide24): the id changed in a finite
// verb as well ("to any logged-in customer who changes the id", hi-172; "a practice user can change
// the NHS number in the URL", gd-125), the same reach said by whom, not how.
const REACHED_BY_ANY_ID =
  /\b(?:return|returns|returning|serves?|serving|shows?|showing)\b[^.;]{0,60}?\bfor any `?(?:[\w-]+ )?[\w{}-]*id\b|\b(?:ids?|numbers) (?:are|is) (?:sequential|guessable|incrementing)\b|\bcheck\w* (?:on|of) (?:the )?[\w-]+ of the (?:user|caller|member|customer)\b|\b(?:user|caller)(?:['’]s)? [\w-]+ ?==? ?[\w-]+ [\w-]+\b|\b(?:by (?:just )?(?:changing|editing|incrementing|guessing)|(?:who|you|can|could) (?:just )?(?:changes?|edits?|increments?|guess(?:es)?)) (?:the|a|an) (?:[\w-]+ )?(?:number|id|digits?)\b/i;
// Twenty-second session: records shown to anyone at all, or to whoever is not logged in ("shows every
// member's phone number … to anyone, you don't need to be logged in", fy-076; "shows the recipient's
// full address … to anyone", fz-116); "to anyone who/with …" (a price rule, a sign-off) names whom.
// Twenty-seventh session (riskB27): the same reach said of the login that is missing, whatever the
// verb ("Consent forms can be downloaded without logging in", gh-003; "reachable without login",
// ge-192; "open without login", fy-158; "has no login on it. Anyone with the link can pull …",
// gl-013; "can be listed and read by anyone who has the link", gh-042): records anyone can reach are
// access control (docs/task-labelling.md, guide27: "uploaded documents anyone can read (a public
// bucket, a link that needs no login) are access control, HIGH"): 18 change requests of 15 parts on
// the development split, all HIGH; "the form is public, no login needed" on an injection fix names
// who reaches the flaw, not records reached (gg-035, MEDIUM), and is not read.
const SHOWN_TO_ANYONE =
  /\b(?:shows?|serves?|returns?|exposes?|visible|readable|opens?)\b[^.;\n]{0,80}?\bto anyone\b(?! (?:who|with|in|at|on|that|else)\b)|\b(?:don't|do not|doesn't|does not) (?:even )?(?:need|have) to be logged[- ]in\b|\bwithout (?:being |even being )?logged[- ]in\b|\b(?:reachable|open|opens|served|downloaded|downloads?|download|available|readable|accessible|listed|fetched|works|read|viewable|visible)\b(?: [\w-]+){0,4}? (?:without|with no) (?:[\w-]+ ){0,2}?(?:login|logging in|signing in|authentication|session)\b|\bhas no login\b|\banyone (?:who has|with) (?:the|a) (?:link|url)\b/i;

/** Another party's records, or anyone's, reached by a user: the one expression every caller reads. */
export const OTHERS_RECORDS_REACHED = new RegExp(
  [OWNED_BY_ANOTHER, ANYONE_READS_ANY, SEEN_FROM_OTHERS, REACHED_BY_ANY_ID, SHOWN_TO_ANYONE].map((form) => form.source).join("|"),
  "i",
);

// What resolves a reference the patterns of referents.ts find (thirteenth session): the request
// itself gives the antecedent, though not as an identifier right next to the words. Each rule
// reads the words around the reference, not a list of phrases, and referents.ts records which
// one applied in `x-canon.explanations.ambiguity_notes`.
import { kindOfPath } from "./path-kinds.js";
import { refsIn } from "./scope.js";

// "Find out which listener leaks, then write what you found into the incident doc": "you" is the
// agent, and what it found is the result of the finding the request asks for, not an event outside
// the request. Only after an ask to find it out, and with no earlier time attached ("what you found
// yesterday" points at another session).
const AGENT_FINDING = /^(?:what\s+)?you\s+(?:found|find|discovered|learned|learnt|saw|see|noticed|measured|concluded)\b/i;
const ASKS_TO_FIND =
  /\b(?:find(?: out)?|figure out|work out|investigate|look into|dig into|check|identify|determine|measure|profile|trace|track down|diagnose|analy[sz]e|compare)\b/i;
const EARLIER_TIME =
  /^\s*(?:\w+\s+){0,2}(?:yesterday|last\s+\w+|earlier|before|previously|this morning|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i;
export const agentsOwnFinding = (phrase: string, before: string, after: string): boolean =>
  AGENT_FINDING.test(phrase) && ASKS_TO_FIND.test(before) && !EARLIER_TIME.test(after);

// "redirects, canonical, hreflang, the sitemap, that kind of thing": a general extender closing a
// list of examples stands for the kind the list shows; its antecedent is the list right before it.
const EXTENDER = /^(?:that|this|those|these)\s+(?:kinds?|sorts?|types?)\b/i;
const EXTENDER_FOLLOWS = /^\s*of\s+(?:things?|stuff|issues?|problems?|changes?|checks?)\b/i;
export const generalExtender = (phrase: string, before: string, after: string): boolean =>
  EXTENDER.test(phrase) && EXTENDER_FOLLOWS.test(after) && /,[^,]+,\s*(?:and\s+|or\s+|etc\.?,?\s+)?$/.test(before);

// "Release the REVACC01 load module … Keep the previous module as REVACC0P": a request that puts
// a new X in place (releases, deploys, installs, replaces, upgrades it) makes "the old / previous
// X" the one in place now, which the system holds. The thing must be named by the same noun after
// the replacing verb earlier in the request ("roll back to the previous version" names nothing
// new and stays a question).
const REPLACING = String.raw`\b(?:release|releases|deploy|deploys|install|installs|ship|ships|promote|promotes|replace|replaces|swap|swaps|upgrade|upgrades|update|updates|bump|bumps|roll out|publish|publishes|switch|switches|migrate|migrates|put)\b[^.;!?]*\b`;
export function replacedByTheAsk(phrase: string, requestBefore: string): boolean {
  const noun = /^the (?:old|previous|former|current) ([a-z]+?)s?$/i.exec(phrase.trim())?.[1];
  if (!noun || /^(?:one|version|thing|way|approach|fix|change|value|setting|behaviou?r|state)$/i.test(noun)) return false;
  return new RegExp(`${REPLACING}${noun}s?\\b`, "i").test(requestBefore);
}

// "rewrite docs/crm/getting-started.md … the screenshots and half of the steps in the guide are now
// wrong", "fix that line and the screenshot caption under it": in a request whose work is a
// document it names by its path, an artefact the request does not bring in from outside (after
// "with", "from", "like", "add" …) is part of that document, located as "the screenshot in
// docs/setup.md" is.
const BROUGHT_IN =
  /\b(?:with|from|in|on|per|like|see|using|use|add|adding|insert|attach|attached|paste|embed|include|match|matching|follow|following|according to)\s+(?:the\s+|my\s+|our\s+|this\s+|that\s+)?$/i;
const namesADocument = (request: string): boolean =>
  refsIn(request).some((found) => found.ref.startsWith("fs:") && kindOfPath(found.ref.slice(3)) === "DOCS");
export const partOfNamedDocument = (before: string, request: string): boolean => !BROUGHT_IN.test(before) && namesADocument(request);

// "Go through the runbook …" after "docs/runbooks/ledger-failover.md", "the advisory" beside
// CVE-2026-31877: a document the request names by its path (a segment of the path is the noun) or
// by its identifier is no document outside the request.
const ADVISORY_ID = /\b(?:CVE-\d{4}-\d{3,}|GHSA(?:-[\w]{4}){3})\b|\bSecurity Advisories\b/;
export function documentNamed(phrase: string, request: string): boolean {
  const noun = /([a-z]+?)s?$/i.exec(phrase.trim())?.[1]?.toLowerCase();
  if (!noun || noun.length < 4) return false;
  if (noun === "advisory" || noun === "advisorie") return ADVISORY_ID.test(request);
  return refsIn(request).some(
    (found) =>
      found.ref.startsWith("fs:") &&
      found.ref
        .slice(3)
        .toLowerCase()
        .split(/[/\\._-]+/)
        .some((segment) => segment === noun || segment === `${noun}s`),
  );
}

// "put the new one in the vault and remove the old one", "create a new session instead of
// re-activating the old one", "point the view at the new table. Keep the old table.": where the
// request names a new one, "the old X" is the one the new one replaces, in place now. For "the old
// one" the contrast must be near (its sentence or the one before); a noun must be the same.
export function contrastedWithNew(phrase: string, sentence: string, request: string): boolean {
  const noun = /^the (?:old|previous|former) ([a-z]+?)s?$/i.exec(phrase.trim())?.[1];
  if (!noun) return false;
  if (/^(?:one|version)$/i.test(noun)) return /\bnew\b/i.test(sentence);
  return new RegExp(`\\bnew\\s+(?:[\\w-]+\\s+)?${noun}s?\\b`, "i").test(request);
}

// "for leases that started on 29 February", "the small Python service that talks to the
// projector": "that" after a noun opens a relative clause about that noun; it points at nothing.
// The noun is known by what opens its phrase (an article, a possessive or a preposition) with no
// verb between them.
const NOUN_PHRASE_BEFORE =
  /\b(?:the|a|an|our|their|its|his|her|my|your|every|each|any|some|all|for|of|in|on|at|with|from|about|by|per)\s+((?:[\w-]+\s+){0,3}?)([A-Za-z][\w-]*)\s+$/i;
const NOT_A_NOUN =
  /^(?:is|are|was|were|be|been|being|has|have|had|do|does|did|can|will|would|should|could|may|might|must|said|says|say|saw|see|found|find|made|make|sent|send|wrote|got|get|told|tell|think|thinks|know|knows|mean|means|so|such|sure|than|now|and|but|or|not|just|also|only|check|ensure|verify|show|shows|note|hope|assume|prove|confirm|realize|realise|given|except|seems?)$/i;
export function relativeThat(phrase: string, before: string): boolean {
  if (!/^that\b/i.test(phrase)) return false;
  const found = NOUN_PHRASE_BEFORE.exec(before);
  if (!found) return false;
  const words = [...found[1]!.trim().split(/\s+/).filter(Boolean), found[2]!];
  return words.every((word) => !NOT_A_NOUN.test(word) && !/ed$/i.test(word));
}

// Labels and markup around a rule (split from constraint-forms.ts, twenty-ninth session): a line or
// label that names where rules come from (a rule's source, a list of rules, a rule document), and the
// quote marker, checkbox or emphasis a rule's text is shown without.

// A label that names where a rule comes from, before a colon, in brackets or bold or not: "Repo rule
// (CONTRIBUTING.md): never drop tables", "(DB team rule: no DROP statements against prod
// databases …)", "Policy ISO-STD-12 (…), section 4: only LTS releases …", "README, section
// 'Environment': numpy stays pinned below 2", "**Cluster rules (pinned in #hydra-admin):** do not
// edit anything under /sw/conda/", "(from /etc/motd on labsrv02: nothing gets deployed …)". What
// follows is a rule when it says so by the usual expressions, or when it is a bare denial ("no …",
// "nothing …", "never …", "only …"): the label has already said it binds. A label of another kind
// ("Error:", "Target:") leaves the words to speak alone.
// The words that make a label name a rule's source, before any colon, and not inside a path or
// file name ("rules/", "README.md" as a file to change).
const RULE_SOURCE = String.raw`^[\s*_(]*(?=[^:]{0,80}(?<![\w.-])(?:rules?|polic(?:y|ies)|guidelines?|readme|contributing|motd)\b(?![/.-]\w))`;
export const RULE_SOURCE_LABEL = new RegExp(String.raw`${RULE_SOURCE}[^:]{1,100}?:(?:\*\*|__)?\s+(?=\S)`, "i");
export const BARE_DENIAL = /^(?:no|nothing|none|nobody|no one|never|only|not)\b/i;

// A line that only names a list of rules ("Repository rules (CONTRIBUTING.md):", "_Repository
// rules_", "House rules:", "## Rules for agents", "**REPO RULES** (CONTRIBUTING.md)"): the bullets under it are rules, as they are under
// a "Rules" or "Constraints" heading (segment.ts knows only the one-word headings). Twenty-third
// session: also with the period the rules hold for ("## Rules for this week", "Rules for this
// quarter:", "## Repo rules for this sprint": bk-099, dm-104, bf-025, every bullet labelled HARD); a
// period says when a rule holds, not what it is about (nineteenth session).
export const RULES_LIST_LABEL =
  /^[\s#*_]*(?:[\w-]+\s+){0,3}(?:rules?|polic(?:y|ies)|guidelines|conventions|constraints)[*_]*(?:\s+for\s+(?:agents?|bots?|contributors|(?:this|the) repo(?:sitory)?|changes|commits|prs?|(?:this|the|next)\s+(?:week|sprint|quarter|month|release|year)))?(?:\s*\([^)]*\))?[\s*_:]*$/i;

// A line that only names a repository document of rules, quoted below it (thirteenth session):
// "From CONTRIBUTING.md:", "CONTRIBUTING.md (excerpt):", "--- AGENTS.md (repo root) ---",
// "DEPLOY.md:". The bullets under it are that document's rules, as under "Repo rules:" (4 of 4 in
// the blind parts, where the bullets without a rule word, "Run \`make lint\` before pushing", "Tag
// before deploying", were missed). Only documents that hold rules, and a file name but for the two
// conventional ones: a README or CHANGELOG line may head the list of changes to make in it, and
// "Deploy:" the steps of a deploy.
export const RULE_DOCUMENT_LABEL =
  /^[\s#*_-]*(?:(?:from|per|quoting|in)\s+)?(?:the\s+)?(?:(?:contributing|agents)(?:\.md)?|(?:claude|deploy(?:ing|ment)?|releas(?:e|ing)|conventions|rules|policy|guidelines|code_of_conduct)\.md)\b(?:\s+(?:says|rules?|excerpt))?(?:\s*\([^)]*\))?[\s*_:-]*$/i;

// A clause that is only a rule-source label, split from its rule at the colon by segment.ts ("IT
// policy for that server: no changes under …", "Repo rule: no renames of exported types before
// 4.0"): the next clause of its sentence binds when it is a bare denial.
export const RULE_SOURCE_ALONE = new RegExp(String.raw`${RULE_SOURCE}[^:]{1,100}$`, "i");

// Eighteenth session: a rule's text is shown without the quote marker of a quoted line ("> Schema
// freeze (DBA team): no new files in …"); its words are read with it, so a quoted "Tested on X only"
// states no rule.
const unquoted = (text: string): string => (text.startsWith(">") ? text.replace(/^(?:>\s*)+/, "") : text);

/**
 * A clause's words without the markup that opens it: a checkbox ("[ ] do not add …"), emphasis
 * ("**Never drop …") or, sixteenth session, the number of an item that a line runs on into ("1) Write
 * a failing test … 2) Don't fix it yet": segment.ts reads only a line's first number as a bullet).
 */
/** A rule's text without the quote marker or checkbox that opens it. */
export const unchecked = (text: string): string => unquoted(text).replace(/^\[[ xX]\]\s+/, "");
export const unmarked = (text: string): string => text.replace(/^(?:\[[ xX]\]\s+)?[*_]{1,2}(?=\w)|^\[[ xX]\]\s+|^\d{1,2}\)\s+/, "");

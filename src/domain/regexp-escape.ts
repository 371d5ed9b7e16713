// Text placed inside an expression built for it is escaped first, so that its characters are matched
// as themselves: a request's words in the compiler's rules, a glob's literal characters (globs.ts).
// Thirty-second session: a rule naming its file in brackets ("don't touch its requirements file
// (finance-reports/requirements.txt)", kj-) made an unterminated group, and the compiler threw
// instead of compiling. `RegExp.escape` does this from Node 24; Canon runs on Node 20. `-` is left as
// it is: it is special only inside a class, and no built expression puts text inside one.
const SPECIAL = /[\\^$.*+?()[\]{}|]/g;

export const escapeRegExp = (text: string): string => text.replace(SPECIAL, "\\$&");

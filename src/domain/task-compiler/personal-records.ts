// Records of people handled by a task (split from privacy.ts in the sixteenth session): the
// RESTRICTED cues that tell data handled from an area mentioned (docs/task-labelling.md, "privacy":
// personal, health or payment-card data *handled by the task*; a rule keeping it out of work that
// does not otherwise handle it leaves the task INTERNAL).

// Sixteenth session: "patient" names the people a hospital system serves, and a request about
// that system says it everywhere ("the patient portal", "a Patient resource", "patients complain",
// "for older patients"); it is personal data only where the task handles what is stored about
// patients (docs/task-labelling.md, "privacy": handled, not mentioned): a patient's own data ("each
// patient's allergies", "patients' names"), patient records, rows, files or data named as the
// material, or patients as the object of work on stored records (deleted, merged, anonymised,
// moved, normalised, exported). A rule keeping real patients out ("no real patient data in the
// fixtures") and synthetic or test patients handle none.
// "patient" inside a path or route ("backend/patients/forms.py", "GET /patients/{id}") names code.
const PATIENT = String.raw`(?<![/\w-])patients?(?![/\w-])`;
export const PATIENT_RECORDS = new RegExp(
  [
    // a patient's own data
    String.raw`\bpatient's\b(?! own\b)|\bpatients'(?=\s)`,
    // patient records named as the material, unless a rule keeps real ones out
    String.raw`(?<!\b(?:no|never|not|any|without) (?:real |live )?)\bpatients?[ _](?:records?|data|rows?|files?|details|notes|exports?|cohorts?|sample sheets?|profiles?|phones?|mobiles?|contacts?)\b`,
    // what a row, file or message carries
    String.raw`\b(?:contain|hold|carr)\w*\b[^.;\n]{0,40}?\b(?:real )?${PATIENT}`,
    // data "of patients" ("recordings of patients who withdrew consent") and "their" records
    String.raw`\b[a-z]+s of (?:the |other |all |those |these )?(?:[a-z-]+ )?${PATIENT}|${PATIENT}\b[^.;\n]{0,60}?\btheir (?:EHR|EPR|records?|charts?|notes|data|results)\b`,
    // patients stored twice or held in production, and patients selected by a stored field
    String.raw`\bduplicate ${PATIENT}|${PATIENT}(?: [a-z]+){0,2}? (?:in|on) (?:the )?(?:[\w-]+ )?(?:prod|production|live db|database)\b|${PATIENT} (?:with|whose|where) \`?[a-z]+_[a-z_]+\`? ?(?:=|is\b|are\b)`,
    // one patient's case traced, and a patient another tenant's user reads
    String.raw`\b\d[\d,]* ${PATIENT} (?:who |that )?(?:[a-z]+ed|withdrew|gave|got|were|had)\b|\b(?:a|one|this|that) patient (?:says|said|reports?|reported|complain(?:s|ed)?|got|received)\b|\b(?:returns?|shows?|reads?|lists?|exposes?) (?:a|any|every) ${PATIENT}`,
    // rows written or anonymised in a table of patients, in either order (anonymising is only ever
    // done to real people's data; a delete may be of synthetic rows)
    String.raw`(?:\btable \`?patients\`?|\`(?:\w+\.)?patients?(?:_[a-z]+)?\`|\b\w+\.patients\b|\bpatients table\b)[^.;\n]{0,80}?\b(?:back)?fill(?:s|ed|ing)?\b|\b(?:backfill|insert|overwrite|null(?:s|ed)? out|to null\b|anonymi[sz]|pseudonymi[sz])\w*[^.;\n]{0,60}?(?<![/\w-])\`?(?:\w+\.)?patients?(?:_[a-z]+)?\`?(?![/\w-])`,
    // another person's health or care record opened through an access hole
    String.raw`\b(?:any|another|other)(?: [a-z-]+)? (?:patient|donor|resident|client|customer|member|student|person)(?:'s|s') (?:[a-z-]+ )?(?:consent|care|medical|health|clinical)\b`,
    // patients as the object of work on stored records, within the clause and not past a relative
    // clause or a mention of synthetic data (eighteenth session: imported as well as exported,
    // "Import the patient list from the attached spreadsheet")
    String.raw`\b(?:delet|merg|anonymi[sz]|pseudonymi[sz]|clean(?:s|ed|ing)? up|dedup|migrat(?:e|es|ed|ing)\b|mov(?:e|es|ed|ing)\b|(?:ex|im)port(?:s|ed|ing)?\b|backfill|normali[sz]|correct|eras|purg|wip)\w*\b(?:(?!\b(?:synthetic|fake|faker|seeded|test|that|which|who)\b)[^.;\n]){0,60}?\b${PATIENT}`,
  ].join("|"),
  "i",
);
// A person's identifiers pasted in: a medical record number, a date of birth written as a value
// ("DOB 1941-03-17", "dob=1958-06-02") or an HL7 PID segment, which carries name and birth date.
export const PERSON_IDENTIFIERS = /\bMRN[ :#]?\d{5,}|\bMRN\d{5,}|\bdob\b[\s:=]*\d|(?:^|\s)PID\|/i;

// Sixteenth session: a data-protection law named as the standard the work answers to ("make the
// app HIPAA compliant", "for the GDPR data-flow register", "the HIPAA section of the README", "our
// HIPAA risk assessment", a citation, a quoted word or a path) names no data; named with the data
// it governs ("a GDPR erasure request", "GDPR clean-up: … in the production users table") it does.
export const DATA_PROTECTION_LAW =
  /(?<!['/\w-])(?:gdpr|hipaa)(?!['/\w-])(?! (?:compliant|compliance|audit(?:ors?)?|review|risk|data-flow|register|consent text|section|finding|\d+ CFR)\b)/i;

// People's records deleted, erased, merged, anonymised or cleaned up: a kind of person the system
// stores (customers, donors, claimants, learners …) stored twice ("the duplicate donors in
// production", "duplicate learner accounts"), or as the object of that work ("Delete from the
// production database all policyholders", "delete donor records", "anonymise the claimants table").
// Synthetic, seeded or test people, and a relative clause after the verb, are not that object.
// "owner" is left out: the owner of a plot or a pet record is a relation, not a kind of record.
// Eighteenth session: "clean" alone is the same work ("please clean the old drivers records").
export const PERSON = String.raw`(?:customer|user|client|donor|employee|student|applicant|member|resident|policyholder|claimant|learner|subscriber|annotator|passenger|interpreter|traveller|consignee|borrower|candidate|participant|visitor|rider|guest|volunteer|pupil|driver|tenant|contact)`;
const RECORD_WORK = String.raw`\b(?:delet|eras|merg|anonymi[sz]|pseudonymi[sz]|clean(?:s|ed|ing)?\b|purg)\w*\b(?:(?!\b(?:synthetic|fake|faker|seeded|test|demo|that|which|who|uat)\b)[^.;\n]){0,60}?`;
export const PERSON_RECORDS = new RegExp(
  [
    String.raw`\bduplicate (?:[a-z-]+ )?${PERSON}(?:s\b|[ _](?:records?|rows?|profiles?|accounts?)\b)`,
    // Twenty-second session: accounts stored twice are a person's records whoever holds
    // them ("clean up the duplicate accounts in prod", fx-112; "merge duplicate fan accounts",
    // cb-113; "Duplicate HPC accounts", er-101): 11 of the 11 development requests that name
    // duplicate accounts are RESTRICTED.
    String.raw`\bduplicate (?:[a-z-]+ )?accounts\b`,
    String.raw`${RECORD_WORK}\b(?:former|old|closed|inactive|deleted|withdrawn|all|every|each|the) ${PERSON}(?:s\b|[ _](?:records?|rows?|data|profiles?|table)\b)`,
    String.raw`${RECORD_WORK}(?<!\b(?:not|no|never|without) )\b${PERSON}[ _]?(?:records?|data|details|profiles|notes|files)\b`,
    // Eighteenth session: a person erased is their data erased ("erase the customer from the
    // complaint ticket, all of their data"; a GDPR erasure, ee-080).
    String.raw`\beras(?:e|es|ed|ing) (?:the|this|that|a|one) ${PERSON}\b`,
  ].join("|"),
  "i",
);

/** The words before `index` in its sentence (after the last ".", ";" or line break), at most `reach` characters back. */
export function sentenceUpTo(text: string, index: number, reach: number): string {
  const before = text.slice(Math.max(0, index - reach), index);
  return before.slice(Math.max(before.lastIndexOf("."), before.lastIndexOf(";"), before.lastIndexOf("\n")) + 1);
}

// Eighteenth session: files and documents that are people's own health or identity records
// (X-rays and radiographs, identity, ID and KYC documents, passport and ID scans) deleted, wiped,
// purged, migrated, moved, imported or transferred: the task handles what is stored about people
// (docs/task-labelling.md, "privacy": records of people handled, not mentioned; the writers of
// parts 98k-98m: "records about people read, changed, moved or deleted"). "delete the old x-ray
// backups in s3://…", "Migrate the X-rays over to the new bucket", "delete the old S3 bucket with
// last year's ID scans", "delete, in production, the rows in kyc_documents": 9 of 9 development
// requests RESTRICTED, six writers. A noun ("the move of the radiograph archive", "international
// transfers and retention") and a verb before a colon ("Where things moved: …, X-rays") are no
// such work; an upload, a viewer or a download button works on the code, not the records.
// Read as the noun, then the words before it back to the sentence's start (at most 70
// characters): the verb must be among them and no mention of synthetic data after it. Tried as one
// expression (verb, then any words, then the noun) it backtracked cubically on hostile text.
const PEOPLES_DOCUMENTS =
  /\b(?:x-?rays?|radiographs?|(?:kyc|id|identity)[ _]documents?|kyc[ _](?:docs|files|scans|images|data|records)|passport (?:scans|photos|copies)|(?:id|identity) (?:scans|photos))\b/gi;
const MOVED_OR_DELETED =
  /(?<!\b(?:the|a|an|of|for) )\b(?:delet|eras|purg|wip(?:e|es|ed|ing)\b|migrat|mov(?:e|es|ed|ing)\b|import|transfer(?:red|ring)?\b)[a-z]*\b(?!:)/gi;
const NOT_REAL_OR_RELATIVE = /\b(?:synthetic|fake|faker|seeded|test|demo|that|which|who)\b/i;
export const PEOPLES_DOCUMENTS_MOVED = {
  exec(text: string): RegExpExecArray | null {
    for (const match of text.matchAll(PEOPLES_DOCUMENTS)) {
      const sentence = sentenceUpTo(text, match.index, 70);
      for (const verb of sentence.matchAll(MOVED_OR_DELETED))
        if (!NOT_REAL_OR_RELATIVE.test(sentence.slice(verb.index + verb[0].length))) return match;
    }
    return null;
  },
};

#!/usr/bin/env bash
# Rebuilds test/fixtures/task-corpus-first-contact.json: what the compiler's RULES said about each
# fresh development batch at first contact, i.e. at the commit before any rule was written from
# that batch (docs/task-compiler.md, "Escalation model"). Development data only; the held-out files
# are never read. Needs the git history; the training script reads only the JSON it writes.
set -euo pipefail
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# commit that added the batch | compiler commit that had not seen it | batch file | how it was written:
# "fresh" (a batch written as a check on generality, before checking the compiler on it) or
# "family" (exercises per family of issue 14 by the rules' own author; kept, not trained on)
# (d985e67, 9cafcff, d7a597a, 5fcb6db, f2ffe89, 4c61ce4, c02275b, 0619239, 9bd5475, c896bdc, aa880f4, 6dfa98d, 29380c5, ff19979, 5ce07d2, 59ab409, e86b816, ee2dc31, 2d3f210 and d8e7f63 added requests only, so the compiler at that commit had not
# seen them; 535a208 added parts 97zg-97zi and 854decf parts 97zj-97zl, all scored by 6b61fad, the commit before this session's rules; 375eb8d added parts 97zm-97zr, scored by 638175a, the last commit before any rule was written from them; 6630465 added parts 97zs-97zx, scored by 2bc5cb1; e424819 added parts 97zy-97zzd, scored by 35feae6; de91bfb moved the retired held-out files 94-retired-heldout-* into development, scored by 7a20ec0, the last compiler before they were read)
batches=(
  "d985e67 d985e67 test/fixtures/task-corpus/10-one-liners.yaml family"
  "d985e67 d985e67 test/fixtures/task-corpus/20-references.yaml family"
  "d985e67 d985e67 test/fixtures/task-corpus/30-measures.yaml family"
  "d985e67 d985e67 test/fixtures/task-corpus/40-contradictions.yaml family"
  "d985e67 d985e67 test/fixtures/task-corpus/50-type-cues.yaml family"
  "d985e67 d985e67 test/fixtures/task-corpus/60-risk-privacy-mode.yaml family"
  "d985e67 d985e67 test/fixtures/task-corpus/70-styles-and-paths.yaml family"
  "d985e67 d985e67 test/fixtures/task-corpus/80-clear-short.yaml family"
  "d985e67 d985e67 test/fixtures/task-corpus/90-ambiguous-short.yaml family"
  "9cafcff 9cafcff test/fixtures/task-corpus/95-general.yaml family"
  "57c90fa 57c90fa^ test/fixtures/task-corpus/96-fresh.yaml fresh"
  "66132fd 66132fd^ test/fixtures/task-corpus/97-fresh.yaml fresh"
  "cf931ca cf931ca^ test/fixtures/task-corpus/98-fresh.yaml fresh"
  "ca778e8 ca778e8^ test/fixtures/task-corpus/99-fresh.yaml fresh"
  "fdc2bab fdc2bab^ test/fixtures/task-corpus/99-fresh-b.yaml fresh"
  "d7a597a d7a597a test/fixtures/task-corpus/97-blind-dev.yaml fresh"
  "5fcb6db 5fcb6db test/fixtures/task-corpus/97-blind-dev-b.yaml fresh"
  "5fcb6db 5fcb6db test/fixtures/task-corpus/97-blind-dev-c.yaml fresh"
  "f2ffe89 f2ffe89 test/fixtures/task-corpus/97-blind-dev-d.yaml fresh"
  "f2ffe89 f2ffe89 test/fixtures/task-corpus/97-blind-dev-e.yaml fresh"
  "4c61ce4 4c61ce4 test/fixtures/task-corpus/97-blind-dev-f.yaml fresh"
  "4c61ce4 4c61ce4 test/fixtures/task-corpus/97-blind-dev-g.yaml fresh"
  "c02275b c02275b test/fixtures/task-corpus/97-blind-dev-h.yaml fresh"
  "c02275b c02275b test/fixtures/task-corpus/97-blind-dev-i.yaml fresh"
  "0619239 0619239 test/fixtures/task-corpus/97-blind-dev-j.yaml fresh"
  "0619239 0619239 test/fixtures/task-corpus/97-blind-dev-k.yaml fresh"
  "9bd5475 9bd5475 test/fixtures/task-corpus/97-blind-dev-l.yaml fresh"
  "c896bdc c896bdc test/fixtures/task-corpus/97-blind-dev-m.yaml fresh"
  "aa880f4 aa880f4 test/fixtures/task-corpus/97-blind-dev-n.yaml fresh"
  "6dfa98d 6dfa98d test/fixtures/task-corpus/97-blind-dev-o.yaml fresh"
  "29380c5 29380c5 test/fixtures/task-corpus/97-blind-dev-p.yaml fresh"
  "ff19979 ff19979 test/fixtures/task-corpus/97-blind-dev-q.yaml fresh"
  "5ce07d2 5ce07d2 test/fixtures/task-corpus/97-blind-dev-r.yaml fresh"
  "59ab409 59ab409 test/fixtures/task-corpus/97-blind-dev-s.yaml fresh"
  "e86b816 e86b816 test/fixtures/task-corpus/97-blind-dev-t.yaml fresh"
  "ee2dc31 ee2dc31 test/fixtures/task-corpus/97-blind-dev-u.yaml fresh"
  "ee2dc31 ee2dc31 test/fixtures/task-corpus/97-blind-dev-v.yaml fresh"
  "ee2dc31 ee2dc31 test/fixtures/task-corpus/97-blind-dev-w.yaml fresh"
  "ee2dc31 ee2dc31 test/fixtures/task-corpus/97-blind-dev-x.yaml fresh"
  "ee2dc31 ee2dc31 test/fixtures/task-corpus/97-blind-dev-y.yaml fresh"
  "ee2dc31 ee2dc31 test/fixtures/task-corpus/97-blind-dev-z.yaml fresh"
  "2d3f210 2d3f210 test/fixtures/task-corpus/97-blind-dev-za.yaml fresh"
  "2d3f210 2d3f210 test/fixtures/task-corpus/97-blind-dev-zb.yaml fresh"
  "2d3f210 2d3f210 test/fixtures/task-corpus/97-blind-dev-zc.yaml fresh"
  "d8e7f63 d8e7f63 test/fixtures/task-corpus/97-blind-dev-zd.yaml fresh"
  "d8e7f63 d8e7f63 test/fixtures/task-corpus/97-blind-dev-ze.yaml fresh"
  "d8e7f63 d8e7f63 test/fixtures/task-corpus/97-blind-dev-zf.yaml fresh"
  "535a208 6b61fad test/fixtures/task-corpus/97-blind-dev-zg.yaml fresh"
  "535a208 6b61fad test/fixtures/task-corpus/97-blind-dev-zh.yaml fresh"
  "535a208 6b61fad test/fixtures/task-corpus/97-blind-dev-zi.yaml fresh"
  "854decf 6b61fad test/fixtures/task-corpus/97-blind-dev-zj.yaml fresh"
  "854decf 6b61fad test/fixtures/task-corpus/97-blind-dev-zk.yaml fresh"
  "854decf 6b61fad test/fixtures/task-corpus/97-blind-dev-zl.yaml fresh"
  "375eb8d 638175a test/fixtures/task-corpus/97-blind-dev-zm.yaml fresh"
  "375eb8d 638175a test/fixtures/task-corpus/97-blind-dev-zn.yaml fresh"
  "375eb8d 638175a test/fixtures/task-corpus/97-blind-dev-zo.yaml fresh"
  "375eb8d 638175a test/fixtures/task-corpus/97-blind-dev-zp.yaml fresh"
  "375eb8d 638175a test/fixtures/task-corpus/97-blind-dev-zq.yaml fresh"
  "375eb8d 638175a test/fixtures/task-corpus/97-blind-dev-zr.yaml fresh"
  "6630465 2bc5cb1 test/fixtures/task-corpus/97-blind-dev-zs.yaml fresh"
  "6630465 2bc5cb1 test/fixtures/task-corpus/97-blind-dev-zt.yaml fresh"
  "6630465 2bc5cb1 test/fixtures/task-corpus/97-blind-dev-zu.yaml fresh"
  "6630465 2bc5cb1 test/fixtures/task-corpus/97-blind-dev-zv.yaml fresh"
  "6630465 2bc5cb1 test/fixtures/task-corpus/97-blind-dev-zw.yaml fresh"
  "6630465 2bc5cb1 test/fixtures/task-corpus/97-blind-dev-zx.yaml fresh"
  "e424819 35feae6 test/fixtures/task-corpus/97-blind-dev-zy.yaml fresh"
  "e424819 35feae6 test/fixtures/task-corpus/97-blind-dev-zz.yaml fresh"
  "e424819 35feae6 test/fixtures/task-corpus/97-blind-dev-zza.yaml fresh"
  "e424819 35feae6 test/fixtures/task-corpus/97-blind-dev-zzb.yaml fresh"
  "e424819 35feae6 test/fixtures/task-corpus/97-blind-dev-zzc.yaml fresh"
  "e424819 35feae6 test/fixtures/task-corpus/97-blind-dev-zzd.yaml fresh"
  "de91bfb 7a20ec0 test/fixtures/task-corpus/94-retired-heldout-0.yaml fresh"
  "de91bfb 7a20ec0 test/fixtures/task-corpus/94-retired-heldout-1.yaml fresh"
  "de91bfb 7a20ec0 test/fixtures/task-corpus/94-retired-heldout-2.yaml fresh"
  "de91bfb 7a20ec0 test/fixtures/task-corpus/94-retired-heldout-3.yaml fresh"
  "de91bfb 7a20ec0 test/fixtures/task-corpus/94-retired-heldout-4.yaml fresh"
  "de91bfb 7a20ec0 test/fixtures/task-corpus/94-retired-heldout-5.yaml fresh"
  "de91bfb 7a20ec0 test/fixtures/task-corpus/94-retired-heldout-6.yaml fresh"
  "de91bfb 7a20ec0 test/fixtures/task-corpus/94-retired-heldout-reserve.yaml fresh"
)
for batch in "${batches[@]}"; do
  read -r added compiler file written <<<"$batch"
  # A batch is one file: its requests are often minimal pairs of each other.
  batch="$added/$(basename "$file" .yaml)"
  d="$tmp/${batch//\//_}"
  mkdir -p "$d"
  git -C "$root" archive "$compiler" src | tar -x -C "$d"
  ln -s "$root/node_modules" "$d/node_modules"
  echo '{"type":"module"}' >"$d/package.json"
  git -C "$root" show "$added:$file" >"$d/fixture.yaml"
  cp "$root/scripts/first-contact/run-old.ts" "$d/run.ts"
  (cd "$d" && npx tsx run.ts "$d/src" "$d/fixture.yaml" "$batch" "$(git -C "$root" rev-parse --short "$compiler")" "$written" >"$d/out.json")
done
(cd "$root" && npx tsx scripts/first-contact/merge.ts "$tmp"/*/out.json)

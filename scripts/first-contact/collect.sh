#!/usr/bin/env bash
# Rebuilds test/fixtures/task-corpus-first-contact.json: what the compiler's RULES said about each
# fresh development batch at first contact, i.e. at the commit before any rule was written from
# that batch (docs/task-compiler.md, "Escalation model"). Development data only; the held-out files
# are never read. Needs the git history; the training script reads only the JSON it writes.
set -euo pipefail
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# commit that added the batch | compiler commit that had not seen it | batch file
batches=(
  "57c90fa 57c90fa^ test/fixtures/task-corpus/96-fresh.yaml"
  "66132fd 66132fd^ test/fixtures/task-corpus/97-fresh.yaml"
  "cf931ca cf931ca^ test/fixtures/task-corpus/98-fresh.yaml"
  "ca778e8 ca778e8^ test/fixtures/task-corpus/99-fresh.yaml"
  "fdc2bab fdc2bab^ test/fixtures/task-corpus/99-fresh-b.yaml"
  "d7a597a d7a597a test/fixtures/task-corpus/97-blind-dev.yaml"
)
for batch in "${batches[@]}"; do
  read -r added compiler file <<<"$batch"
  d="$tmp/$added"
  mkdir -p "$d"
  git -C "$root" archive "$compiler" src | tar -x -C "$d"
  ln -s "$root/node_modules" "$d/node_modules"
  echo '{"type":"module"}' >"$d/package.json"
  git -C "$root" show "$added:$file" >"$d/fixture.yaml"
  cp "$root/scripts/first-contact/run-old.ts" "$d/run.ts"
  (cd "$d" && npx tsx run.ts "$d/src" "$d/fixture.yaml" "$added" "$(git -C "$root" rev-parse --short "$compiler")" >"$d/out.json")
done
(cd "$root" && npx tsx scripts/first-contact/merge.ts "$tmp"/*/out.json)

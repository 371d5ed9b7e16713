// Lock resources are scopes: `fs:src/auth/**` covers `fs:src/auth/login.ts`. Two scopes overlap
// when they share a scheme (`fs`, `net`, ...) and some path could match both patterns. Paths are
// compared segment by segment (`**` spans any number of segments); a literal segment against a
// pattern segment is picomatch's call. Two pattern segments (`*.ts` against `login.*`) are taken
// to overlap: deciding glob intersection exactly is not worth it here, and a false "overlap"
// only makes a component wait, where a missed one lets two components write the same files.
import picomatch from "picomatch";

const OPTIONS: picomatch.PicomatchOptions = { dot: true };

function split(resource: string): { scheme: string; segments: string[] } {
  const colon = resource.indexOf(":");
  const path = colon < 0 ? resource : resource.slice(colon + 1);
  return { scheme: colon < 0 ? "" : resource.slice(0, colon), segments: path.split("/").filter((s, i) => s !== "" || i === 0) };
}

const isPattern = (segment: string) => picomatch.scan(segment).isGlob;

function segmentsMeet(a: string, b: string): boolean {
  if (a === b) return true;
  const aPattern = isPattern(a);
  const bPattern = isPattern(b);
  if (aPattern && bPattern) return true;
  if (aPattern) return picomatch.isMatch(b, a, OPTIONS);
  if (bPattern) return picomatch.isMatch(a, b, OPTIONS);
  return false;
}

/** Whether a lock on `a` and a lock on `b` could cover one same thing. */
export function scopesOverlap(a: string, b: string): boolean {
  if (a === b) return true;
  const left = split(a);
  const right = split(b);
  if (left.scheme !== right.scheme) return false;
  const x = left.segments;
  const y = right.segments;
  // meet(i, j): could x[i..] and y[j..] match one same path? Memoized: O(|x|·|y|) for any number of `**`.
  const memo = new Map<number, boolean>();
  const meet = (i: number, j: number): boolean => {
    const key = i * (y.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (i === x.length && j === y.length) result = true;
    else if (x[i] === "**") result = meet(i + 1, j) || (j < y.length && meet(i, j + 1));
    else if (y[j] === "**") result = meet(i, j + 1) || (i < x.length && meet(i + 1, j));
    else if (i === x.length || j === y.length) result = false;
    else result = segmentsMeet(x[i]!, y[j]!) && meet(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  return meet(0, 0);
}

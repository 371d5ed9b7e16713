// A state's identity is the sha256 of its RFC 8785 (JCS) canonical JSON: key order, number
// formatting and whitespace cannot change the hash, so any two Canon instances agree on it.
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import type { ContentHash } from "../contracts/common.js";

export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError("value has no canonical JSON form");
  return text;
}

export function sha256Of(text: string): ContentHash {
  return `sha256:${createHash("sha256").update(text).digest("hex")}`;
}

export const contentHash = (value: unknown): ContentHash => sha256Of(canonicalJson(value));

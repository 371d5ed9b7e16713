// Ambiguity records as Canon stores and shows them, their content-derived ids, and the
// escalation an unresolved one raises.
import type { RiskClass, TaskAmbiguity } from "../../contracts/task-ir.js";
import { sha256Of } from "../content-hash.js";
import type { AmbiguityDraft, AmbiguityEffect, AmbiguityKind } from "./ambiguity.js";

export interface SpanRecord {
  start: number;
  end: number;
  text: string;
}

export interface AmbiguityRecord {
  ambiguity_id: string;
  kind: AmbiguityKind;
  question: string;
  text: string;
  span: SpanRecord | null;
  field: string | null;
  options: string[];
  default_option: string | null;
  /** Whether a caller may accept `default_option` instead of answering (low-risk tasks only). */
  defaultable: boolean;
  resolution: "UNRESOLVED" | "DEFAULTED" | "CLARIFIED" | "ESCALATED";
  answer: string | null;
  answered_by: string | null;
  effect: AmbiguityEffect;
}

/** A person's answer to one ambiguity, kept with the ambiguity it answered. */
export interface Clarification {
  ambiguity_id: string;
  resolution: "CLARIFIED" | "DEFAULTED";
  answer: string;
  answered_by: string;
  ambiguity: AmbiguityRecord;
}

export interface EscalationQuestion {
  ambiguity_id: string;
  question: string;
  options: string[];
  default_option: string | null;
  defaultable: boolean;
}

export interface Escalation {
  escalation_id: string;
  reason: "clarification_needed";
  questions: EscalationQuestion[];
}

export const shortHash = (text: string, length = 16): string => sha256Of(text).slice(7, 7 + length);

export const ambiguityIdOf = (draft: AmbiguityDraft): string =>
  `amb.${draft.kind.replace(/_/g, "-")}.${shortHash([draft.kind, draft.field ?? "", draft.span?.start ?? "", draft.span?.end ?? "", draft.text].join("|"))}`;

/** Turns drafts into records, marking the answered ones; returns the answer of each by id. */
export class AmbiguityLedger {
  readonly records: AmbiguityRecord[] = [];
  private readonly answers: Map<string, Clarification>;

  constructor(
    private readonly text: string,
    clarifications: readonly Clarification[],
  ) {
    this.answers = new Map(clarifications.map((c) => [c.ambiguity_id, c]));
  }

  /** Records the ambiguity; returns its answer (or accepted default) if it has one. */
  decide(draft: AmbiguityDraft): string | null {
    const id = ambiguityIdOf(draft);
    if (this.records.some((r) => r.ambiguity_id === id)) return this.answers.get(id)?.answer ?? null;
    const answer = this.answers.get(id);
    this.records.push({
      ambiguity_id: id,
      kind: draft.kind,
      question: draft.question,
      text: draft.text,
      span: draft.span ? { ...draft.span, text: this.text.slice(draft.span.start, draft.span.end) } : null,
      field: draft.field,
      options: draft.options,
      default_option: draft.defaultOption,
      defaultable: false,
      resolution: answer ? answer.resolution : "UNRESOLVED",
      answer: answer?.answer ?? null,
      answered_by: answer?.answered_by ?? null,
      effect: draft.effect,
    });
    return answer?.answer ?? null;
  }

  /**
   * Answered ambiguities the request no longer raises (the answer removed the doubt) stay on
   * record; unresolved ones escalate. Defaults are offered only on low-risk tasks.
   */
  finish(clarifications: readonly Clarification[], risks: RiskClass[]): AmbiguityRecord[] {
    for (const clarification of clarifications) {
      if (!this.records.some((r) => r.ambiguity_id === clarification.ambiguity_id)) {
        this.records.push({
          ...clarification.ambiguity,
          resolution: clarification.resolution,
          answer: clarification.answer,
          answered_by: clarification.answered_by,
        });
      }
    }
    const lowRisk = risks.every((risk) => risk === "LOW" || risk === "MEDIUM");
    for (const record of this.records) {
      record.defaultable = record.default_option !== null && lowRisk;
      if (record.resolution === "UNRESOLVED") record.resolution = "ESCALATED";
    }
    return this.records;
  }
}

export function escalationOf(records: AmbiguityRecord[]): Escalation | null {
  const open = records.filter((r) => r.resolution === "ESCALATED" || r.resolution === "UNRESOLVED");
  if (!open.length) return null;
  return {
    escalation_id: `esc.${shortHash(open.map((r) => r.ambiguity_id).join("|"))}`,
    reason: "clarification_needed",
    questions: open.map((r) => ({
      ambiguity_id: r.ambiguity_id,
      question: r.question,
      options: r.options,
      default_option: r.default_option,
      defaultable: r.defaultable,
    })),
  };
}

/** The ABI's view of an ambiguity: id, the question, and its resolution. */
export const abiAmbiguity = (record: AmbiguityRecord): TaskAmbiguity => ({
  ambiguity_id: record.ambiguity_id,
  text: record.question,
  resolution: record.resolution,
});

import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's score (0–4) a new member password must reach: 3 is "safely unguessable", about
 * 10^8 guesses or more, and every sign-in attempt also costs an scrypt hash and is throttled.
 */
export const MIN_PASSWORD_SCORE = 3;
/** Characters judged (the estimator's cost grows with length; past this a password is long enough). */
const JUDGED_CHARS = 100;

let factory: ZxcvbnFactory | null = null;
/** Built on first use: the lists (common passwords, English words, names, keyboard graphs) are large. */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
  return factory;
}

export type StrengthVerdict = { ok: true } | { ok: false; score: number; warning: string | null; suggestions: string[] };

/**
 * Whether a new password is strong enough. `userInputs`: what an attacker knows of the person
 * (their e-mail and its parts), so a password built from it counts as weak.
 */
export function checkPasswordStrength(password: string, userInputs: string[]): StrengthVerdict {
  const r = estimator().check(password.slice(0, JUDGED_CHARS), userInputs);
  if (r.score >= MIN_PASSWORD_SCORE) return { ok: true };
  return { ok: false, score: r.score, warning: r.feedback.warning ?? null, suggestions: r.feedback.suggestions };
}

/** The e-mail and its pieces (`gloria.ramirez@example.com` → gloria, ramirez, example). */
export function emailInputs(email: string): string[] {
  return [email, ...email.split(/[@.+_-]/).filter((p) => p.length >= 3)];
}

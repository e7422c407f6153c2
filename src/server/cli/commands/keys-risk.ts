// The keys commands' risk options: per-signal rules, minimum age, embedding keep.
import { DEFAULT_RISK_RULES, riskActions, riskSignals } from '../../../contract/risk-rules';
import type { AdminKey } from '../../../contract/admin';
import type { Options } from '../args';
import { UsageError } from '../errors';
import type { OptionSpec } from '../specs';

export const riskOptions: Record<string, OptionSpec> = {
  risk: {
    type: 'string', multiple: true, value: 'SIGNAL=ACTION',
    description: `what a risk signal does: ${riskActions.join('|')} for ${riskSignals.join(', ')} (repeatable; update: "reset" puts every signal back to its default)`,
  },
  'minimum-age': { type: 'string', value: 'YEARS', description: 'minimum age on the document\'s date of birth (1-120; update: "" for none)' },
  'embedding-retention-days': {
    type: 'string', value: 'DAYS',
    description: 'keep image-free face embeddings this many days past the decision, for repeat detection only (0-3650; update: "" to erase them with the media)',
  },
  'aml-monitoring': { type: 'string', value: 'on|off', description: 'screen the key\'s verified people and companies again after every sanctions/PEP list import (default off)' },
};

/** Digits become numbers for the schema to range-check; '' clears (update). */
const numberOrClear = (v: string) => (v === '' ? null : /^\d+$/.test(v) ? Number(v) : v);

/** Risk flags → body fields; a malformed SIGNAL=ACTION is a usage error naming it. */
export function riskFrom(opts: Options): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (opts.has('risk')) {
    const values = opts.strings('risk');
    if (values.length === 1 && values[0] === 'reset') out.riskRules = null;
    else {
      const rules: Record<string, string> = {};
      for (const v of values) {
        const m = /^([a-z_]+)=([a-z]+)$/.exec(v);
        if (!m) throw new UsageError(`--risk: expected SIGNAL=ACTION (e.g. duplicate_face=decline), got "${v}"`);
        rules[m[1]!] = m[2]!;
      }
      out.riskRules = rules;
    }
  }
  if (opts.has('minimum-age')) out.minimumAge = numberOrClear(opts.string('minimum-age') ?? '');
  if (opts.has('embedding-retention-days')) out.embeddingRetentionDays = numberOrClear(opts.string('embedding-retention-days') ?? '');
  if (opts.has('aml-monitoring')) {
    const v = opts.string('aml-monitoring');
    if (v !== 'on' && v !== 'off') throw new UsageError(`--aml-monitoring: expected on or off, got "${v ?? ''}"`);
    out.amlMonitoring = v === 'on';
  }
  return out;
}

/** The key's risk settings as fields of `keys show`: only the rules that differ are named. */
export function riskFields(k: AdminKey): [string, string][] {
  const changed = Object.entries(k.riskRules ?? {}).filter(([s, a]) => DEFAULT_RISK_RULES[s as keyof typeof DEFAULT_RISK_RULES] !== a);
  return [
    ['risk rules', changed.length ? changed.map(([s, a]) => `${s}=${a}`).join(', ') : 'defaults'],
    ['minimum age', k.minimumAge === null ? 'none' : String(k.minimumAge)],
    ['embeddings kept', k.embeddingRetentionDays === null ? 'with the media' : `${k.embeddingRetentionDays} days`],
    ['aml monitoring', k.amlMonitoring ? 'on' : 'off'],
  ];
}

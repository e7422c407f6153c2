import { describe, expect, it } from 'vitest';
import { defaultCampaignDefinition } from '../../../../contract/campaign';
import { countErrors } from './campaign-editor';
import { errorKey } from './campaign-errors';
import { localLabel, newDocument, newQuestion, toDefinitionValues, withStep } from './campaign-values';

describe('campaign editor values', () => {
  it('opens a stored definition with its defaults filled in and review last, even one the contract now refuses', () => {
    // Liveness required without its step: refused on save, still opened so the editor can say so.
    const opened = toDefinitionValues({ steps: ['business', 'contact'] });
    expect(opened).toEqual({ ...defaultCampaignDefinition, steps: ['business', 'contact', 'review'] });
    expect(toDefinitionValues(undefined)).toEqual(defaultCampaignDefinition);
    expect(toDefinitionValues({ steps: 'nonsense' })).toEqual(defaultCampaignDefinition);
  });

  it('ticks a step into its natural place, keeps a stored order, and keeps review last', () => {
    expect(withStep(['business', 'documents', 'review'], 'contact', true)).toEqual(['business', 'contact', 'documents', 'review']);
    expect(withStep(['documents', 'business', 'review'], 'questions', true)).toEqual(['documents', 'business', 'questions', 'review']);
    expect(withStep(['business', 'officers', 'review'], 'officers', false)).toEqual(['business', 'review']);
    expect(withStep(['business'], 'review', false)).toEqual(['business', 'review']);
  });

  it('starts new rows that do not clash with existing ones', () => {
    expect(newDocument([{ kind: 'business_registration' }])).toEqual({ kind: 'proof_of_address', required: true, maxFiles: 3 });
    expect(newQuestion([{ id: 'question_2' }])).toMatchObject({ id: 'question_3', type: 'short_text', options: [] });
  });

  it('reads campaign text in the reader\'s language, then its base language, then the main text', () => {
    const item = { label: 'Bank letter', labels: { fr: 'Lettre de la banque', 'pt-BR': 'Carta do banco' } };
    expect(localLabel(item, 'fr-CA')).toBe('Lettre de la banque');
    expect(localLabel(item, 'pt-BR')).toBe('Carta do banco');
    expect(localLabel(item, 'de')).toBe('Bank letter');
    expect(localLabel({}, 'de', 'other')).toBe('other');
  });

  it('names each contract message and counts each shown error once', () => {
    expect(errorKey({ type: 'custom', message: 'choice questions need at least 2 options' })).toBe('choiceOptions');
    expect(errorKey({ type: 'too_small', message: 'Too small: expected string to have >=1 characters' })).toBe('required');
    expect(errorKey({ type: 'too_big', message: 'Too big: expected array to have <=50 items' })).toBe('tooMany');
    expect(errorKey({ type: 'something_new', message: 'x' })).toBe('invalid');
    const ref = { focus: () => undefined };
    expect(countErrors({ name: { type: 'too_small', message: 'm', ref }, definition: { questions: { root: { message: 'm' }, 0: { options: { message: 'm' } } } } })).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { localLabel } from './campaign-text';

describe('localLabel', () => {
  const q = { label: 'Annual turnover', labels: { fr: "Chiffre d'affaires", 'pt-BR': 'Faturamento' } };
  it('prefers the exact language, then its base, then the default label', () => {
    expect(localLabel(q, 'pt-BR')).toBe('Faturamento');
    expect(localLabel(q, 'fr-CA')).toBe("Chiffre d'affaires");
    expect(localLabel(q, 'de')).toBe('Annual turnover');
    expect(localLabel({}, 'de', 'other')).toBe('other');
  });
});

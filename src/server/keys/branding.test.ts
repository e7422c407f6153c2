import { describe, expect, it } from 'vitest';
import { brandingOf } from './branding';

describe('brandingOf', () => {
  it("sends the branding name only: '' when unset, never the key's operator name", () => {
    // Whole key rows reach brandingOf at run time, their operator `name` included.
    const key = (name: string, branding: Record<string, unknown>) => ({ name, mode: 'live', branding });
    expect(brandingOf(key('Production', {})).name).toBe('');
    expect(brandingOf(key('default test key', { name: '   ' })).name).toBe('');
    expect(brandingOf(key('Production', { name: 42 })).name).toBe('');
    expect(brandingOf(key('Production', { name: '  Acme Bank ' })).name).toBe('Acme Bank');
  });

  it('keeps only http(s) URLs and hex colours', () => {
    expect(brandingOf({ branding: { logoUrl: 'javascript:alert(1)', accentColor: 'red;}body{x:y', privacyPolicyUrl: 'https://acme.example/p' } }))
      .toEqual({ name: '', logoUrl: null, accentColor: null, privacyPolicyUrl: 'https://acme.example/p' });
    expect(brandingOf({ branding: { logoUrl: 'https://cdn.example/logo.png', accentColor: '#0a7' } }))
      .toMatchObject({ logoUrl: 'https://cdn.example/logo.png', accentColor: '#0a7' });
  });
});

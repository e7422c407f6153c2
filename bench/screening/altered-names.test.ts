import { describe, expect, it } from 'vitest';
import { alter } from './altered-names';
import { seeded } from './common-names';

describe('alterations of listed names', () => {
  const r = () => seeded(3);
  it('each does what it says', () => {
    expect(alter('BIN LADIN, Usama', 'person', 'exact', r())).toBe('Usama BIN LADIN');
    expect(alter('BIN LADIN, Usama', 'person', 'order', r())).toBe('BIN LADIN Usama');
    expect(alter('Müller, Jürgen', 'person', 'diacritics', r())).toBe('Jurgen Muller');
    expect(alter('ALI, Ahmed Mohammed Hassan', 'person', 'missing_part', r())!.split(' ')).toHaveLength(3);
    expect(alter('SMITH, John', 'person', 'initial', r())).toBe('J. SMITH');
    const typo = alter('KATANGA, Germain', 'person', 'typo', r())!;
    expect(typo).not.toBe('Germain KATANGA');
    expect(typo.length - 'Germain KATANGA'.length).toBeLessThanOrEqual(1);
    expect(alter('RAHMAN, Abdul', 'person', 'joined', r())).toMatch(/^(Abdulrahman|Abdul-RAHMAN)$/i);
    expect(alter('Jean-Pierre BEMBA', 'person', 'split', r())).toBe('Jean Pierre BEMBA');
    expect(alter('Mohammed KHAN', 'person', 'transliteration', r())).toMatch(/Muhammad KHAN|Mohammed HAN/);
    expect(alter('GOLDEN STAR TRADING CO., LTD.', 'organization', 'legal_form', r())).not.toBe('GOLDEN STAR TRADING CO., LTD.');
    expect(alter('Usama', 'person', 'order', r())).toBeNull();
  });
});

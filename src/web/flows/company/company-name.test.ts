import { describe, expect, it } from 'vitest';
import { capitaliseSentences } from './company-name';

describe('capitaliseSentences', () => {
  it('capitalises the start and each sentence, leaving the rest', () => {
    expect(capitaliseSentences('the company that sent you this link will check them. the company will call.', 'en'))
      .toBe('The company that sent you this link will check them. The company will call.');
    expect(capitaliseSentences('Ask the company for a new link.', 'en')).toBe('Ask the company for a new link.');
    expect(capitaliseSentences('é bom', 'pt')).toBe('É bom');
  });
});

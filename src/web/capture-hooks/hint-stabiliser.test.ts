import { describe, expect, it } from 'vitest';
import { createStabiliser } from './hint-stabiliser';

describe('createStabiliser', () => {
  it('shows the first value at once', () => {
    expect(createStabiliser<string>(300)('no-face', 0)).toBe('no-face');
  });

  it('switches only after the new value held long enough', () => {
    const s = createStabiliser<string>(300);
    s('no-face', 0);
    expect(s('too-far', 100)).toBe('no-face');
    expect(s('too-far', 300)).toBe('no-face');
    expect(s('too-far', 400)).toBe('too-far');
  });

  it('restarts the wait when the candidate changes or the shown value comes back', () => {
    const s = createStabiliser<string>(300);
    s('a', 0);
    s('b', 100);
    expect(s('c', 350)).toBe('a');
    expect(s('a', 400)).toBe('a');
    expect(s('c', 500)).toBe('a');
    expect(s('c', 799)).toBe('a');
    expect(s('c', 800)).toBe('c');
  });
});

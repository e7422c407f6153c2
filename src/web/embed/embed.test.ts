import { describe, expect, it, vi } from 'vitest';
import { isFramed, parentOrigin, postToParent, type EmbedWindow } from './parent-messages';
import { buildRedirectUrl, freshStatus } from './redirect';

function framedWindow(opts: { ancestors?: string[]; referrer?: string; framed?: boolean }) {
  const parent = { postMessage: vi.fn() };
  const win: EmbedWindow = {
    parent,
    location: opts.ancestors ? { ancestorOrigins: Object.assign([...opts.ancestors], { length: opts.ancestors.length }) } : {},
    document: { referrer: opts.referrer ?? '' },
  };
  if (opts.framed === false) win.parent = win;
  return { win, parent };
}

describe('parent messages', () => {
  it('sends nothing when not framed', () => {
    const { win, parent } = framedWindow({ framed: false, referrer: 'https://shop.example/a' });
    expect(isFramed(win)).toBe(false);
    expect(postToParent({ type: 'idv:step', verificationId: 'v', step: 'selfie' }, win)).toBe(false);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('targets the origin the browser reports for the parent, never "*"', () => {
    const { win, parent } = framedWindow({ ancestors: ['https://shop.example'], referrer: 'https://other.example/x' });
    expect(parentOrigin(win)).toBe('https://shop.example');
    const message = { type: 'idv:completed', verificationId: 'v1', status: 'completed' } as const;
    expect(postToParent(message, win)).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith(message, 'https://shop.example');
  });

  it('falls back on the referrer origin, and sends nothing when no origin is known', () => {
    expect(parentOrigin(framedWindow({ referrer: 'https://shop.example/checkout?x=1' }).win)).toBe('https://shop.example');
    const { win, parent } = framedWindow({ referrer: '' });
    expect(postToParent({ type: 'idv:error', verificationId: 'v', error: 'closed' }, win)).toBe(false);
    expect(parent.postMessage).not.toHaveBeenCalled();
    expect(parentOrigin(framedWindow({ ancestors: ['null'] }).win)).toBeNull();
  });
});

describe('redirect url', () => {
  it('adds verificationId and status and keeps the rest', () => {
    expect(buildRedirectUrl('https://shop.example/done?order=7#top', 'v1', 'completed'))
      .toBe('https://shop.example/done?order=7&verificationId=v1&status=completed#top');
  });

  it('overrides spoofed parameters', () => {
    expect(buildRedirectUrl('https://shop.example/?status=successful', 'v1', 'completed'))
      .toBe('https://shop.example/?status=completed&verificationId=v1');
  });

  it('refuses anything but absolute http(s) URLs', () => {
    expect(buildRedirectUrl('javascript:alert(1)', 'v', 's')).toBeNull();
    expect(buildRedirectUrl('/relative', 'v', 's')).toBeNull();
    expect(buildRedirectUrl(null, 'v', 's')).toBeNull();
  });
});

describe('freshStatus', () => {
  it('takes the status the server has now', async () => {
    await expect(freshStatus(async () => ({ status: 'successful' }), 'started')).resolves.toBe('successful');
  });

  it('keeps the known status when the server fails or does not answer in time', async () => {
    await expect(freshStatus(async () => { throw new Error('offline'); }, 'started')).resolves.toBe('started');
    const hanging = (signal: AbortSignal) => new Promise<{ status: string }>((_, reject) => {
      signal.addEventListener('abort', () => reject(new Error('aborted')));
    });
    await expect(freshStatus(hanging, 'completed', 20)).resolves.toBe('completed');
  });
});

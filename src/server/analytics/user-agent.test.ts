import { describe, expect, it } from 'vitest';
import { deviceAndBrowser } from './user-agent';

describe('deviceAndBrowser', () => {
  it('names a phone, a tablet and a desktop browser', () => {
    expect(deviceAndBrowser('Mozilla/5.0 (Linux; Android 10; SM-A105F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'))
      .toEqual({ device: 'mobile', browser: 'Chrome' });
    expect(deviceAndBrowser('Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1'))
      .toEqual({ device: 'tablet', browser: 'Safari' });
    expect(deviceAndBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'))
      .toEqual({ device: 'desktop', browser: 'Firefox' });
  });

  it('keeps nothing unknown as more than a word', () => {
    expect(deviceAndBrowser(undefined)).toEqual({ device: 'unknown', browser: 'unknown' });
    const odd = deviceAndBrowser('x'.repeat(5000));
    expect(odd.device).toBe('unknown');
    expect(odd.browser.length).toBeLessThanOrEqual(40);
  });
});

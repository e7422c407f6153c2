import Bowser from 'bowser';
import { deviceClasses } from '../../contract/overview';

/**
 * Device class and browser family of a User-Agent, the only things the overview keeps of it (the
 * string itself is never stored). Bowser (MIT) knows the field's long tail of browsers; anything
 * it cannot name is `unknown` or `other`, and a name is capped so a forged header stays short.
 */
export function deviceAndBrowser(userAgent: string | undefined): { device: string; browser: string } {
  if (!userAgent) return { device: 'unknown', browser: 'unknown' };
  try {
    const parsed = Bowser.getParser(userAgent.slice(0, 512));
    const platform = parsed.getPlatformType(true);
    const device = (deviceClasses as readonly string[]).includes(platform) ? platform : 'unknown';
    const name = parsed.getBrowserName().trim().slice(0, 40);
    return { device, browser: name || 'other' };
  } catch {
    return { device: 'unknown', browser: 'unknown' };
  }
}

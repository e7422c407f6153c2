import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Touch target, CSS px: WCAG 2.5.5's 44, stricter than 2.2 AA's 24. */
export const TOUCH_TARGET_PX = 44;

/**
 * The screen as it is now: no WCAG 2.2 A/AA violation axe-core can find; reflows (no
 * horizontal scrolling at the current width: WCAG 1.4.10 asks for 320 CSS px); every control
 * at least 44 px in both directions (a radio or checkbox counts with its label; links inside a
 * sentence are exempt, as in 2.5.5); every field marked invalid names its error text; and with
 * reduced motion asked for, nothing animates for longer than a blink.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `${screen}: axe-core violations`).toEqual([]);
  const checks = await page.evaluate((min) => {
    const el = document.scrollingElement ?? document.documentElement;
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const name = (e: Element) => `${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `[data-testid=${e.getAttribute('data-testid')}]` : ''} "${(e.textContent ?? '').trim().slice(0, 30)}"`;
    const small: string[] = [];
    for (const e of document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=button], summary')) {
      if (!visible(e) && !(e instanceof HTMLInputElement && (e.type === 'file' || e.type === 'radio' || e.type === 'checkbox'))) continue;
      if (e instanceof HTMLInputElement && e.type === 'file') continue;
      if (e.tagName === 'A' && e.closest('p, li, dd, td') && !e.matches('[class*=button]')) continue;
      const target = e instanceof HTMLInputElement && (e.type === 'radio' || e.type === 'checkbox') ? (e.closest('label') ?? e) : e;
      if (!visible(target)) continue;
      const r = target.getBoundingClientRect();
      if (r.width < min - 0.5 || r.height < min - 0.5) small.push(`${name(target)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    const unlinkedErrors: string[] = [];
    for (const e of document.querySelectorAll('[aria-invalid="true"]')) {
      const ids = (e.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const text = ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join(' ');
      if (!text) unlinkedErrors.push(name(e));
    }
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    const moving = reduced ? document.getAnimations()
      .filter((a) => Number(a.effect?.getComputedTiming().duration ?? 0) > 50)
      .map((a) => `${(a as CSSAnimation).animationName ?? 'animation'} ${String(a.effect?.getComputedTiming().duration)} ms`) : [];
    return { overflow: el.scrollWidth - el.clientWidth, small, unlinkedErrors, moving };
  }, TOUCH_TARGET_PX);
  expect(checks.overflow, `${screen}: horizontal overflow in px`).toBeLessThanOrEqual(0);
  expect(checks.small, `${screen}: touch targets under ${TOUCH_TARGET_PX} px`).toEqual([]);
  expect(checks.unlinkedErrors, `${screen}: invalid fields without a linked error text`).toEqual([]);
  expect(checks.moving, `${screen}: animations despite reduced motion`).toEqual([]);
}

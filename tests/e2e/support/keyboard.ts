import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Why the focused element shows no focus indicator, or null when it shows one: a computed outline
 * (style not 'none', width > 0) or a box-shadow ring. A visually hidden control (a 1 px radio behind a
 * styled label) shows its ring on its label, so the label is checked instead.
 */
export function missingFocusRing(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing has focus';
    const box = el.getBoundingClientRect();
    const hidden = box.width <= 1 && box.height <= 1;
    const shown = hidden ? (el.closest('label') ?? (el.id && document.querySelector(`label[for="${el.id}"]`))) : el;
    const what = `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    if (!shown) return `${what} is visually hidden and has no label to show its focus`;
    const style = getComputedStyle(shown);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== '' && style.boxShadow !== 'none';
    return outline || ring ? null : `${what} has no outline or ring`;
  });
}

/** A control, or a CSS selector the focused element must match (one of many, say an open day in a calendar). */
export type Target = Locator | string;
const isFocused = (page: Page, target: Target) =>
  typeof target === 'string'
    ? page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, target)
    : // evaluateAll, unlike evaluate, does not wait for a control that is not there (yet)
      target.evaluateAll((els) => els.some((el) => el === document.activeElement));

/**
 * Presses Tab (or Shift+Tab) until `target` has focus (none when it has already), failing at any stop
 * without a visible focus indicator or after `max` presses. Returns how many presses it took.
 */
export async function tabTo(page: Page, target: Target, opts: { back?: boolean; max?: number } = {}): Promise<number> {
  const max = opts.max ?? 80;
  if (await isFocused(page, target)) return 0;
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    const missing = await missingFocusRing(page);
    if (missing) throw new Error(`focus stop ${i} on the way to ${target}: ${missing}`);
    if (await isFocused(page, target)) return i;
  }
  throw new Error(`${target} not reached in ${max} presses of ${opts.back ? 'Shift+Tab' : 'Tab'}`);
}

/** Tabs to a text field and types into it, as a person would. */
export async function typeInto(page: Page, field: Target, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Tabs to a control and presses `key` on it (Enter for links and buttons, Space for boxes). */
export async function press(page: Page, control: Target, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await tabTo(page, control);
  await page.keyboard.press(key);
}

/** Moves a focused closed <select> with the arrow keys until it shows `label`. */
export async function arrowSelect(page: Page, select: Locator, label: string, max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.label)) === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`${select} never showed "${label}"`);
}

/**
 * Waits up to 5 s for `locator` to hold the focus. A dialog or menu hands focus back after it has closed
 * (Radix does it in a later task), and a page moves focus to an error once it is drawn, so one read at once
 * races the page; this fails only when the focus never arrives.
 */
export async function expectFocused(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluateAll((els) => els.some((el) => el === document.activeElement)), { timeout: 5_000 })
    .toBe(true);
}

import type { Page } from 'playwright-core';

/** The smallest width WCAG 1.4.10 (Reflow) asks a page to work at without sideways scrolling. */
export const reflowViewport = { width: 320, height: 640 };

/**
 * Text at 200% (WCAG 1.4.4), as a browser's text-size setting does it: the root font size doubles and
 * every rem-sized length (all of Tailwind's) with it. Page zoom would be a wider viewport in disguise.
 */
export const doubleTextSize = (page: Page) => page.addStyleTag({ content: 'html { font-size: 200% !important; }' });

export type ReflowProblem = string;

/**
 * What does not fit at the current width: the document scrolling sideways, and every visible interactive
 * element (a, button, input, select, textarea, [tabindex]) whose box reaches past either edge of the
 * viewport. An element clipped by a scrolling ancestor (a tab strip that scrolls on its own) is not
 * visible there, so it counts only when that ancestor itself pokes out.
 */
export function reflowProblems(page: Page): Promise<ReflowProblem[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];
    if (root.scrollWidth > width) problems.push(`document is ${root.scrollWidth}px wide in a ${width}px viewport`);
    const describe = (el: Element) => {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}"`;
    };
    const clippedBy = (el: Element): Element | null => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX)) return p;
      }
      return null;
    };
    for (const el of document.querySelectorAll('a, button, input, select, textarea, [tabindex]')) {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      // A visually hidden element (sr-only: a 1 px box, clipped) is for screen readers, not on screen.
      if (box.width <= 1 && box.height <= 1) continue;
      const clip = clippedBy(el);
      const shown = clip ? clip.getBoundingClientRect() : box;
      const left = clip ? Math.max(box.left, shown.left) : box.left;
      const right = clip ? Math.min(box.right, shown.right) : box.right;
      if (right <= left) continue; // scrolled out of its own strip: reachable by scrolling that strip
      if (left < -0.5 || right > width + 0.5)
        problems.push(`${describe(el)} spans x ${Math.round(left)}..${Math.round(right)} of ${width}`);
    }
    return problems;
  });
}

import { expect, type Locator, type Page } from '@playwright/test';

// Moving through a page by keyboard alone: Tab (or Shift+Tab) until a control has the focus, and checks that the
// focused control shows it.

/** True when the focused element is the locator's element or inside it. */
async function holdsFocus(target: Locator): Promise<boolean> {
  if ((await target.count()) === 0) return false;
  return target.first().evaluate((element) => element.contains(document.activeElement));
}

/** The focused element as a person would describe it, for failure messages. */
async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'the page itself (nothing focused)';
    const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
    return `<${element.tagName.toLowerCase()}> ${label.replace(/\s+/g, ' ').trim().slice(0, 80)}`;
  });
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until the target, or a control inside it, has the focus. Fails when it
 * is not reached within `max` presses: something that cannot be reached by Tab cannot be used by keyboard.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { max?: number; backwards?: boolean } = {},
): Promise<void> {
  const max = options.max ?? 60;
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  const passed: string[] = [];
  for (let presses = 0; presses < max; presses += 1) {
    if (await holdsFocus(target)) return;
    await page.keyboard.press(key);
    passed.push(await describeFocus(page));
  }
  if (await holdsFocus(target)) return;
  throw new Error(
    `${max} presses of ${key} did not reach ${target.toString()}; the focus went through:\n  ${passed.join('\n  ')}`,
  );
}

/**
 * The focused control shows a focus indicator: it matches :focus-visible and it (or the label around it, or for a
 * visually hidden native input the element drawn in its place) has an outline or a box shadow. Polled, as focus
 * rings may fade in.
 */
export async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return 'nothing is focused';
          if (!element.matches(':focus-visible')) return 'the focused element does not match :focus-visible';
          const shows = (candidate: Element) => {
            const style = getComputedStyle(candidate);
            const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
            return outline || style.boxShadow !== 'none';
          };
          // A radio or checkbox may draw its ring on the label around it (:has(:focus-visible)), and a visually
          // hidden native input on the element drawn in its place.
          const box = element.getBoundingClientRect();
          const drawnElsewhere =
            box.width <= 1 || box.height <= 1 || getComputedStyle(element).opacity === '0';
          const candidates = [
            element,
            element.closest('label'),
            drawnElsewhere ? element.nextElementSibling : null,
          ];
          if (candidates.some((candidate) => candidate && shows(candidate))) return 'visible';
          const style = getComputedStyle(element);
          return `no focus indicator on <${element.tagName.toLowerCase()}> (outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow})`;
        }),
      { message: `the focus on ${what} is visible` },
    )
    .toBe('visible');
}

/** The text the focused element is named by (aria-label, else its text). */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return (element?.getAttribute('aria-label') ?? element?.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}

/** Presses a key `times` times. */
export async function pressTimes(page: Page, key: string, times: number): Promise<void> {
  for (let count = 0; count < times; count += 1) await page.keyboard.press(key);
}

import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Signs the browser context in as a staff member through the API, so a test starts in the admin area. */
export async function signInStaff(context: BrowserContext, url: string, password: string, username = 'admin') {
  const res = await context.request.post(`${url}/api/staff/sign-in`, { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Radix copies each toast into a live region for screen readers: the first match is the toast. */
export const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

import { createHmac } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';

export const PASSWORD = 'correct-horse-42';

/** A fresh address per test: tests run in parallel against one server. */
export function uniqueEmail(): string {
  return `${Date.now()}-${Math.random().toString(36).slice(2, 10)}@e2e.test`;
}

/** Marks every page of the context as onboarded before its scripts run. */
export async function markContextOnboarded(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem('onboarded', 'true'));
}

/** Creates a confirmed account straight through the auth service (POST /auth/v1/signup). */
export async function createAccount(request: APIRequestContext, email: string, password = PASSWORD) {
  const response = await request.post('/auth/v1/signup', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fills the active tab of /auth and submits it. */
export async function submitAuthForm(
  page: Page,
  tab: 'Sign In' | 'Sign Up',
  email: string,
  password: string,
  /** Sign Up only: the optional name. */
  name?: string,
) {
  await page.getByRole('tab', { name: tab }).click();
  // The tab follows the address (?tab=…), so the other tab's form can still be on screen for a moment
  // after the click: typing then would fill the form that is about to be replaced. Wait for this one.
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: tab, exact: true })).toBeVisible();
  if (name !== undefined) await page.getByLabel('Name (optional)').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: tab, exact: true }).click();
}

/** Signs in through /auth and waits for home. */
export async function signInThroughUi(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/auth');
  await submitAuthForm(page, 'Sign In', email, password);
  // The toast lasts 1.5 s (auth.spec.ts checks it); the lasting signs are the redirect and the header.
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(signOutButton(page)).toBeVisible();
}

/** The header's sign-out button (shown only when signed in). */
export function signOutButton(page: Page) {
  return page.getByRole('button', { name: 'Sign out', exact: true });
}

/** Signs out from the header: the icon asks first ('Sign out?'), and the dialog's Sign out confirms. */
export async function signOutThroughUi(page: Page) {
  await signOutButton(page).click();
  await page
    .getByRole('alertdialog', { name: 'Sign out?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
}

interface StoredMail {
  to: string;
  kind: string;
  link?: string;
  code: string;
}

/**
 * The newest mail of `kind` to `to`, read from the outbox the server writes without SMTP: a .json per
 * mail (to, kind, link, code) in DATA_DIR/mail. The e2e config sets DATA_DIR to E2E_DATA_DIR.
 */
export async function waitForMail(to: string, kind: string): Promise<StoredMail> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const dir = join(dataDir, 'mail');
  let found: StoredMail | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(dir).catch(() => [] as string[])).filter((name) =>
          name.endsWith('.json'),
        );
        for (const name of names.sort().reverse()) {
          const mail = JSON.parse(await readFile(join(dir, name), 'utf8')) as StoredMail;
          if (mail.to === to.toLowerCase() && mail.kind === kind) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `a ${kind} mail to ${to} in ${dir}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as StoredMail;
}

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The current RFC 6238 code of a base32 TOTP secret (SHA-1, 30 s, 6 digits), as an authenticator app shows it. */
export function totpCode(secret: string, now = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

import { expect, test } from '@playwright/test';
import {
  createAccount,
  markContextOnboarded,
  PASSWORD,
  signInThroughUi,
  signOutButton,
  signOutThroughUi,
  submitAuthForm,
  totpCode,
  uniqueEmail,
  waitForMail,
} from './support/auth';
import { expectNoSeriousA11yViolations, markOnboarded } from './support/shell';

const readStorage = (page: import('@playwright/test').Page, key: string) =>
  page.evaluate((name) => window.localStorage.getItem(name), key);

test.describe('sign up and sign in', () => {
  test.beforeEach(async ({ context }) => {
    await markContextOnboarded(context);
  });

  test('sign up, reload, still signed in, sign out', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/auth');
    // No has_account yet: Sign Up is the default tab.
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await submitAuthForm(page, 'Sign Up', email, PASSWORD);

    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(page.getByText('Signing you in...')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(signOutButton(page)).toBeVisible();
    expect(await readStorage(page, 'has_account')).toBe('true');

    await page.reload();
    await expect(signOutButton(page)).toBeVisible();

    await signOutThroughUi(page);
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await expect(page.getByRole('link', { name: 'SIGN UP' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'SIGN UP' })).toBeVisible();

    // has_account is kept: the next visit to /auth opens on Sign In.
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a wrong password shows Sign In Error; the right one signs in', async ({ page }) => {
    const email = uniqueEmail();
    await createAccount(page.request, email);
    await page.goto('/auth');
    await submitAuthForm(page, 'Sign In', email, 'not-the-password');

    await expect(page.getByText('Sign In Error')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    await expect(signOutButton(page)).toHaveCount(0);

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a weak password is refused with its reason', async ({ page }) => {
    await page.goto('/auth');
    await submitAuthForm(page, 'Sign Up', uniqueEmail(), '123');
    await expect(page.getByText('Sign Up Error')).toBeVisible();
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    // Said once, under the field, with the server's minimum (the toast only names the failure).
    await expect(page.getByText(/^Password should be at least \d+ characters\.$/)).toHaveCount(1);
    await expect(password).toHaveAccessibleDescription(/Password should be at least \d+ characters\./);
    await expect(password).toBeFocused();
  });

  test('after signing in, a waiting post draft leads back to /create-post', async ({ page }) => {
    const email = uniqueEmail();
    await createAccount(page.request, email);
    await page.goto('/auth');
    await page.evaluate(() => window.localStorage.setItem('postDraft', JSON.stringify({ caption: 'Linen' })));
    await submitAuthForm(page, 'Sign In', email, PASSWORD);
    await expect(page).toHaveURL(/\/create-post$/);
  });

  test('a signed-in visitor on /auth goes home', async ({ page }) => {
    const email = uniqueEmail();
    await createAccount(page.request, email);
    await signInThroughUi(page, email);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
    await expect(signOutButton(page)).toBeVisible();
  });

  test('two tabs: signing out in one signs out the other', async ({ context }) => {
    const email = uniqueEmail();
    const first = await context.newPage();
    await createAccount(first.request, email);
    await signInThroughUi(first, email);

    const second = await context.newPage();
    await second.goto('/explore');
    await expect(signOutButton(second)).toBeVisible();

    await signOutThroughUi(first);
    await expect(first.getByText('Signed out successfully')).toBeVisible();
    await expect(second.getByRole('link', { name: 'SIGN UP' })).toBeVisible();
    await expect(signOutButton(second)).toHaveCount(0);
  });
});

test.describe('guests', () => {
  test('continue as a guest creates the guest profile; a later sign-in clears it', async ({ page }) => {
    await page.goto('/onboarding');
    await page.getByRole('button', { name: 'Continue as a guest' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await readStorage(page, 'onboarded')).toBe('true');
    expect(await readStorage(page, 'isGuestUser')).toBe('true');

    const profile = JSON.parse((await readStorage(page, 'guestProfile')) ?? 'null');
    expect(profile).toMatchObject({ isGuest: true, bio: 'Fashion stylist' });
    expect(profile.id).toMatch(/^guest_\d+_[a-z0-9]+$/);
    expect(['XS', 'S', 'M', 'L', 'XL']).toContain(profile.size);
    expect(profile.avatar_url).toMatch(/^\/guest-avatars\/[1-8]\.svg$/);
    const avatar = await page.request.get(profile.avatar_url);
    expect(avatar.status()).toBe(200);
    expect(avatar.headers()['content-type']).toContain('image/svg+xml');
    expect(await avatar.text()).toContain('<svg');

    const email = uniqueEmail();
    await createAccount(page.request, email);
    await signInThroughUi(page, email);
    await expect.poll(() => readStorage(page, 'guestProfile')).toBeNull();
    expect(await readStorage(page, 'isGuestUser')).toBeNull();
  });
});

test.describe('forgotten password', () => {
  test('the link from the mail resets the password in another browser, and the new one signs in', async ({
    browser,
    context,
    page: asker,
  }) => {
    await markContextOnboarded(context);
    const email = uniqueEmail();
    await createAccount(asker.request, email);
    await asker.goto('/auth');
    await asker.getByRole('tab', { name: 'Sign In' }).click();
    await asker.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(asker).toHaveURL(/\/auth\/forgot$/);
    await expect(asker.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expectNoSeriousA11yViolations(asker, '/auth/forgot');

    await asker.getByLabel('Email').fill(email);
    await asker.getByRole('button', { name: 'Send reset link' }).click();
    await expect(asker.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(asker.getByText(email)).toBeVisible();

    // The mail is opened on another device: a browser that never saw SYS (no PKCE verifier, no flags).
    const mail = await waitForMail(email, 'recovery');
    expect(mail.link).toMatch(/\/auth\/reset\?token_hash=[^&]+&type=recovery$/);
    const phone = await browser.newContext();
    const page = await phone.newPage();
    await page.goto(mail.link ?? '');
    await expect(page).toHaveURL(/\/auth\/reset$/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth/reset (form)');

    const newPassword = 'a-brand-new-secret-7';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Password updated')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(signOutButton(page)).toBeVisible();

    await signOutThroughUi(page);
    await expect(page.getByRole('link', { name: 'SIGN UP' })).toBeVisible();
    await page.goto('/auth');
    await submitAuthForm(page, 'Sign In', email, PASSWORD);
    await expect(page.getByText('Sign In Error')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
    await phone.close();
  });

  test("the mail's code resets the password where the link cannot be opened", async ({ page }) => {
    await markOnboarded(page);
    const email = uniqueEmail();
    await createAccount(page.request, email);
    await page.goto('/auth/forgot');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('link', { name: 'Enter the code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the code from the email' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expectNoSeriousA11yViolations(page, '/auth/reset (code)');

    const mail = await waitForMail(email, 'recovery');
    await page.getByLabel('Code from the email').fill(mail.code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('New password').fill('another-new-secret-8');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Password updated')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(signOutButton(page)).toBeVisible();
  });

  test('an unknown address gets the same answer', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/auth/forgot');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
  });

  test('/auth/reset with a spent or made-up link says so', async ({ page }) => {
    await page.goto('/auth/reset?token_hash=made-up&type=recovery');
    await expect(page.getByRole('heading', { name: 'This link is invalid or has expired' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth/reset (invalid link)');
    await page.getByRole('link', { name: 'Get a new link' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot$/);
  });
});

test.describe('security', () => {
  test.beforeEach(async ({ context }) => {
    await markContextOnboarded(context);
  });

  test('two-step verification: turn on, sign in with the code, turn off', async ({ page }) => {
    const email = uniqueEmail();
    await createAccount(page.request, email);
    await signInThroughUi(page, email);

    // From the profile's menu.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/settings\/security$/);
    await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const qr = page.getByRole('img', { name: 'QR code to add SYS to your authenticator app' });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectNoSeriousA11yViolations(page, '/settings/security (QR code)');

    const secret = ((await page.locator('code').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel('3. Enter the 6-digit code the app shows').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(page.getByText('Two-step verification is on')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn off', exact: true })).toBeVisible();

    // Signing in again asks for the code.
    await signOutThroughUi(page);
    await expect(page.getByRole('link', { name: 'SIGN UP' })).toBeVisible();
    await page.goto('/auth');
    await submitAuthForm(page, 'Sign In', email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth (code step)');
    // The password alone does not sign in: elsewhere the visitor is still signed out.
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'SIGN UP' })).toBeVisible();
    await page.getByRole('link', { name: 'SIGN UP' }).click();
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Sign In Error')).toBeVisible();
    await page.getByLabel('Verification code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/settings/security');
    await page.getByRole('button', { name: 'Turn off', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Two-step verification is off')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  });

  test('sign out other devices ends the other sessions only', async ({ browser }) => {
    const email = uniqueEmail();
    const phone = await browser.newContext();
    const laptop = await browser.newContext();
    await markContextOnboarded(phone);
    await markContextOnboarded(laptop);
    const phonePage = await phone.newPage();
    const laptopPage = await laptop.newPage();
    await createAccount(phonePage.request, email);
    await signInThroughUi(phonePage, email);
    await signInThroughUi(laptopPage, email);

    await laptopPage.goto('/settings/security');
    await laptopPage.getByRole('button', { name: 'Sign out other devices' }).click();
    await laptopPage
      .getByRole('alertdialog', { name: 'Sign out your other devices?' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await expect(laptopPage.getByText('Signed out on your other devices')).toBeVisible();

    // The phone's refresh token is gone: its next refresh fails and auth-js signs it out.
    const refreshed = await phonePage.evaluate(async () => {
      const stored = JSON.parse(window.localStorage.getItem('sys-auth') ?? '{}') as {
        refresh_token?: string;
      };
      const response = await fetch('/auth/v1/token?grant_type=refresh_token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: stored.refresh_token }),
      });
      return response.status;
    });
    expect(refreshed).toBeGreaterThanOrEqual(400);
    await laptopPage.reload();
    await expect(signOutButton(laptopPage)).toBeVisible();
    await phone.close();
    await laptop.close();
  });

  test('signed out, the security screen asks to sign in', async ({ page }) => {
    await page.goto('/settings/security');
    await expect(page.getByText('Sign in to see your security settings')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/settings/security (signed out)');
  });
});

test.describe('accessibility', () => {
  test('axe finds no serious violation on /auth, both tabs and the error state', async ({ page }) => {
    // No fade: axe measures the error toast's real colours, not a frame of its animation.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome to SYS' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth (Sign Up)');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth (Sign In)');
    await submitAuthForm(page, 'Sign In', uniqueEmail(), 'whatever-it-is');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
    await expect(page.getByText('Sign In Error')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth (Sign In error)');
  });
});

/** Sign-in, session restore, log out and the re-login confirm, in real Chromium. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MOBILES, DEMO_PASSWORD, signIn, startE2E, submitAccountLogin, toast, unnamedControls, type E2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('sign-in', () => {
  it('redirects to the login page and back to the target after signing in', async () => {
    const page = await e2e.newPage();
    await page.goto('/profile/index');
    await page.waitForURL(/\/login\?redirect=%2Fprofile%2Findex$/);
    expect(await unnamedControls(page)).toEqual([]);
    await submitAccountLogin(page, { username: 'admin' });
    await page.waitForURL(/\/profile\/index$/);
    await page.getByTestId('app-layout').waitFor();
    await expect.poll(() => page.title()).toMatch(/ - /);
  });

  it('validates the form as section 5 says before calling', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    let tokenCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/uaa/oauth/token')) tokenCalls += 1;
    });
    await page.getByLabel('Username').fill('ab');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Please enter the tenant code').waitFor();
    await page.getByText('Length must be 3 to 100 characters').waitFor();
    await page.getByText('Please enter the password').waitFor();
    expect(tokenCalls).toBe(0);
  });

  it('trims the tenant and username but not the password, and sends the platform token call', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    const request = page.waitForRequest((r) => r.url().includes('/api/uaa/oauth/token'));
    await submitAccountLogin(page, { tenantCode: '  demo ', username: ' admin  ' });
    const sent = await request;
    const query = new URL(sent.url()).searchParams;
    expect(sent.method()).toBe('POST');
    expect(query.get('tenantCode')).toBe('demo');
    expect(query.get('username')).toBe('admin');
    expect(query.get('password')).toBe(DEMO_PASSWORD);
    expect(query.get('grant_type')).toBe('password');
    expect(query.get('type')).toBe('account');
    expect(query.get('scope')).toBe('ui');
    expect(query.get('client_id')).toBe('browser');
    expect(sent.headers()['authorization']).toBe('Basic YnJvd3Nlcjo=');
    expect(sent.headers()['content-type']).toContain('application/x-www-form-urlencoded');
    await page.getByTestId('app-layout').waitFor();
  });

  it('shows the failure for a wrong password and records it', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    const failRecorded = page.waitForRequest((r) => r.url().includes('/api/admin/sysuser/handleFail'));
    await submitAccountLogin(page, { username: 'editor', password: 'wrong-password' });
    const fail = await failRecorded;
    expect(new URL(fail.url()).searchParams.get('username')).toBe('editor');
    await toast(page, /./).first().waitFor();
    expect(page.url()).toMatch(/\/login/);
  });

  it('locks an account after repeated failures and says so', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    // The server locks after 5 failures within 15 minutes.
    for (let i = 0; i < 5; i += 1) {
      const answered = page.waitForResponse((r) => r.url().includes('/api/admin/sysuser/handleFail'));
      await submitAccountLogin(page, { username: 'visitor', password: `wrong-${i}` });
      await answered;
    }
    // Even the right password is refused now, with the lock message.
    await submitAccountLogin(page, { username: 'visitor' });
    await toast(page, /lock/i).first().waitFor();
    expect(page.url()).toMatch(/\/login/);
    expect(await page.getByTestId('app-layout').count()).toBe(0);
  });

  it('signs in with a mobile number and the SMS code', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('radio', { name: 'SMS sign-in' }).click();
    await page.getByLabel('Tenant code').fill('demo');
    await page.getByRole('textbox', { name: 'Mobile' }).fill(DEMO_MOBILES.editor);
    const sent = page.waitForResponse((r) => r.url().includes('/api/account/captcha/getSmsCaptcha'));
    await page.getByRole('button', { name: 'Send code' }).click();
    expect((await sent).ok()).toBe(true);
    // The countdown runs on the button.
    await page.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
    const code = e2e.smsCode(DEMO_MOBILES.editor);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('SMS code').fill(code!);
    const token = page.waitForRequest((r) => r.url().includes('/api/uaa/oauth/token'));
    await page.getByRole('button', { name: 'Log in' }).click();
    const query = new URL((await token).url()).searchParams;
    expect(query.get('grant_type')).toBe('mobile');
    expect(query.get('type')).toBe('mobile');
    expect(query.get('mobile')).toBe(DEMO_MOBILES.editor);
    await page.getByTestId('app-layout').waitFor();
  });

  it('offers the tenants of a username', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    const lookup = page.waitForResponse((r) => r.url().includes('/api/admin/sysuser/queryTenantUser'));
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).focus();
    await lookup;
    await expect.poll(() => page.locator('#account-tenants option').count()).toBeGreaterThanOrEqual(2);
    const values = await page.locator('#account-tenants option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(values).toEqual(expect.arrayContaining(['demo', 'acme']));
  });

  it('says when a username has no tenant', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill('nobody-at-all');
    await page.getByLabel('Password', { exact: true }).focus();
    await toast(page, 'There is no corresponding tenant for this user').waitFor();
  });

  it('switches the sign-in page language: Chinese titles it the material inventory system', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const english = await page.getByRole('heading', { level: 1 }).textContent();
    await page.getByRole('radio', { name: '简体中文' }).click();
    await page.getByRole('button', { name: '登录' }).waitFor();
    const chinese = await page.getByRole('heading', { level: 1 }).textContent();
    expect(chinese).toContain('物资');
    expect(chinese).not.toBe(english);
    expect(await unnamedControls(page)).toEqual([]);
    await page.getByRole('radio', { name: '繁體中文' }).click();
    await page.getByRole('button', { name: '登入' }).waitFor();
    // The choice is stored and used first on the next visit.
    await page.reload();
    await page.getByRole('button', { name: '登入' }).waitFor();
  });
});

describe('session', () => {
  it('restores the session after a reload and stays on the page', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' }, '/profile/index');
    const restored = Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/uaa/users/getSysUser')),
      page.waitForResponse((r) => r.url().includes('/api/account/sysuserdetail/queryCurrentAuthority')),
      page.waitForRequest(
        (r) => r.url().includes('/api/admin/sysorg/querySysOrg') && new URL(r.url()).searchParams.get('pageSize') === '10000',
      ),
    ]);
    await page.reload();
    await restored;
    await page.getByTestId('app-layout').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/index');
  });

  it('sends /login to / when signed in', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await page.goto('/login');
    await page.waitForURL(/\/workbench$/);
  });

  it('asks to log in again on 50014 with the exact texts, and re-login resets the token', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await page.route('**/api/notification/notification/queryHeadNotification*', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ status: 50014, message: 'Token expired' }) }),
    );
    // the bell's own first read may meet the expired token already (then the confirm's mask
    // takes the click): forced, the click lands on whatever is on top
    await page.getByTestId('notification-bell').click({ force: true });
    const dialog = page.getByRole('dialog').filter({ hasText: 'Confirm logout' });
    await dialog.waitFor();
    await dialog.getByText('You have been logged out, you can cancel to stay on this page, or log in again').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    await dialog.getByRole('button', { name: 'Re-Login' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
  });

  it('logs out to /login and forgets the session', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: 'admin' });
    await page.getByTestId('avatar-menu').click();
    const logout = page.waitForRequest((r) => r.url().includes('/api/uaa/oauth/logout'));
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await logout;
    await page.waitForURL((u) => u.pathname === '/login');
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await page.goto('/workbench');
    await page.waitForURL(/\/login\?redirect=%2Fworkbench/);
  });
});

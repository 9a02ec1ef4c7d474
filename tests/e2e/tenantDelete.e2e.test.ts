/**
 * Deleting a tenant on /systenant in Chromium (docs/security.md, "Deleting a tenant"): the
 * delete confirm opens with Cancel focused, so Enter deletes nothing; Confirm stays disabled
 * until the tenant's code is typed; the right code deletes it (the row shows it deleted, with
 * Restore instead of Delete); Restore brings it back; the platform tenant is refused by the
 * server even with its code typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { client, signIn as apiSignIn, type Envelope, type PageData } from '../api/harness.ts';
import { answerTo, signIn, startE2E, toast, type E2E } from './harness.ts';
import {
  action,
  actionLabel,
  confirmDialog,
  dialog,
  labelOf,
  paramsOf,
  PLATFORM_TENANT,
  resourceNamed,
  rowById,
  say,
  settled,
  type Api,
} from './resourceLocators.ts';

const SysTenant = resourceNamed('SysTenant');
const CODE = 'e2e-gone';
const DELETE = actionLabel(action(SysTenant, 'delete')!, 'row');
const RESTORE = actionLabel(
  SysTenant.actions.find((a) => a.name === 'restore')!,
  'row',
);
const QUESTION = say('resource.confirmDeleteOne');
const TYPE_LABEL = say('resource.typeToConfirmLabel', { label: labelOf(SysTenant, 'tenantCode') });

let e2e: E2E;
let api: Api;
let page: Page;
let ids: Record<string, number>;
const deletes: Request[] = [];

type Tenant = { id: number; tenantCode: string; deleted: boolean | null };

async function stored(code: string): Promise<Tenant | undefined> {
  const res = await api.get<Envelope<PageData<Tenant>>>('/api/admin/systenant/querySysTenant', { tenantCode: code });
  return res.body.data!.list[0];
}

beforeAll(async () => {
  e2e = await startE2E();
  api = client(e2e.url, await apiSignIn(e2e.url, PLATFORM_TENANT, 'admin'));
  const added = await api.post<Envelope<Tenant>>('/api/admin/systenant/addSysTenant', { tenantCode: CODE, tenantName: 'Tenant to delete' });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  ids = { [CODE]: added.body.data!.id, [PLATFORM_TENANT]: (await stored(PLATFORM_TENANT))!.id };
  page = await e2e.newPage();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/deleteSysTenant')) deletes.push(r);
  });
  await signIn(page, { username: 'admin', tenantCode: PLATFORM_TENANT }, '/systenant');
  await page.waitForURL((u) => u.pathname === '/systenant');
});

afterAll(async () => {
  await e2e?.close();
});

const row = (code: string) => rowById(page, SysTenant, ids[code]);
const rowButton = (code: string, name: string) => row(code).getByRole('button', { name, exact: true });
const confirmButton = () => confirmDialog(page, QUESTION).getByRole('button', { name: say('common.confirm'), exact: true });

async function openConfirm(code: string) {
  await rowButton(code, DELETE).click();
  const confirm = confirmDialog(page, QUESTION);
  await confirm.waitFor();
  return confirm;
}

describe('deleting a tenant on the tenants page', () => {
  it('opens the confirm with Cancel focused: Enter deletes nothing', async () => {
    await settled(page, SysTenant);
    const confirm = await openConfirm(CODE);
    const focused = confirm.getByRole('button', { name: say('common.cancel'), exact: true });
    await expect.poll(() => focused.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'hidden' });
    expect(deletes).toHaveLength(0);
    expect(await stored(CODE)).toMatchObject({ deleted: false });
    await expect.poll(() => rowButton(CODE, DELETE).count()).toBe(1);
  });

  it('keeps Confirm disabled until the right code is typed, then deletes', async () => {
    const confirm = await openConfirm(CODE);
    expect(await confirm.textContent()).toContain(say('resource.typeToConfirm', { value: CODE }));
    const input = confirm.getByRole('textbox', { name: TYPE_LABEL });
    expect(await confirmButton().isDisabled()).toBe(true);
    for (const wrong of ['e2e-gon', 'E2E-GONE', 'acme', `${CODE},acme`]) {
      await input.fill(wrong);
      expect(await confirmButton().isDisabled(), wrong).toBe(true);
    }
    // Enter in the input sends nothing either
    await input.press('Enter');
    expect(deletes).toHaveLength(0);
    await input.fill(CODE);
    await expect.poll(() => confirmButton().isDisabled()).toBe(false);
    const answer = await answerTo(page, '/deleteSysTenant', () => confirmButton().click());
    expect(answer.status(), await answer.text()).toBe(200);
    expect(paramsOf(answer.request())).toEqual({ id: String(ids[CODE]), confirm: CODE });
    await toast(page, say('resource.deleted')).first().waitFor();
    expect(await stored(CODE)).toMatchObject({ deleted: true });
    // still listed, marked deleted, with Restore instead of Delete
    await expect.poll(() => rowButton(CODE, RESTORE).count()).toBe(1);
    expect(await rowButton(CODE, DELETE).count()).toBe(0);
    expect(await row(CODE).textContent()).toContain(labelOf(SysTenant, 'deleted'));
  });

  it('restores it', async () => {
    await rowButton(CODE, RESTORE).click();
    const restore = dialog(page);
    await restore.getByText(say('resource.restoreConfirm', { name: 'Tenant to delete' })).waitFor();
    const answer = await answerTo(page, '/restoreSysTenant', () => restore.getByRole('button', { name: RESTORE, exact: true }).click());
    expect(answer.status(), await answer.text()).toBe(200);
    await toast(page, say('resource.restored')).first().waitFor();
    expect(await stored(CODE)).toMatchObject({ deleted: false });
    await expect.poll(() => rowButton(CODE, DELETE).count()).toBe(1);
    expect(await rowButton(CODE, RESTORE).count()).toBe(0);
  });

  it('cannot delete the platform tenant, even with its code typed', async () => {
    const confirm = await openConfirm(PLATFORM_TENANT);
    await confirm.getByRole('textbox', { name: TYPE_LABEL }).fill(PLATFORM_TENANT);
    const answer = await answerTo(page, '/deleteSysTenant', () => confirmButton().click());
    expect(answer.status()).toBe(403);
    await toast(page, /platform tenant/)
      .first()
      .waitFor();
    expect(await stored(PLATFORM_TENANT)).toMatchObject({ deleted: false });
  });
});

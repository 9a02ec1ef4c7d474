/**
 * An import that takes longer than the console's 5 s request timeout, through the import
 * dialog in Chromium: 300 users (each password hashed with scrypt). The dialog shows the job's
 * progress while the server works and then the real outcome (the rows added), never a timeout;
 * the same file chosen again is answered with that outcome and adds nobody twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { downloadOf, signIn, spaNavigate, startE2E, type E2E } from './harness.ts';
import { dialog, openedDialog, resourceNamed, settled } from './resourceLocators.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const SysUser = resourceNamed('SysUser');
const ROWS = 300;
/** Long enough for 300 scrypt hashes on a busy machine; the dialog itself never waits on one request. */
const OUTCOME_TIMEOUT_MS = 300_000;

/** The users total the page's pagination shows. */
async function total(page: Page): Promise<number> {
  const text = await page.locator('.resource-pagination').innerText();
  return Number(/Total (\d+)/.exec(text)?.[1] ?? NaN);
}

async function usersFile(page: Page): Promise<Buffer> {
  // a click while the dialog still zooms in can be lost (docs/testing.md)
  const modal = await openedDialog(dialog(page));
  const template = await downloadOf(page, () => modal.getByRole('button', { name: 'Download template' }).click());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await template.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  for (let i = 0; i < ROWS; i++) {
    const values: Record<string, string> = {
      Username: `bulk${i}`,
      Password: 'Import@2026',
      Nickname: `Bulk ${i}`,
      Email: `bulk${i}@demo.example.com`,
      'Country code': '+86',
      Mobile: `139${String(10_000_000 + i)}`,
      Organisation: 'Supply Department',
      Status: 'Normal',
    };
    sheet.addRow(header.map((h) => values[h] ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('a long import through the dialog', () => {
  it(
    'shows its progress, then the rows added; the same file again adds nobody twice',
    async () => {
      const page = await e2e.newPage();
      const seen: string[] = [];
      page.on('console', (m) => seen.push(m.text()));
      await signIn(page, { username: 'admin' });
      await spaNavigate(page, '/sysuser');
      await settled(page, SysUser);
      const before = await total(page);

      await page.getByRole('button', { name: 'Import' }).click();
      const modal = dialog(page);
      const file = await usersFile(page);
      const choose = () =>
        modal.locator('input[type=file]').setInputFiles({
          name: 'users.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: file,
        });
      await choose();
      await modal.getByRole('button', { name: 'Import', exact: true }).click();
      // the job's progress shows while the server works
      await modal.getByTestId('import-progress').waitFor();
      const outcome = modal.getByTestId('import-outcome');
      const progress = await modal.getByTestId('import-progress').innerText();
      expect(progress).toMatch(/Reading the file|Checking and writing|The import has started/);
      await outcome.waitFor({ timeout: OUTCOME_TIMEOUT_MS }).catch(async (err: unknown) => {
        throw new Error(`no outcome; the dialog says: ${await modal.innerText()}`, { cause: err });
      });
      expect(await outcome.innerText()).toContain(`${ROWS} records added`);
      expect(await modal.getByTestId('import-errors').count()).toBe(0);
      expect(await page.getByText(/timeout of \d+ms exceeded/).count()).toBe(0);

      // the same file again: the first outcome, nothing imported twice
      await choose();
      await modal.getByRole('button', { name: 'Import', exact: true }).click();
      await expect.poll(() => outcome.innerText(), { timeout: 20_000 }).toMatch(new RegExp(`imported already .*${ROWS} records`));
      expect(await modal.getByTestId('import-errors').count()).toBe(0);

      await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => total(page), { timeout: 20_000 }).toBe(before + ROWS);
      expect(seen.filter((t) => /timeout of \d+ms exceeded/.test(t))).toEqual([]);
    },
    OUTCOME_TIMEOUT_MS + 60_000,
  );
});

/**
 * The netdisc (/upload-download, docs/files.md) in Chromium: three files uploaded at once with
 * the progress bar shown, a folder made and one file moved into it, an image and a PDF
 * previewed (pdf.js draws the page), a rename, a share with the editor who then downloads the
 * file from "Shared with me", a delete; a file of 10 MB + 1 byte refused in the browser before
 * anything is sent.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerTo, downloadOf, signIn, startE2E, textsOf, toast, type E2E } from './harness.ts';
import { pdfBytes, pngBytes } from '../api/filesFixtures.ts';

const say = textsOf('runtime/pages/netdisc/messages/en.json');
const WAIT = { timeout: 20_000 };
const MB = 1024 * 1024;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

function row(page: Page, name: string) {
  return page.locator('.ant-table-row').filter({ hasText: name });
}

async function openNetdisc(page: Page, username: string): Promise<void> {
  await signIn(page, { username }, '/upload-download');
  await page.getByRole('tab', { name: say('netdisc.myFiles') }).waitFor(WAIT);
}

/** Click an action of a row (its accessible name is the action and the file's name). */
async function act(page: Page, action: string, name: string): Promise<void> {
  await page.getByRole('button', { name: `${say(`netdisc.${action}`)} ${name}`, exact: true }).click();
}

async function dialogOk(page: Page): Promise<void> {
  await page
    .locator('.ant-modal')
    .filter({ visible: true })
    .last()
    .getByRole('button', { name: say('netdisc.ok') })
    .click();
}

describe('the netdisc', () => {
  it('uploads with progress, makes a folder, moves, previews, renames, shares, and deletes', async () => {
    const page = await e2e.newPage();
    await openNetdisc(page, 'admin');
    const input = page.locator('input[type=file]');

    // 10 MB + 1 byte: refused in the browser, no call made
    let sent = 0;
    const count = (r: { url(): string }) => void (r.url().includes('/uploadFile') && sent++);
    page.on('request', count);
    await input.setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(10 * MB + 1, 'a') });
    await toast(page, say('netdisc.tooLarge', { name: 'big.txt' })).waitFor(WAIT);
    expect(sent).toBe(0);
    page.off('request', count);

    // three files at once over a slowed line: the progress bar moves
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1.5 * MB });
    const pdf = await pdfBytes('Quarterly steel report');
    const upload = answerTo(page, '/uploadFile', () =>
      input.setInputFiles([
        { name: 'photo.png', mimeType: 'image/png', buffer: pngBytes(64) },
        { name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.alloc(3 * MB, 'n') },
      ]),
    );
    const bar = page.getByRole('progressbar', { name: say('netdisc.uploadProgress') });
    await bar.waitFor(WAIT);
    await page.waitForFunction(
      () => {
        const now = Number(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow'));
        return now > 0 && now < 100;
      },
      undefined,
      WAIT,
    );
    expect((await upload).status()).toBe(200);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await bar.waitFor({ state: 'detached', ...WAIT });
    for (const name of ['photo.png', 'report.pdf', 'notes.txt']) await row(page, name).waitFor(WAIT);

    // a folder, and one file moved into it
    await page.getByRole('button', { name: say('netdisc.newFolder') }).click();
    await page.getByLabel(say('netdisc.folderName')).fill('Contracts 2026');
    await dialogOk(page);
    await row(page, 'Contracts 2026').waitFor(WAIT);
    await act(page, 'move', 'notes.txt');
    await page.getByRole('combobox', { name: say('netdisc.moveTo') }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Contracts 2026' }).click();
    await answerTo(page, '/moveFile', () => dialogOk(page));
    await row(page, 'notes.txt').waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('button', { name: 'folder Contracts 2026', exact: true }).click();
    await row(page, 'notes.txt').waitFor(WAIT);
    await page.getByRole('link', { name: say('netdisc.root') }).click();
    await row(page, 'photo.png').waitFor(WAIT);

    // previews: the image as it is, the PDF drawn by pdf.js
    await act(page, 'preview', 'photo.png');
    const image = page.getByRole('img', { name: 'photo.png' });
    await image.waitFor(WAIT);
    await page.waitForFunction(
      () => (document.querySelector<HTMLImageElement>('.netdisc-preview img')?.naturalWidth ?? 0) === 64,
      undefined,
      WAIT,
    );
    await page.keyboard.press('Escape');
    await image.waitFor({ state: 'detached', ...WAIT });
    await act(page, 'preview', 'report.pdf');
    const canvas = page.locator('.netdisc-pdf canvas[data-pages="1"]');
    await canvas.waitFor(WAIT);
    // something was drawn: the canvas is not blank
    await page.waitForFunction(
      () => {
        const c = document.querySelector<HTMLCanvasElement>('.netdisc-pdf canvas');
        const data = c?.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
        return !!data && data.some((v, i) => i % 4 !== 3 && v < 200);
      },
      undefined,
      WAIT,
    );
    await page.keyboard.press('Escape');

    // rename
    await act(page, 'rename', 'report.pdf');
    await page.getByLabel(say('netdisc.newName')).fill('钢材报告.pdf');
    await answerTo(page, '/updateFile', () => dialogOk(page));
    await row(page, '钢材报告.pdf').waitFor(WAIT);

    // share with the editor, who downloads it under its name
    await act(page, 'share', '钢材报告.pdf');
    await page.getByRole('combobox', { name: say('netdisc.shareWith') }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '(editor)' }).click();
    // a multiple select keeps its list open: close it by clicking beside it
    await page.getByText(say('netdisc.shareHint')).click();
    await page
      .locator('.ant-select-dropdown')
      .last()
      .waitFor({ state: 'hidden', ...WAIT });
    await answerTo(page, '/shareFile', () => dialogOk(page));
    await toast(page, say('netdisc.sharedDone', { count: 1 })).waitFor(WAIT);

    const editor = await e2e.newPage();
    await openNetdisc(editor, 'editor');
    await editor.getByRole('tab', { name: say('netdisc.sharedWithMe') }).click();
    await row(editor, '钢材报告.pdf').waitFor(WAIT);
    const download = await downloadOf(editor, () => act(editor, 'download', '钢材报告.pdf'));
    expect(download.suggestedFilename()).toBe('钢材报告.pdf');
    expect(Buffer.compare(await readFile(await download.path()), pdf)).toBe(0);

    // delete
    await act(page, 'delete', 'photo.png');
    await answerTo(page, '/deleteFile', () =>
      page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: say('netdisc.ok') })
        .click(),
    );
    await row(page, 'photo.png').waitFor({ state: 'detached', ...WAIT });
    await row(page, '钢材报告.pdf').waitFor(WAIT);
  }, 180_000);
});

/**
 * The preview area (/preview.html, docs/security.md#the-preview-area): a refreshFrame message
 * from a parent of the console's origin is rendered 600 px wide in a sandboxed frame whose
 * script cannot read the console's storage or cookies nor reach the console's window; a
 * message not from the parent renders nothing; a page of another origin cannot frame it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { signIn, startE2E, type E2E } from './harness.ts';

let e2e: E2E;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.newPage();
  await signIn(page, { username: 'admin' });
  await page.evaluate(() => {
    localStorage.setItem('preview-probe', 'console secret');
    document.cookie = 'previewProbe=console-cookie; path=/';
  });
});
afterAll(async () => {
  await e2e?.close();
});

const HOSTILE_JS = `
  var out = [];
  try { out.push('storage:' + localStorage.getItem('preview-probe')); } catch (e) { out.push('storage:blocked'); }
  try { out.push('cookie:' + document.cookie); } catch (e) { out.push('cookie:blocked'); }
  try { out.push('console:' + window.parent.parent.document.title); } catch (e) { out.push('console:blocked'); }
  document.getElementById('out').textContent = out.join(' ');
`;

/** Frames the preview area from `parentUrl`'s origin and sends it a refreshFrame message. */
async function framePreview(parentUrl: string, previewUrl: string): Promise<void> {
  await page.goto(parentUrl);
  await page.evaluate(
    ({ url, js }) =>
      new Promise<void>((resolve) => {
        const frame = document.createElement('iframe');
        frame.id = 'area';
        frame.style.width = '800px';
        frame.style.height = '400px';
        frame.onload = () => {
          frame.contentWindow!.postMessage(
            {
              type: 'refreshFrame',
              data: {
                html: '<form><label>Name <input id="name"></label></form><p id="out"></p>',
                css: '#name { width: 300px; }',
                js,
                links: [],
                scripts: [],
              },
            },
            '*',
          );
          resolve();
        };
        frame.src = url;
        document.body.appendChild(frame);
      }),
    { url: previewUrl, js: HOSTILE_JS },
  );
}

function innerFrame(): Frame | undefined {
  return page.frames().find((f) => f.url().endsWith('/preview-frame.html'));
}

describe('preview area', () => {
  it('renders a message of the console origin 600 px wide, in a frame without the console origin', async () => {
    await framePreview(`${e2e.url}/404-for-preview`, `${e2e.url}/preview.html`);
    await expect
      .poll(
        async () =>
          (await innerFrame()
            ?.locator('#out')
            .textContent()
            .catch(() => null)) ?? null,
        { timeout: 15_000 },
      )
      .toBe('storage:blocked cookie:blocked console:blocked');
    expect(
      await innerFrame()!
        .locator('#name')
        .evaluate((el) => getComputedStyle(el).width),
    ).toBe('300px');
    const width = await page
      .frameLocator('#area')
      .locator('#preview-frame')
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(600);
    expect(await page.evaluate(() => localStorage.getItem('preview-probe'))).toBe('console secret');
  });

  it('ignores a refreshFrame message that does not come from its parent', async () => {
    const area = page.frames().find((f) => f.url().endsWith('/preview.html'))!;
    // the preview window posts to itself: its own origin, but not its parent
    await area.evaluate(() =>
      window.postMessage(
        { type: 'refreshFrame', data: { html: '<p id="forged">forged</p>', css: '', js: '', links: [], scripts: [] } },
        '*',
      ),
    );
    await page.waitForTimeout(500); // nothing to wait for: the message must have no effect
    expect(await innerFrame()!.locator('#forged').count()).toBe(0);
    expect(await innerFrame()!.locator('#out').textContent()).toBe('storage:blocked cookie:blocked console:blocked');
  });

  it('cannot be framed by a page of another origin', async () => {
    await page.goto('about:blank');
    await page.setContent(`<iframe id="area" src="${e2e.url}/preview.html"></iframe>`);
    await page.waitForTimeout(1000); // nothing to wait for: the frame must stay empty
    expect(innerFrame()).toBeUndefined();
  });
});

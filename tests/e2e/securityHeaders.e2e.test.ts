/**
 * The console under its Content-Security-Policy: every page is opened in Chromium and no
 * violation may be reported. Pages: the public ones (sign-in with its captcha, registration,
 * password recovery, 404, 401), then, signed in as the administrator, every route of the
 * route table generated from schemas/menu.json (runtime/generated/routes.ts) and the shell's
 * own (workbench, profile); on the way, the rich-text editor (TinyMCE) in the notification
 * form, the spreadsheet, Word and PDF exports and the print of the users page, and the API
 * description (Swagger UI). A violation is caught both ways Chromium reports it: the
 * `securitypolicyviolation` event in every frame, and the "Refused to ..." console message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { menuTree, type MenuRoute } from '../../runtime/generated/routes.ts';
import { PROFILE_PATH, WORKBENCH_PATH } from '../../runtime/constants/spec.ts';
import { downloadOf, networkQuiet, signIn, spaNavigate, startE2E, type E2E } from './harness.ts';
import { action, actionLabel, dialog, resourceNamed, say, settled, titleOf, toolbarOf } from './resourceLocators.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** A page that records every CSP violation it (or any of its frames) reports. */
async function watchedPage(): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const page = await e2e.newPage();
  const fromConsole: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|apply|execute|frame|connect|create)/i.test(m.text()))
      fromConsole.push(`console: ${m.text().slice(0, 300)}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      // report to the top window when this is a frame of the same origin (TinyMCE's)
      let sink: Window = window;
      try {
        if (window.top && window.top.__cspViolations) sink = window.top;
      } catch {
        /* a frame of another origin keeps its own list */
      }
      sink.__cspViolations!.push(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`,
      );
    });
  });
  const violations = async () => {
    const fromEvents = await page.evaluate(() => window.__cspViolations ?? []).catch(() => [] as string[]);
    return [...fromEvents, ...fromConsole];
  };
  return { page, violations };
}

/** The paths of the generic resource pages in the route table. */
function resourcePaths(nodes: readonly MenuRoute[], parent = ''): string[] {
  return nodes.flatMap((n) => {
    const path = n.path.startsWith('/') ? n.path : `${parent.replace(/\/$/, '')}/${n.path}`;
    return [...(n.resource ? [path] : []), ...resourcePaths(n.children ?? [], path)];
  });
}

/** Every page path of the route table: absolute paths, children joined to their parent's. */
function routePaths(nodes: readonly MenuRoute[], parent = ''): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    if (/^https?:/.test(n.path)) continue;
    const path = n.path.startsWith('/') ? n.path : `${parent.replace(/\/$/, '')}/${n.path}`;
    if (!n.children?.length || n.component !== 'Layout') out.push(path);
    if (n.children) out.push(...routePaths(n.children, path));
  }
  return [...new Set(out)];
}

/**
 * Navigates inside the single-page app without waiting for the URL: a route whose page is not
 * built yet (a later module) or not in the caller's menu lands on /404, which is a page too.
 */
async function visit(page: Page, path: string): Promise<string> {
  await page.evaluate((to) => {
    window.history.pushState({ idx: (window.history.state as { idx?: number } | null)?.idx ?? 0, key: `csp${Date.now()}` }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await settle(page);
  return new URL(page.url()).pathname;
}

/** Lets the page finish what a navigation started (its calls, lazy chunks, styles). */
async function settle(page: Page): Promise<void> {
  // a request still open after the wait (a framed tool that never answers) does not fail the visit
  await networkQuiet(page).catch(() => undefined);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

describe('Content-Security-Policy of the console', () => {
  it('the public pages report no violation', async () => {
    const { page, violations } = await watchedPage();
    const csp = (await page.goto('/login'))?.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    for (const path of ['/login', '/register', '/forgotpassword', '/404', '/401']) {
      await page.goto(path);
      await settle(page);
    }
    // the captcha image of the recovery page is drawn
    await page.goto('/forgotpassword');
    await settle(page);
    expect(await violations()).toEqual([]);
  });

  it('every route of the route table, signed in as the administrator, reports no violation', async () => {
    const { page, violations } = await watchedPage();
    await signIn(page, { username: 'admin' });
    const paths = [WORKBENCH_PATH, PROFILE_PATH, ...routePaths(menuTree)];
    expect(paths.length).toBeGreaterThan(40);
    const seen: string[] = [];
    for (const path of paths) {
      seen.push(await visit(page, path));
      const found = await violations();
      expect(found, `after ${path}`).toEqual([]);
    }
    // and each again as a first load, for the pages that load differently cold
    for (const path of [WORKBENCH_PATH, '/sysuser', '/notification', PROFILE_PATH]) {
      await page.goto(path);
      await settle(page);
    }
    expect(await violations()).toEqual([]);
    // every resource page (and the shell's) showed itself; pages of modules not built yet show the 404 page
    const own = new Set(paths.filter((p, i) => seen[i] === p));
    const mustShow = [WORKBENCH_PATH, PROFILE_PATH, ...resourcePaths(menuTree)];
    // a visit right after a route that is sent to /404 can be overtaken by that late redirect:
    // a page that did not show itself is visited once more, after a page that does
    for (const path of mustShow.filter((p) => !own.has(p))) {
      await visit(page, WORKBENCH_PATH);
      if ((await visit(page, path)) === path) own.add(path);
      expect(await violations(), `after ${path}`).toEqual([]);
    }
    expect(
      mustShow.filter((p) => !own.has(p)),
      `pages shown: ${own.size} of ${paths.length}`,
    ).toEqual([]);
    console.log(`CSP: ${paths.length} routes visited, ${own.size} showed their own page, the rest the 404 page`);
    // about 125 routes, each visited until its calls and chunks are done
  }, 300_000);

  it('the rich-text editor, the exports and the print report no violation', async () => {
    const { page, violations } = await watchedPage();
    await signIn(page, { username: 'admin' });
    const notification = resourceNamed('Notification');
    await spaNavigate(page, '/notification');
    await settled(page, notification);
    await toolbarOf(page, notification)
      .getByRole('button', { name: actionLabel(action(notification, 'add')!, 'toolbar'), exact: true })
      .click();
    const modal = dialog(page);
    await modal.getByText(say('resource.addTitle', { title: titleOf(notification) })).waitFor();
    await modal.locator('[data-testid="rich-text-editor"][data-ready="true"]').waitFor();
    const body = modal.frameLocator('iframe').locator('body');
    await body.click();
    await page.keyboard.type('Deliveries start at seven');
    await settle(page);
    expect(await violations(), 'rich-text editor').toEqual([]);
    await page.keyboard.press('Escape');

    const users = resourceNamed('SysUser');
    await spaNavigate(page, '/sysuser');
    await settled(page, users);
    for (const name of ['Export', 'Export Word', 'Export PDF']) {
      await downloadOf(page, () => page.getByRole('button', { name, exact: true }).click());
    }
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await settle(page);
    expect(await violations(), 'exports and print').toEqual([]);
  });

  it('the API description (Swagger UI) reports no violation', async () => {
    const { page, violations } = await watchedPage();
    await page.goto('/api-docs');
    await page.locator('.swagger-ui').first().waitFor();
    await settle(page);
    expect(await violations()).toEqual([]);
  });
});

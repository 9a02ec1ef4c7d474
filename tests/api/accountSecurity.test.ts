/**
 * Account security through the real server: the one password policy on every path that sets
 * a password (registration, a user added or edited by an administrator, one's own change, a
 * reset), the administrator's unlock of a locked account, and a captcha that matching paths
 * against known glyphs cannot read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer, type Envelope, type PageData, type TestServer } from './harness.ts';
import { captchaSvg, issueCaptcha, randomCaptchaText } from '../../server-mock/auth/captcha.ts';
import { mailOutbox } from '../../server-mock/auth/mail.ts';
import { COMMON_PASSWORDS, passwordProblem } from '../../server-mock/auth/passwordPolicy.ts';
import { revokeResetTokens } from '../../server-mock/access/resetTokens.ts';
import { TenantData } from '../../server-mock/access/tenantData.ts';
import { insertRecord } from '../../server-mock/seed/provisionTenant.ts';

let server: TestServer;
let clock = Date.parse('2026-11-22T08:00:00Z');
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
});
afterAll(async () => {
  await server?.stop();
});

const api = () => client(server.url);
const admin = async (tenantCode = 'demo') => client(server.url, await signIn(server.url, tenantCode, 'admin'));
const captcha = async (text = 'RNVW') => ({ charCaptcha: text, captchaKey: (await issueCaptcha(server.services, text)).key });

/** Passwords every path must refuse, for the user `username`, and the message each gets. */
const refused = (username: string) => [
  { password: 'aaaaaaaa', message: /one character repeated/ },
  { password: username, message: /cannot be the username/ },
  { password: username.toUpperCase(), message: /cannot be the username/ },
  { password: 'Password1', message: /too common/ },
  { password: 'qwerty123', message: /too common/ },
  { password: 'abc', message: /6 to 31 characters/ },
];

describe('password policy', () => {
  it('refuses one character repeated, the username and common passwords; takes the demo password', () => {
    expect(passwordProblem('1111111', 'someone')).toMatch(/repeated/);
    expect(passwordProblem('Someone', 'someone')).toMatch(/username/);
    expect(passwordProblem('enoemos', 'someone')).toMatch(/username/);
    for (const common of COMMON_PASSWORDS)
      if (common.length >= 6) expect(passwordProblem(common, 'someone'), common).toMatch(/common|repeated/);
    expect(passwordProblem('Demo@2026', 'admin')).toBeUndefined();
    expect(passwordProblem('x'.repeat(32), 'someone')).toMatch(/6 to 31/);
  });

  it('holds on self-registration, with the message on the password field', async () => {
    const demo = await admin();
    expect(
      (
        await demo.post('/api/admin/sysparam/addSysParam', {
          paramName: 'Self-registration',
          paramKey: 'account.selfRegistration',
          paramValue: 'true',
        })
      ).status,
    ).toBe(200);
    const form = { tenantCode: 'demo', username: 'joiner', email: 'joiner@demo.example.com', prefix: '+86', mobile: '13900000051' };
    for (const { password, message } of refused('joiner')) {
      const res = await api().post<Envelope>('/api/admin/sysuser/registerAccountInitial', { ...form, password, ...(await captcha()) });
      expect(res.status, password).toBe(400);
      expect(res.body.message, password).toMatch(password === 'abc' ? /password/ : message);
      expect(res.body.errors?.[0]?.field).toBe('password');
    }
    expect(
      (await api().post('/api/admin/sysuser/registerAccountInitial', { ...form, password: 'Joiner#2026', ...(await captcha()) })).status,
    ).toBe(200);
  });

  it('holds when an administrator adds a user or sets a password on edit', async () => {
    const demo = await admin();
    const orgs = await demo.get<Envelope<PageData<{ id: number; orgParent: number }>>>('/api/admin/sysorg/querySysOrg', {
      currentPage: 1,
      pageSize: 100,
    });
    const orgId = orgs.body.data!.list[0]!.id;
    const user = {
      username: 'added1',
      nickname: 'Added',
      email: 'added1@demo.example.com',
      prefix: '+86',
      mobile: '13900000052',
      orgId,
      status: 1,
    };
    for (const { password, message } of refused('added1')) {
      const res = await demo.post<Envelope>('/api/admin/sysuser/addSysUser', { ...user, password });
      expect(res.status, password).toBe(400);
      expect(res.body.message, password).toMatch(password === 'abc' ? /password/ : message);
      expect(res.body.errors?.some((e) => e.field === 'password')).toBe(true);
    }
    const added = await demo.post<Envelope<{ id: number }>>('/api/admin/sysuser/addSysUser', { ...user, password: 'Added#2026' });
    expect(added.status).toBe(200);
    const id = added.body.data!.id;
    const edit = await demo.put<Envelope>('/api/admin/sysuser/updateSysUser', { id, password: 'added1' });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toMatch(/cannot be the username/);
    expect(await signIn(server.url, 'demo', 'added1', 'Added#2026')).toBeTruthy();
  });

  it("holds on one's own change of password, with the message on the new password", async () => {
    const token = await signIn(server.url, 'demo', 'visitor');
    const me = await client(server.url, token).get<Envelope<{ id: number }>>('/api/uaa/users/getSysUser');
    const id = me.body.data!.id;
    for (const { password, message } of refused('visitor')) {
      const res = await client(server.url, token).put<Envelope>('/api/account/sysuserdetail/updatePassword', {
        password: 'Demo@2026',
        newPassword: password,
        id,
      });
      expect(res.status, password).toBe(400);
      expect(res.body.message, password).toMatch(password === 'abc' ? /newPassword|password/ : message);
    }
    expect(await signIn(server.url, 'demo', 'visitor')).toBeTruthy();
  });

  it('holds on a reset, and a refused password does not spend the code', async () => {
    clock += 2 * MINUTE;
    const email = 'editor@demo.example.com';
    await api().post('/api/account/sysuserdetail/retrievePassword', undefined, { tenantCode: 'demo', email, ...(await captcha('HEXU')) });
    const code = /is ([A-Z0-9-]{14}) \./.exec(mailOutbox(server.services).last(email) ?? '')![1]!;
    for (const { password, message } of refused('editor')) {
      const res = await api().post<Envelope>('/api/account/sysuserdetail/resetPassword', {
        tenantCode: 'demo',
        email,
        code,
        newPassword: password,
      });
      expect(res.status, password).toBe(400);
      expect(res.body.message, password).toMatch(password === 'abc' ? /newPassword|password/ : message);
    }
    expect(
      (await api().post('/api/account/sysuserdetail/resetPassword', { tenantCode: 'demo', email, code, newPassword: 'Editor#2026' }))
        .status,
    ).toBe(200);
    expect(await signIn(server.url, 'demo', 'editor', 'Editor#2026')).toBeTruthy();
  });
});

describe('reset tokens', () => {
  it('revokeResetTokens ends a pending code (as when an administrator changes the email)', async () => {
    clock += 2 * MINUTE;
    const email = 'admin@acme.example.com';
    await api().post('/api/account/sysuserdetail/retrievePassword', undefined, { tenantCode: 'acme', email, ...(await captcha('KEYW')) });
    const code = /is ([A-Z0-9-]{14}) \./.exec(mailOutbox(server.services).last(email) ?? '')![1]!;
    const acme = await admin('acme');
    const me = await acme.get<Envelope<{ id: number }>>('/api/uaa/users/getSysUser');
    expect(await revokeResetTokens(server.database.db, 'acme', me.body.data!.id)).toBe(1);
    const res = await api().post('/api/account/sysuserdetail/resetPassword', {
      tenantCode: 'acme',
      email,
      code,
      newPassword: 'Acme#Admin26',
    });
    expect(res.status).toBe(400);
  });

  it('stores only a hash of the code', async () => {
    clock += 2 * MINUTE;
    const email = 'visitor@demo.example.com';
    await api().post('/api/account/sysuserdetail/retrievePassword', undefined, { tenantCode: 'demo', email, ...(await captcha('WAVE')) });
    const code = /is ([A-Z0-9-]{14}) \./.exec(mailOutbox(server.services).last(email) ?? '')![1]!;
    const rows = await server.database.db.selectFrom('sys_password_reset').selectAll().execute();
    const text = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(0);
    expect(text).not.toContain(code);
    expect(text).not.toContain(code.replace(/-/g, ''));
  });
});

describe('unlock', () => {
  const lock = async (tenantCode: string, username: string) => {
    for (let i = 0; i < 5; i++) {
      const qs = new URLSearchParams({
        username,
        password: 'wrong',
        tenantCode,
        scope: 'ui',
        grant_type: 'password',
        client_id: 'browser',
        type: 'account',
      });
      await fetch(`${server.url}/api/uaa/oauth/token?${qs}`, { method: 'POST', headers: { authorization: 'Basic YnJvd3Nlcjo=' } });
    }
  };
  const locked = async (tenantCode: string, username: string) =>
    String((await api().get<Envelope<string>>('/api/admin/sysuser/handleSuccess', { username, tenantCode })).body.data ?? '') !== '';

  it('lets an administrator lift the lock of a user of the tenant', async () => {
    clock += 20 * MINUTE;
    await lock('demo', 'visitor');
    expect(await locked('demo', 'visitor')).toBe(true);
    const demo = await admin();
    const res = await demo.post<Envelope<{ unlocked: boolean }>>('/api/admin/sysuser/unlockSysUser', undefined, { username: 'visitor' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ unlocked: true });
    expect(await locked('demo', 'visitor')).toBe(false);
    expect(await signIn(server.url, 'demo', 'visitor')).toBeTruthy();
    const again = await demo.post<Envelope<{ unlocked: boolean }>>('/api/admin/sysuser/unlockSysUser', undefined, { username: 'visitor' });
    expect(again.body.data).toEqual({ unlocked: false });
  });

  it('is a button the editor does not hold, answers 404 for a user of another tenant, and unlocks only in the own tenant', async () => {
    clock += 20 * MINUTE;
    await lock('acme', 'admin');
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor', 'Editor#2026'));
    expect((await editor.post('/api/admin/sysuser/unlockSysUser', undefined, { username: 'visitor' })).status).toBe(403);
    const demo = await admin();
    expect((await demo.post('/api/admin/sysuser/unlockSysUser', undefined, { username: 'nobody' })).status).toBe(404);
    await demo.post('/api/admin/sysuser/unlockSysUser', undefined, { username: 'admin' });
    expect(await locked('acme', 'admin')).toBe(true);
  });
});

describe('unlock by a role other than the administrator', () => {
  it('unlocks only users whose every role the caller holds: not an administrator', async () => {
    // ROLE_EDITOR given the unlock button and its URL, as an administrator could on the roles page
    const data = new TenantData(server.database, server.services.registry, 'demo');
    const role = (await data.select(data.resource('SysRole')).select('id').where('role_code', '=', 'ROLE_EDITOR').executeTakeFirst()) as {
      id: number;
    };
    const url = (await data
      .select(data.resource('SysUrl'))
      .select('id')
      .where('url', '=', '/api/admin/sysuser/unlockSysUser')
      .executeTakeFirst()) as { id: number };
    await insertRecord(
      data,
      data.resource('SysRoleMenuButton'),
      { roleCode: 'ROLE_EDITOR', buttonCode: 'sysuser:unlock' },
      new Date(clock),
    );
    await insertRecord(data, data.resource('SysRoleUrl'), { roleId: Number(role.id), urlId: Number(url.id) }, new Date(clock));
    const editor = client(server.url, await signIn(server.url, 'demo', 'editor', 'Editor#2026'));
    const onAdmin = await editor.post<Envelope>('/api/admin/sysuser/unlockSysUser', undefined, { username: 'admin' });
    expect(onAdmin.status).toBe(403);
    const onSelfKind = await editor.post<Envelope<{ unlocked: boolean }>>('/api/admin/sysuser/unlockSysUser', undefined, {
      username: 'editor',
    });
    expect(onSelfKind.status).toBe(200);
  });
});

/**
 * A solver that reads a captcha by matching paths: each path's strokes (its M...L runs, in
 * image coordinates after the path's transform) are put in the character slot of their centre;
 * a slot's strokes, by their number of points, are compared with the slots of labelled images
 * of the same structure (nearest by the positions of the points, normalised).
 */
function strokesOf(svg: string): { x: number; y: number }[][] {
  const out: { x: number; y: number }[][] = [];
  for (const m of svg.matchAll(/<path ([^>]*)\/>/g)) {
    const attrs = m[1]!;
    const d = /\bd="([^"]*)"/.exec(attrs)?.[1] ?? '';
    if (/[QC]/.test(d)) continue; // the noise curves
    const t = /translate\(([-\d.]+) ([-\d.]+)\)(?: rotate\(([-\d.]+)\))?/.exec(attrs);
    const [tx, ty, deg] = t ? [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)] : [0, 0, 0];
    const a = (deg * Math.PI) / 180;
    for (const run of d.split('M').filter(Boolean)) {
      const nums = run
        .split(/[L\s]+/)
        .filter(Boolean)
        .map(Number);
      const points: { x: number; y: number }[] = [];
      for (let i = 0; i + 1 < nums.length; i += 2) {
        const [x, y] = [nums[i]!, nums[i + 1]!];
        points.push({ x: tx + x * Math.cos(a) - y * Math.sin(a), y: ty + x * Math.sin(a) + y * Math.cos(a) });
      }
      out.push(points);
    }
  }
  return out;
}

interface Slot {
  key: string;
  vector: number[];
}

function slotsOf(svg: string, length: number): Slot[] {
  const slotWidth = 120 / (length + 0.5);
  const slots: { x: number; y: number }[][][] = Array.from({ length }, () => []);
  for (const stroke of strokesOf(svg)) {
    const cx = stroke.reduce((s, p) => s + p.x, 0) / stroke.length;
    const i = Math.min(length - 1, Math.max(0, Math.round(cx / slotWidth - 0.75)));
    slots[i]!.push(stroke);
  }
  return slots.map((strokes) => {
    const points = strokes.flat();
    const mx = points.reduce((s, p) => s + p.x, 0) / (points.length || 1);
    const my = points.reduce((s, p) => s + p.y, 0) / (points.length || 1);
    const r = Math.sqrt(points.reduce((s, p) => s + (p.x - mx) ** 2 + (p.y - my) ** 2, 0) / (points.length || 1)) || 1;
    return { key: strokes.map((s) => s.length).join(','), vector: points.flatMap((p) => [(p.x - mx) / r, (p.y - my) / r]) };
  });
}

describe('character captcha', () => {
  it('cannot be read by matching paths against 300 labelled images (fewer than 1 in 10 of 50)', () => {
    const templates: { slot: Slot; ch: string }[] = [];
    for (let i = 0; i < 300; i++) {
      const text = randomCaptchaText();
      slotsOf(captchaSvg(text), text.length).forEach((slot, j) => templates.push({ slot, ch: text[j]! }));
    }
    let solved = 0;
    for (let i = 0; i < 50; i++) {
      const text = randomCaptchaText();
      const guess = slotsOf(captchaSvg(text), text.length)
        .map((slot) => {
          let best: { d: number; ch: string } | undefined;
          for (const t of templates) {
            if (t.slot.key !== slot.key) continue;
            const d = t.slot.vector.reduce((s, v, k) => s + (v - slot.vector[k]!) ** 2, 0);
            if (!best || d < best.d) best = { d, ch: t.ch };
          }
          return best?.ch ?? '?';
        })
        .join('');
      if (guess === text) solved++;
    }
    expect(solved).toBeLessThan(5);
  });
});

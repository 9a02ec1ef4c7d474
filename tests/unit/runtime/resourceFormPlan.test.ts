/**
 * The record form's plan (runtime/resource/form/formPlan.ts): the fields of each mode, the data
 * permission, system and secret fields, locked fields, kinds, and the schema the form
 * validates with, which must be the server's record schema narrowed to the sent fields.
 */
import { describe, expect, it } from 'vitest';
import { resources, type ResourceMeta } from '../../../runtime/generated/resources.ts';
import { buildFormPlan, CONFIRM_SUFFIX } from '../../../runtime/resource/form/formPlan.ts';
import { inferFieldKind } from '../../../schemas/registry/fieldKinds.ts';
import type { FormMode } from '../../../runtime/resource/form/types.ts';
import { recordSchema } from '../../../server-mock/calls/validation.ts';
import { loadRegistry } from '../../../schemas/registry/loadRegistry.ts';

const registry = loadRegistry('schemas');
const NONE: ReadonlySet<string> = new Set();
const user = resources.SysUser!;
const names = (plan: { fields: { name: string }[] }) => plan.fields.map((f) => f.name);
const formResources = Object.values(resources).filter((r) => r.kind !== 'service' && r.form.order.length > 0);

describe('fields per mode', () => {
  it('create: form.create, with a confirm entry after a field that asks twice', () => {
    const plan = buildFormPlan(user, 'create', NONE);
    expect(names(plan)).toEqual([
      'username',
      'password',
      `password${CONFIRM_SUFFIX}`,
      'nickname',
      'email',
      'prefix',
      'mobile',
      'orgId',
      'status',
      'address',
      'profile',
    ]);
    expect(plan.sent).toEqual(['username', 'password', 'nickname', 'email', 'prefix', 'mobile', 'orgId', 'status', 'address', 'profile']);
    const confirm = plan.byName.get(`password${CONFIRM_SUFFIX}`)!;
    expect(confirm).toMatchObject({ confirms: 'password', sent: false, required: true, kind: 'password' });
    expect(plan.byName.get('password')!.confirmField).toBe(`password${CONFIRM_SUFFIX}`);
  });

  it('edit: form.edit without secrets; readOnlyOnEdit fields locked, not sent, not required', () => {
    const plan = buildFormPlan(user, 'edit', NONE);
    expect(names(plan)).toEqual(['username', 'nickname', 'email', 'prefix', 'mobile', 'orgId', 'status', 'address', 'profile']);
    const username = plan.byName.get('username')!;
    expect(username).toMatchObject({ readOnly: true, sent: false, required: false });
    expect(username.schema).toEqual({ readOnly: true, type: 'string' });
    expect(plan.sent).not.toContain('username');
    expect((plan.validationSchema.required as string[]).sort()).toEqual(['email', 'mobile', 'nickname', 'orgId', 'prefix', 'status']);
  });

  it('edit: a secret listed in form.edit is still left out', () => {
    const withSecret: ResourceMeta = { ...user, form: { ...user.form, edit: [...user.form.edit, 'password'] } };
    expect(names(buildFormPlan(withSecret, 'edit', NONE))).not.toContain('password');
  });

  it('view: every field of form.order but secrets, read-only, then the record times', () => {
    const plan = buildFormPlan(user, 'view', NONE);
    expect(names(plan)).toEqual([...user.form.order.filter((n) => n !== 'password'), 'createTime', 'updateTime']);
    expect(plan.fields.every((f) => f.readOnly && !f.sent && !f.required)).toBe(true);
    expect(plan.sent).toEqual([]);
    expect(plan.byName.get('createTime')!).toMatchObject({
      kind: 'dateTime',
      schema: { type: 'string', format: 'date-time', readOnly: true },
    });
  });

  it('never shows the fields the data permission hides, in any mode', () => {
    const hidden = new Set(['email', 'orgId', 'createTime']);
    for (const mode of ['create', 'edit', 'view'] as FormMode[]) {
      const plan = buildFormPlan(user, mode, hidden);
      for (const name of hidden) {
        expect(plan.byName.has(name), `${mode} ${name}`).toBe(false);
        expect(Object.keys(plan.validationSchema.properties as object)).not.toContain(name);
        expect(plan.validationSchema.required as string[]).not.toContain(name);
      }
    }
  });

  it('never shows system fields on create and edit, even when listed', () => {
    const listed: ResourceMeta = {
      ...user,
      form: { ...user.form, create: [...user.form.create, 'id', 'createTime'], edit: [...user.form.edit, 'tenantCode'] },
    };
    expect(names(buildFormPlan(listed, 'create', NONE))).not.toContain('id');
    expect(names(buildFormPlan(listed, 'create', NONE))).not.toContain('createTime');
    expect(names(buildFormPlan(listed, 'edit', NONE))).not.toContain('tenantCode');
  });

  it('a platform resource declaring tenantCode keeps it as an ordinary field', () => {
    const plan = buildFormPlan(resources.SysTenant!, 'create', NONE);
    expect(plan.byName.get('tenantCode')).toMatchObject({ sent: true, required: true });
    expect(buildFormPlan(resources.SysTenant!, 'edit', NONE).byName.get('tenantCode')).toMatchObject({ readOnly: true, sent: false });
  });
});

describe('kinds', () => {
  it('takes x-kind first, then the field: relation, boolean, enum or dictionary, date-time, number, secret, text', () => {
    const plan = buildFormPlan(user, 'create', NONE);
    expect(Object.fromEntries(plan.fields.map((f) => [f.name, f.kind]))).toMatchObject({
      username: 'text',
      password: 'password',
      prefix: 'text',
      mobile: 'mobile',
      orgId: 'relation',
      status: 'status',
      profile: 'textarea',
    });
    expect(inferFieldKind({ type: 'boolean' }, 'boolean')).toBe('switch');
    expect(inferFieldKind({ type: 'integer', enum: [0, 1] }, 'integer')).toBe('select');
    expect(inferFieldKind({ type: 'string', 'x-dict': 'org_type' }, 'string')).toBe('select');
    expect(inferFieldKind({ type: 'string', format: 'date-time' }, 'datetime')).toBe('dateTime');
    expect(inferFieldKind({ type: 'string', format: 'date' }, 'string')).toBe('date');
    expect(inferFieldKind({ type: 'integer' }, 'integer')).toBe('number');
    expect(inferFieldKind({ type: 'string', writeOnly: true }, 'string')).toBe('password');
    expect(inferFieldKind({ type: 'object' }, 'json')).toBe('json');
    expect(inferFieldKind({ type: 'string' }, 'string')).toBe('text');
    expect(inferFieldKind({ type: 'integer' }, 'integer', {})).toBe('relation');
    expect(
      inferFieldKind({ type: 'array' }, 'json', {
        through: { resource: 'NotificationUser', recordKey: 'notificationId', valueKey: 'userId' },
      }),
    ).toBe('relationMultiple');
  });

  it('shows the prefix inside the mobile widget, and nowhere when either is hidden', () => {
    const plan = buildFormPlan(user, 'create', NONE);
    expect(plan.byName.get('mobile')!.prefixField).toBe('prefix');
    expect(plan.byName.get('prefix')!.shownIn).toBe('mobile');
    expect(plan.byName.get('prefix')!.sent).toBe(true);
    const noMobile = buildFormPlan(user, 'create', new Set(['mobile']));
    expect(noMobile.byName.get('prefix')!.shownIn).toBeUndefined();
  });

  it('marks the tree parent of a tree resource: its root value and, on edit, the record itself', () => {
    const org = resources.SysOrg!;
    const plan = buildFormPlan(org, 'edit', NONE, { initial: { id: 5, orgParent: 1 } });
    expect(plan.byName.get('orgParent')!.treeParent).toEqual({ rootValue: 0, selfValue: 5 });
    expect(buildFormPlan(user, 'create', NONE).byName.get('orgId')!.treeParent).toBeUndefined();
  });

  it('carries dictionaries and enums', () => {
    const plan = buildFormPlan(user, 'create', NONE);
    expect(plan.byName.get('status')).toMatchObject({ dict: 'user_status', enum: [0, 1] });
    expect(buildFormPlan(resources.SysOrg!, 'create', NONE).byName.get('orgType')).toMatchObject({ dict: 'org_type' });
  });
});

describe('the validation schema is the server’s', () => {
  it('equals recordSchema() of server-mock/calls/validation.ts for every sent field of every resource and mode', () => {
    expect(formResources.length).toBeGreaterThan(10);
    for (const meta of formResources) {
      const server = registry.byName.get(meta.name)!;
      for (const mode of ['create', 'edit'] as const) {
        const plan = buildFormPlan(meta, mode, NONE);
        const serverSchema = recordSchema(server, { requireSecrets: mode === 'create' });
        const serverProps = serverSchema.properties as Record<string, unknown>;
        for (const name of plan.sent)
          expect(plan.validationSchema.properties![name as never], `${meta.name} ${mode} ${name}`).toEqual(serverProps[name]);
        const serverRequired = (serverSchema.required ?? []).filter((n) => plan.sent.includes(n));
        expect(
          [...(plan.validationSchema.required as string[])].filter((n) => !n.endsWith(CONFIRM_SUFFIX)).sort(),
          `${meta.name} ${mode}`,
        ).toEqual(serverRequired.sort());
        expect(plan.validationSchema.additionalProperties).toBe(false);
      }
    }
  });
});

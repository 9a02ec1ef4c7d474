/**
 * The record form's messages (runtime/resource/form/formErrors.ts) in the three languages: one
 * per Ajv keyword with its limits, the confirm mismatch, and the server's field errors by
 * keyword and params (x-notBefore naming both fields by their labels).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resources } from '../../../runtime/generated/resources.ts';
import { Translator } from '../../../runtime/i18n/translator.ts';
import { buildFormPlan, CONFIRM_SUFFIX } from '../../../runtime/resource/form/formPlan.ts';
import {
  ajvMessage,
  fieldOfError,
  formErrors,
  serverMessage,
  splitServerErrors,
  type AjvErrorLike,
  type ServerFieldError,
  type Translate,
} from '../../../runtime/resource/form/formErrors.ts';
import { validateValues } from '../../../runtime/resource/form/formValidator.ts';

const root = join(import.meta.dirname, '../../..');
const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;

function translate(locale: 'en' | 'zh' | 'tw'): Translate {
  const translator = new Translator(locale, 'en');
  for (const l of ['en', locale]) {
    translator.addMessages(l, json(`runtime/i18n/messages/${l}.json`));
    translator.addMessages(l, json(`runtime/i18n/messages/layout/${l}.json`));
    translator.addMessages(l, json(`schemas/locales/${l}.json`), false);
  }
  return translator.t;
}

const en = translate('en');
const zh = translate('zh');
const tw = translate('tw');
const user = resources.SysUser!;
const plan = buildFormPlan(user, 'create', new Set());
const err = (keyword: string, params: Record<string, unknown>, instancePath = '/username'): AjvErrorLike => ({
  keyword,
  params,
  instancePath,
});

describe('Ajv errors', () => {
  it('belong to the field the server names', () => {
    expect(fieldOfError(err('required', { missingProperty: 'email' }, ''))).toBe('email');
    expect(fieldOfError(err('additionalProperties', { additionalProperty: 'extra' }, ''))).toBe('extra');
    expect(fieldOfError(err('maxLength', { limit: 3 }, '/nickname'))).toBe('nickname');
  });

  it('read per keyword, with the limits, in each language', () => {
    const cases: [AjvErrorLike, string, string, string][] = [
      [err('required', { missingProperty: 'username' }, ''), 'Please enter Username', '请输入用户名', '請輸入使用者名稱'],
      [err('minLength', { limit: 3 }), 'Username must be at least 3 characters', '用户名至少 3 个字符', '使用者名稱至少 3 個字元'],
      [err('minLength', { limit: 1 }), 'Please enter Username', '请输入用户名', '請輸入使用者名稱'],
      [err('maxLength', { limit: 64 }), 'Username must be at most 64 characters', '用户名最多 64 个字符', '使用者名稱最多 64 個字元'],
      [err('minimum', { limit: 60 }), 'Username must be at least 60', '用户名不能小于 60', '使用者名稱不能小於 60'],
      [err('maximum', { limit: 31536000 }), 'Username must be at most 31536000', '用户名不能大于 31536000', '使用者名稱不能大於 31536000'],
      [err('pattern', { pattern: '^x$' }), 'Username is not in the expected format', '用户名格式不正确', '使用者名稱格式不正確'],
      [err('format', { format: 'email' }), 'Please enter a valid email address', '请输入有效的邮箱地址', '請輸入有效的電子郵件地址'],
      [
        err('format', { format: 'uri' }),
        'Please enter a valid URL, such as https://example.com',
        '请输入有效的网址，例如 https://example.com',
        '請輸入有效的網址，例如 https://example.com',
      ],
      [err('format', { format: 'date-time' }), 'Please enter a valid date and time', '请输入有效的日期时间', '請輸入有效的日期時間'],
      [err('format', { format: 'uuid' }), 'Username must be a valid uuid', '用户名不是有效的 uuid', '使用者名稱不是有效的 uuid'],
      [
        err('enum', { allowedValues: [0, 1] }),
        'Please choose one of the options for Username',
        '请为用户名选择一个有效选项',
        '請為使用者名稱選擇一個有效選項',
      ],
      [err('type', { type: 'integer' }), 'Username must be a whole number', '用户名必须是整数', '使用者名稱必須是整數'],
      [err('multipleOf', { multipleOf: 2 }), 'Username is not valid', '用户名无效', '使用者名稱無效'],
    ];
    for (const [e, inEn, inZh, inTw] of cases) {
      expect(ajvMessage(en, e, en('resources.SysUser.fields.username'))).toBe(inEn);
      expect(ajvMessage(zh, e, zh('resources.SysUser.fields.username'))).toBe(inZh);
      expect(ajvMessage(tw, e, tw('resources.SysUser.fields.username'))).toBe(inTw);
    }
    expect(ajvMessage(en, err('required', { missingProperty: 'status' }, ''), 'Status', { choice: true })).toBe('Please select Status');
  });

  it('give one message per field, in the form’s language, from a real validation', () => {
    const values = { username: 'x!', password: 'abc', [`password${CONFIRM_SUFFIX}`]: 'abd', email: 'nope', status: 3 };
    const found = formErrors(en, plan, validateValues(plan.validationSchema, values), values);
    expect(found).toMatchObject({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
      email: 'Please enter a valid email address',
      status: 'Please choose one of the options for Status',
      nickname: 'Please enter Nickname',
      orgId: 'Please select Organisation',
      [`password${CONFIRM_SUFFIX}`]: 'The two Password entries do not match',
    });
  });

  it('report a confirm mismatch in each language, and none when both entries match or are empty', () => {
    const mismatch = { password: 'Secret#1', [`password${CONFIRM_SUFFIX}`]: 'Secret#2' };
    expect(formErrors(zh, plan, [], mismatch)[`password${CONFIRM_SUFFIX}`]).toBe('两次输入的密码不一致');
    expect(formErrors(tw, plan, [], mismatch)[`password${CONFIRM_SUFFIX}`]).toBe('兩次輸入的密碼不一致');
    expect(formErrors(en, plan, [], { password: 'same', [`password${CONFIRM_SUFFIX}`]: 'same' })).toEqual({});
    expect(formErrors(en, plan, [], {})).toEqual({});
  });
});

describe('server errors', () => {
  const se = (
    keyword: string | undefined,
    params: Record<string, unknown>,
    message = 'the server\u2019s English text',
  ): ServerFieldError => ({ field: 'x', ...(keyword ? { keyword, params } : {}), message });

  it('are translated by keyword and params, not by their English text; one without a keyword shows as it came', () => {
    expect(serverMessage(en, se('unique', { fields: ['username'] }), 'Username')).toBe('Username already exists');
    expect(serverMessage(zh, se('unique', { fields: ['username'] }), '用户名')).toBe('用户名已存在');
    expect(serverMessage(en, se('required', { missingProperty: 'email' }), 'Email')).toBe('Please enter Email');
    expect(serverMessage(en, se('required', { missingProperty: 'status' }), 'Status', { choice: true })).toBe('Please select Status');
    expect(serverMessage(en, se('minLength', { limit: 3 }), 'Username')).toBe('Username must be at least 3 characters');
    expect(serverMessage(tw, se('maximum', { limit: 100 }), '秒數')).toBe('秒數不能大於 100');
    expect(serverMessage(en, se('format', { format: 'email' }), 'Email')).toBe('Please enter a valid email address');
    expect(serverMessage(en, se('pattern', { pattern: '^[0-9]+$' }), 'Mobile')).toBe('Mobile is not in the expected format');
    expect(serverMessage(en, se('type', { type: 'integer,null' }), 'Org')).toBe('Org must be a whole number');
    expect(serverMessage(en, se('maxItems', { limit: 10000 }), 'Users')).toBe('Please select at most 10000 items for Users');
    expect(serverMessage(zh, se('reference', { resource: 'SysOrg', valueField: 'id', values: [99] }), '组织')).toBe('所选组织已不存在');
    expect(serverMessage(en, se('cycle', {}), 'Parent')).toBe('Parent cannot be the record itself or one of its descendants');
    expect(serverMessage(zh, se('passwordPolicy', { rule: 'length', min: 6, max: 31 }), '密码')).toBe('密码须为 6 到 31 个字符');
    expect(serverMessage(en, se('passwordPolicy', { rule: 'common' }), 'Password')).toBe('Password is too common; choose another');
    // the English text does not matter once there is a keyword
    expect(serverMessage(en, se('unique', { fields: ['username'] }, 'is required'), 'Username')).toBe('Username already exists');
    expect(serverMessage(en, se(undefined, {}, 'The tenant is locked'), 'Username')).toBe('The tenant is locked');
  });

  it('name the other field of x-notBefore by its label, in the console\u2019s language', () => {
    const notification = resources.Notification!;
    const backwards: ServerFieldError = {
      field: 'endTime',
      keyword: 'x-notBefore',
      params: { otherField: 'startTime' },
      message: 'must not be before startTime',
    };
    const create = buildFormPlan(notification, 'create', new Set());
    expect(splitServerErrors(zh, create, [backwards]).byField).toEqual({ endTime: '结束时间不能早于开始时间' });
    expect(splitServerErrors(tw, create, [backwards]).byField).toEqual({ endTime: '結束時間不能早於開始時間' });
    expect(splitServerErrors(en, create, [backwards]).byField).toEqual({ endTime: 'End time must not be before Start time' });
    // a form that shows neither field: labelled from the resource's label keys, above the form
    const hidden = buildFormPlan(notification, 'create', new Set(['startTime', 'endTime']));
    expect(splitServerErrors(zh, hidden, [backwards], notification.labels.fields).other).toEqual([
      { field: 'endTime', message: '结束时间不能早于开始时间' },
    ]);
  });

  it('of an end before its start are found by the form itself, with both labels', () => {
    const notification = resources.Notification!;
    const create = buildFormPlan(notification, 'create', new Set());
    const values = {
      title: 'x',
      content: 'x',
      type: 'notice',
      priority: 1,
      startTime: '2026-04-10T00:00:00Z',
      endTime: '2026-04-09T00:00:00Z',
    };
    expect(formErrors(zh, create, validateValues(create.validationSchema, values), values)).toEqual({
      endTime: '结束时间不能早于开始时间',
    });
    const fixed = { ...values, endTime: '2026-04-10T00:00:00Z' };
    expect(formErrors(zh, create, validateValues(create.validationSchema, fixed), fixed)).toEqual({});
  });

  it('split into the form’s fields and the rest', () => {
    const hidden = buildFormPlan(user, 'create', new Set(['email']));
    const split = splitServerErrors(
      en,
      hidden,
      [
        { field: 'username', keyword: 'unique', params: { fields: ['username'] }, message: 'already exists' },
        { field: 'username', keyword: 'pattern', params: { pattern: '^x$' }, message: 'has an invalid format' },
        { field: 'email', keyword: 'unique', params: { fields: ['email'] }, message: 'already exists' },
        { field: 'email', message: 'The address is blocked' },
        {
          field: 'tenantCode',
          keyword: 'additionalProperties',
          params: { additionalProperty: 'tenantCode' },
          message: 'is not a known field',
        },
      ],
      user.labels.fields,
    );
    expect(split.byField).toEqual({ username: 'Username already exists' });
    expect(split.other).toEqual([
      { field: 'email', message: 'Email already exists' },
      { field: 'email', message: 'Email: The address is blocked' },
      { field: 'tenantCode', message: 'Tenant is not a field of this record' },
    ]);
    const edit = buildFormPlan(user, 'edit', new Set());
    expect(
      splitServerErrors(zh, edit, [{ field: 'username', keyword: 'unique', params: { fields: ['username'] }, message: 'already exists' }])
        .other,
    ).toEqual([{ field: 'username', message: '用户名已存在' }]);
    expect(splitServerErrors(en, plan, undefined)).toEqual({ byField: {}, other: [] });
  });
});

/** The sign-in form rules of spec section 5 (lengths count the trimmed value). */
import type { Rule } from 'antd/es/form';
import type { TFunction } from '../../i18n/translator.ts';
import { LOGIN_NAME_MAX_LENGTH, LOGIN_NAME_MIN_LENGTH, TENANT_CODE_MAX_LENGTH, TENANT_CODE_MIN_LENGTH } from '../../constants/spec.ts';

function trimmedLength(min: number, max: number, message: string): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const length = typeof value === 'string' ? value.trim().length : 0;
      return length === 0 || (length >= min && length <= max) ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

function requiredTrimmed(message: string): Rule {
  return { required: true, whitespace: true, message };
}

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export function loginRules(t: TFunction) {
  return {
    tenantCode: [
      requiredTrimmed(t('login.rules.tenantRequired')),
      trimmedLength(
        TENANT_CODE_MIN_LENGTH,
        TENANT_CODE_MAX_LENGTH,
        t('login.rules.tenantLength', { min: TENANT_CODE_MIN_LENGTH, max: TENANT_CODE_MAX_LENGTH }),
      ),
    ],
    username: [
      requiredTrimmed(t('login.rules.usernameRequired')),
      trimmedLength(
        LOGIN_NAME_MIN_LENGTH,
        LOGIN_NAME_MAX_LENGTH,
        t('login.rules.usernameLength', { min: LOGIN_NAME_MIN_LENGTH, max: LOGIN_NAME_MAX_LENGTH }),
      ),
    ],
    password: [{ required: true, message: t('login.rules.passwordRequired') }],
    mobile: [
      requiredTrimmed(t('login.rules.mobileRequired')),
      {
        validator: (_rule, value: unknown) =>
          typeof value !== 'string' || !value.trim() || MOBILE_PATTERN.test(value.trim())
            ? Promise.resolve()
            : Promise.reject(new Error(t('login.rules.mobileFormat'))),
      },
    ] as Rule[],
    smsCaptcha: [requiredTrimmed(t('login.rules.codeRequired'))],
  };
}

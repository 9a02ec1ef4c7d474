import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/translator.ts';
import type { TenantChoice } from '../../api/auth.ts';
import { ApiError } from '../../http/apiError.ts';
import { toastWarning } from '../../feedback/feedback.ts';

/**
 * The tenants a username, email or mobile belongs to (queryTenantUser), offered as the
 * tenant code's choices; with exactly one, it is filled in.
 */
export function useTenantChoices(fill: (tenantCode: string) => void) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<TenantChoice[]>([]);
  const lastQuery = useRef('');

  const lookup = useCallback(
    async (userInfo: string | undefined) => {
      const value = (userInfo ?? '').trim();
      if (!value || value === lastQuery.current) return;
      lastQuery.current = value;
      try {
        const { queryTenantUser } = await import('../../api/auth.ts');
        const answer = await queryTenantUser(value);
        const list = Array.isArray(answer.data) ? answer.data : [];
        setChoices(list);
        if (list.length === 0) toastWarning(t('login.noTenant'));
        else if (list.length === 1) fill(list[0]!.tenantCode);
      } catch (err) {
        setChoices([]);
        // The platform answers 404 when the user belongs to no tenant (this server: an empty list).
        if (err instanceof ApiError && err.httpStatus === 404) toastWarning(t('login.noTenant'));
      }
    },
    [fill, t],
  );

  return { choices, lookup };
}

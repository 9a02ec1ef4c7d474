/** The server's character captcha for a self-service form: the current one and a loader of the next. */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/translator.ts';
import { getCharCaptcha, type CharCaptcha } from '../../api/auth.ts';
import { toastError } from '../../feedback/feedback.ts';

export function useCharCaptcha() {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<CharCaptcha>();
  const [loading, setLoading] = useState(false);

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      setCaptcha(await getCharCaptcha());
    } catch {
      toastError(t('account.captchaLoadFailed'));
    } finally {
      setLoading(false);
    }
  }, [t]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { captcha, loading, refresh };
}

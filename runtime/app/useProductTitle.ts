import { useTranslation } from '../i18n/translator.ts';

/** The product title: the material inventory system in Chinese, the microservice platform in English. */
export function useProductTitle(): string {
  const { t } = useTranslation();
  return t(['app.loginTitle', 'login.title']);
}

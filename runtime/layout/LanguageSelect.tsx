/** Language switch zh / tw / en (sign-in page and navbar); the current language is disabled. */
import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LOCALES, type Locale } from '../constants/spec.ts';
import { appState, setLanguage } from '../stores/app.ts';
import { toastSuccess } from '../feedback/feedback.ts';

/** Each language names itself, in its own script. */
const LANGUAGE_NAMES: Record<Locale, string> = { zh: '简体中文', tw: '繁體中文', en: 'English' };
const MENU_ORDER: readonly Locale[] = ['zh', 'tw', 'en'];

export default function LanguageSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const app = useSnapshot(appState);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [app.language],
        items: MENU_ORDER.filter((l) => LOCALES.includes(l)).map((locale) => ({
          key: locale,
          label: <span lang={locale === 'en' ? 'en' : locale === 'zh' ? 'zh-CN' : 'zh-TW'}>{LANGUAGE_NAMES[locale]}</span>,
          disabled: locale === app.language,
        })),
        onClick: ({ key }) => {
          setLanguage(key as Locale);
          toastSuccess(t('navbar.switchLanguageSuccess'));
        },
      }}
    >
      <Button
        type="text"
        className={className}
        icon={<TranslationOutlined />}
        aria-label={t('navbar.language')}
        title={t('navbar.language')}
        data-testid="language-select"
      />
    </Dropdown>
  );
}

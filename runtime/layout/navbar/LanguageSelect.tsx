/** The navbar's language switch zh / tw / en; the current language is disabled. */
import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { translator } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import type { Locale } from '../../constants/spec.ts';
import { LANGUAGE_NAMES, LANGUAGE_ORDER, LANGUAGE_TAGS } from '../../i18n/languageNames.ts';
import { appState, setLanguage } from '../appState.ts';
import { toastSuccess } from '../../feedback/feedback.ts';

export default function LanguageSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const app = useSnapshot(appState);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [app.language],
        items: LANGUAGE_ORDER.map((locale) => ({
          key: locale,
          label: <span lang={LANGUAGE_TAGS[locale]}>{LANGUAGE_NAMES[locale]}</span>,
          disabled: locale === app.language,
        })),
        onClick: ({ key }) => {
          void setLanguage(key as Locale).then(() => toastSuccess(translator.t('navbar.switchLanguageSuccess')));
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

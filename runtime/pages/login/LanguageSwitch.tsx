/** The sign-in pages' language switch zh / tw / en. */
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { LANGUAGE_NAMES, LANGUAGE_ORDER, LANGUAGE_TAGS } from '../../i18n/languageNames.ts';
import { appState, setLanguage } from '../../layout/appState.ts';
import ChoiceGroup from './ChoiceGroup.tsx';

export default function LanguageSwitch() {
  const { t } = useTranslation();
  const app = useSnapshot(appState);
  return (
    <ChoiceGroup
      size="small"
      label={t('navbar.language')}
      value={app.language}
      onChange={(locale) => void setLanguage(locale)}
      options={LANGUAGE_ORDER.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale], lang: LANGUAGE_TAGS[locale] }))}
      testId="language-switch"
    />
  );
}

/**
 * The right settings panel (spec 2, 9): a button 250 px from the top opens a drawer with
 * the theme colour (8 presets), tags view, fixed header, sidebar logo and, in Chinese only,
 * pinyin search. Everything is persisted.
 */
import { useState } from 'react';
import { Button, Drawer, Switch } from 'antd';
import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { RIGHT_PANEL_BUTTON_TOP_PX, THEME_PRESET_COLORS } from '../../constants/spec.ts';
import { changeSetting, settingsState, type ChangeableSetting } from './settingsState.ts';
import { appState } from '../appState.ts';
import { pinyinApplies } from '../search/HeaderSearch.tsx';

type Toggle = Exclude<ChangeableSetting, 'theme'>;

export default function SettingsDrawer() {
  const { t } = useTranslation();
  const settings = useSnapshot(settingsState);
  const app = useSnapshot(appState);
  const [open, setOpen] = useState(false);
  const toggles: Toggle[] = ['tagsView', 'fixedHeader', 'sidebarLogo'];
  if (pinyinApplies(app.language, true)) toggles.push('supportPinyinSearch');

  return (
    <>
      <Button
        type="primary"
        className="right-panel-button"
        style={{ top: RIGHT_PANEL_BUTTON_TOP_PX }}
        icon={<SettingOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('settings.open')}
        title={t('settings.open')}
        data-testid="settings-button"
      />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('settings.title')}
        placement="right"
        size={280}
        closable={{ 'aria-label': t('common.close') }}
      >
        <section className="settings-section" aria-labelledby="settings-theme">
          <h3 id="settings-theme" className="settings-heading">
            {t('settings.theme')}
          </h3>
          <div className="theme-swatches" role="radiogroup" aria-label={t('settings.theme')}>
            {THEME_PRESET_COLORS.map((color) => {
              const selected = settings.theme.toLowerCase() === color.toLowerCase();
              return (
                <button
                  key={color}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  aria-label={t('settings.themeColor', { color })}
                  title={color}
                  className="theme-swatch"
                  style={{ background: color }}
                  onClick={() => changeSetting('theme', color)}
                >
                  {selected && <CheckOutlined />}
                </button>
              );
            })}
          </div>
        </section>
        <section className="settings-section">
          {toggles.map((key) => (
            <label key={key} className="settings-row">
              <span>{t(`settings.${key}`)}</span>
              <Switch
                checked={settings[key]}
                onChange={(v) => changeSetting(key, v)}
                aria-label={t(`settings.${key}`)}
                data-testid={`setting-${key}`}
              />
            </label>
          ))}
        </section>
      </Drawer>
    </>
  );
}

/** The signed-in layout (spec 2): sidebar, header with tabs, the page area, settings panel. */
import { useEffect, useRef } from 'react';
import { message, Modal } from 'antd';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../i18n/translator.ts';
import { appState, closeSidebar } from './appState.ts';
import { settingsState } from './settings/settingsState.ts';
import Sidebar from './sidebar/Sidebar.tsx';
import Navbar from './navbar/Navbar.tsx';
import TagsView from './tagsView/TagsView.tsx';
import AppMain from './appMain/AppMain.tsx';
import SettingsDrawer from './settings/SettingsDrawer.tsx';
import { useResponsiveDevice } from './useResponsiveDevice.ts';
import { useDayjsLocale } from './useDayjsLocale.ts';
import { installDialogFocusTrap } from './dialogFocusTrap.ts';
import { bindConfirm, bindFeedback } from '../feedback/feedback.ts';
import PublishedRegistry from '../resource/PublishedRegistry.tsx';
import './layout.css';

export default function Layout() {
  const { t } = useTranslation();
  const app = useSnapshot(appState);
  const settings = useSnapshot(settingsState);
  const scroller = useRef<HTMLDivElement>(null);
  useResponsiveDevice();
  useDayjsLocale(app.language);
  const [modal, modalHolder] = Modal.useModal();
  const [messageApi, messageHolder] = message.useMessage();
  useEffect(() => {
    bindFeedback(messageApi);
    return () => bindFeedback(undefined);
  }, [messageApi]);
  useEffect(() => {
    bindConfirm((options) => void modal.confirm({ ...options, type: 'warning' }));
    return () => bindConfirm(undefined);
  }, [modal]);
  useEffect(installDialogFocusTrap, []);
  const mobile = app.device === 'mobile';
  const classes = [
    'app-wrapper',
    app.sidebar.opened ? 'openSidebar' : 'hideSidebar',
    app.sidebar.withoutAnimation ? 'withoutAnimation' : '',
    mobile ? 'mobile' : '',
    settings.fixedHeader ? 'fixedHeader' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    // the pages read the generated registry with the tenant's published resources added
    <PublishedRegistry>
      <div className={classes} data-testid="app-layout">
        {modalHolder}
        {messageHolder}
        {mobile && app.sidebar.opened && (
          <div
            className="drawer-bg"
            role="button"
            tabIndex={-1}
            aria-label={t('sidebar.close')}
            onClick={() => closeSidebar(false)}
            data-testid="sidebar-backdrop"
          />
        )}
        <Sidebar />
        <div className={`main-container${settings.showSettings ? ' with-settings-button' : ''}`} ref={scroller}>
          <div className="header-container">
            <Navbar />
            {settings.tagsView && <TagsView />}
          </div>
          <AppMain scroller={scroller} />
          {settings.showSettings && <SettingsDrawer />}
        </div>
      </div>
    </PublishedRegistry>
  );
}

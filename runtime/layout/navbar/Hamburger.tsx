import { Button } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { appState, toggleSidebar } from '../appState.ts';

/** Opens and collapses the sidebar (the state is saved in the sidebarStatus cookie). */
export default function Hamburger() {
  const { t } = useTranslation();
  const app = useSnapshot(appState);
  const label = app.sidebar.opened ? t('navbar.collapseSidebar') : t('navbar.expandSidebar');
  return (
    <Button
      type="text"
      className="navbar-icon hamburger"
      icon={app.sidebar.opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      onClick={toggleSidebar}
      aria-label={label}
      aria-expanded={app.sidebar.opened}
      title={label}
      data-testid="hamburger"
    />
  );
}

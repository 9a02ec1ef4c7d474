/** The header (spec 2): hamburger, breadcrumb, then the right menu of tools. */
import { useSnapshot } from 'valtio';
import { appState } from '../appState.ts';
import Hamburger from './Hamburger.tsx';
import AppBreadcrumb from '../breadcrumb/AppBreadcrumb.tsx';
import HeaderSearch from '../search/HeaderSearch.tsx';
import { OrgSwitcher, PostSwitcher } from './OrgPostSwitcher.tsx';
import LanguageSelect from './LanguageSelect.tsx';
import SizeSelect from './SizeSelect.tsx';
import ScreenfullButton from './ScreenfullButton.tsx';
import NotificationBell from './NotificationBell.tsx';
import ErrorLogButton from './ErrorLogButton.tsx';
import AvatarMenu from './AvatarMenu.tsx';

export default function Navbar() {
  const app = useSnapshot(appState);
  const desktop = app.device !== 'mobile';
  return (
    <header className="navbar">
      <Hamburger />
      <AppBreadcrumb />
      <div className="right-menu">
        <HeaderSearch />
        {desktop && <ErrorLogButton />}
        {desktop && <OrgSwitcher />}
        {desktop && <PostSwitcher />}
        <LanguageSelect className="navbar-icon" />
        {desktop && <SizeSelect />}
        {desktop && <ScreenfullButton />}
        <NotificationBell />
        <AvatarMenu />
      </div>
    </header>
  );
}

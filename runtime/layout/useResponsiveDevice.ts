import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { isMobileWidth } from './deviceRules.ts';
import { appState, closeSidebar, toggleDevice } from './appState.ts';

/**
 * Device re-evaluated on resize; the sidebar is forced closed on mobile, and on every
 * route change while mobile (spec 4).
 */
export function useResponsiveDevice(): void {
  const location = useLocation();
  useEffect(() => {
    const check = () => {
      const mobile = isMobileWidth(window.innerWidth);
      toggleDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) closeSidebar(true);
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);
  useEffect(() => {
    if (appState.device === 'mobile' && appState.sidebar.opened) closeSidebar(false);
  }, [location.pathname]);
}

/**
 * One page of the page area. A page whose tab is cached stays mounted while another is shown,
 * inside a hidden React Activity: its state, inputs, scroll and open dialogs survive, and its
 * effects are disconnected until it is shown again. Ant Design's dialogs and drawers keep their
 * content through this thanks to build/activitySafeMotion.ts. A page that fails shows its error
 * in its place (PageErrorBoundary.tsx).
 */
import { Activity } from 'react';
import type { Location } from 'react-router-dom';
import type { AppRoute } from '../../permission/routeTypes.ts';
import PageErrorBoundary from './PageErrorBoundary.tsx';
import PageHost from './PageHost.tsx';

export interface CachedPageProps {
  /** The page's cache key (tags/tagsViewRules.ts cacheKey). */
  pageKey: string;
  route: AppRoute;
  location: Location;
  shown: boolean;
}

export default function CachedPage({ pageKey, route, location, shown }: CachedPageProps) {
  return (
    <Activity mode={shown ? 'visible' : 'hidden'}>
      <div className="app-page" data-page={pageKey}>
        <PageErrorBoundary>
          <PageHost route={route} location={location} />
        </PageErrorBoundary>
      </div>
    </Activity>
  );
}

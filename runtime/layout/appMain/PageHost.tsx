import { Suspense } from 'react';
import { Route, Routes, type Location } from 'react-router-dom';
import { getComponent } from '../../app/componentRegistry.ts';
import RouteProgress from '../../app/RouteProgress.tsx';
import { CurrentRouteContext } from '../../app/currentRoute.ts';
import { routerPattern } from '../../permission/matchRoute.ts';
import type { AppRoute } from '../../permission/routeTypes.ts';

/** Renders one page at its own location, so a hidden cached page keeps its params. */
export default function PageHost({ route, location }: { route: AppRoute; location: Location }) {
  const Page = route.component ? getComponent(route.component) : undefined;
  if (!Page) return null;
  return (
    <Routes location={location}>
      <Route
        path={routerPattern(route.path)}
        element={
          <CurrentRouteContext.Provider value={route}>
            <Suspense fallback={<RouteProgress />}>
              <Page />
            </Suspense>
          </CurrentRouteContext.Provider>
        }
      />
    </Routes>
  );
}

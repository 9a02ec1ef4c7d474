/**
 * The route a page is shown for (its meta: title, menu code, resource...). Pages read it
 * with useCurrentRoute(); a generic resource page learns which resource to show from it.
 */
import { createContext, useContext } from 'react';
import type { AppRoute } from '../permission/routeTypes.ts';

export const CurrentRouteContext = createContext<AppRoute | undefined>(undefined);

export function useCurrentRoute(): AppRoute | undefined {
  return useContext(CurrentRouteContext);
}

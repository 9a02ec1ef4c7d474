/** The route item shape of spec section 2, as the server's menu tree and the console use it. */
export interface RouteMeta {
  title?: string;
  icon?: string;
  noCache?: boolean;
  affix?: boolean;
  activeMenu?: string;
  roles?: string[];
  /** false keeps the entry out of the breadcrumb. */
  breadcrumb?: boolean;
  hidden?: boolean;
  /** Menu code (button and data-field grants are keyed by it). */
  code?: string;
  /** The resource a generic page shows on this route. */
  resource?: string;
}

/** One node of `menu` in the queryCurrentAuthority answer. Paths may be relative to the parent. */
export interface ServerMenuNode extends Omit<RouteMeta, 'roles'> {
  path: string;
  name?: string;
  component?: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  /** Meta may come nested (vue-router style) or flat on the node (schemas/menu.json style). */
  meta?: RouteMeta | null;
  roles?: readonly string[];
  children?: readonly ServerMenuNode[] | null;
}

/** A route the console can render: absolute path, resolved component key (see componentRegistry). */
export interface AppRoute {
  path: string;
  name?: string;
  /** Key in the component registry; absent for parents and external links. */
  component?: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  /** A parent that is not a page of its own (menu redirect "noRedirect"): not a breadcrumb link. */
  noRedirect?: boolean;
  /** An external link (http, https, mailto, tel): shown in the menu, opened in a new tab. */
  external?: boolean;
  meta: RouteMeta;
  children: AppRoute[];
}

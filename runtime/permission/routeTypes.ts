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
}

/** One node of `menu` in the queryCurrentAuthority answer. Paths may be relative to the parent. */
export interface ServerMenuNode {
  path: string;
  name?: string;
  component?: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta?: RouteMeta | null;
  children?: ServerMenuNode[] | null;
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

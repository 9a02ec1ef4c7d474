/**
 * Extension points of the generic resource page. An implementer adds behaviour to a resource
 * without touching the page: a component for a custom action (`actions[]` with
 * `kind: "custom"`), registered under the resource and action names, and modules that register
 * such components or field kinds (fieldKinds/registry.ts) when they load. Registration happens
 * at start-up (see resource/registerResourcePages.ts); components load on demand.
 */
import type { ComponentType } from 'react';
import type { ActionMeta, ResourceMeta } from '../generated/resources.ts';

export type ResourceRecord = Record<string, unknown>;

export interface ActionComponentProps {
  resource: ResourceMeta;
  action: ActionMeta;
  /** The checked records (toolbar actions) or the row's record (row actions). */
  records: ResourceRecord[];
  /** The rows the list shows (its current page, as searched and sorted), for an action on the whole list. */
  listed?: ResourceRecord[];
  /** The filters the page has fixed: the filter tree's node (`list.filterTree.field`), the master record's key. */
  fixed?: Readonly<Record<string, string | number>>;
  /** Closes the action's UI; `changed` reloads the list. */
  onClose(changed: boolean): void;
}

export type ActionComponentLoader = () => Promise<{ default: ComponentType<ActionComponentProps> }>;

const actionLoaders = new Map<string, ActionComponentLoader>();

export function registerActionComponent(resource: string, action: string, loader: ActionComponentLoader): void {
  actionLoaders.set(`${resource}.${action}`, loader);
}

export function getActionComponentLoader(resource: string, action: string): ActionComponentLoader | undefined {
  return actionLoaders.get(`${resource}.${action}`);
}

export function hasActionComponent(resource: string, action: string): boolean {
  return actionLoaders.has(`${resource}.${action}`);
}

/**
 * A module of extensions (field kinds, action components) that registers itself when loaded.
 * Registered at start-up with a lazy loader, it is downloaded with the first resource page,
 * so components that use antd or other heavy parts stay out of the sign-in page.
 */
export type ExtensionModuleLoader = () => Promise<unknown>;

/** Each registered module, and its load once started. */
const extensionModules = new Map<ExtensionModuleLoader, Promise<unknown> | undefined>();
/** The load of all modules registered so far: the same promise until another is registered (React's use() needs that). */
let allLoaded: Promise<void> | undefined;

export function registerExtensionModule(loader: ExtensionModuleLoader): void {
  if (extensionModules.has(loader)) return;
  extensionModules.set(loader, undefined);
  allLoaded = undefined;
}

/** Loads every registered extension module once (the resource page waits for it before its first render). */
export function loadExtensionModules(): Promise<void> {
  if (allLoaded) return allLoaded;
  const pending: Promise<unknown>[] = [];
  for (const [loader, loading] of extensionModules) {
    const promise = loading ?? loader();
    extensionModules.set(loader, promise);
    pending.push(promise);
  }
  allLoaded = Promise.all(pending).then(() => undefined);
  return allLoaded;
}

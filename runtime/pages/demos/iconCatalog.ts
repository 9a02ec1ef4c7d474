/**
 * The console's icon set for the icons demo page: the menu icon names (sidebar/menuIcon.tsx)
 * and the Ant Design icons the console's own pages and layout use, with the text that puts
 * each one in a page.
 */
import type { ComponentType } from 'react';
import {
  BellOutlined,
  BugOutlined,
  CheckOutlined,
  ClockCircleOutlined,
  CloseOutlined,
  ColumnHeightOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  HomeOutlined,
  KeyOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
  MobileOutlined,
  NotificationOutlined,
  PlusOutlined,
  ReloadOutlined,
  RightOutlined,
  SafetyOutlined,
  SearchOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  TranslationOutlined,
  UndoOutlined,
  UpOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { MENU_ICONS } from '../../layout/sidebar/menuIcon.tsx';

export interface IconEntry {
  name: string;
  Icon: ComponentType;
  /** What the click copies: the JSX that shows this icon. */
  usage: string;
}

/** The Ant Design icons of the console's layout and pages, by export name. */
const CONSOLE_ANTD_ICONS: Record<string, ComponentType> = {
  BellOutlined,
  BugOutlined,
  CheckOutlined,
  ClockCircleOutlined,
  CloseOutlined,
  ColumnHeightOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  HomeOutlined,
  KeyOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
  MobileOutlined,
  NotificationOutlined,
  PlusOutlined,
  ReloadOutlined,
  RightOutlined,
  SafetyOutlined,
  SearchOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  TranslationOutlined,
  UndoOutlined,
  UpOutlined,
  UploadOutlined,
  UserOutlined,
};

export const menuIconEntries = (icons: Record<string, ComponentType> = MENU_ICONS): IconEntry[] =>
  Object.keys(icons)
    .sort()
    .map((name) => ({ name, Icon: icons[name]!, usage: `<MenuIcon name="${name}" />` }));

export const antdIconEntries = (icons: Record<string, ComponentType> = CONSOLE_ANTD_ICONS): IconEntry[] =>
  Object.keys(icons)
    .sort()
    .map((name) => ({ name, Icon: icons[name]!, usage: `<${name} />` }));

/** The entries whose name holds the query (case and surrounding spaces ignored); all for an empty query. */
export function filterIcons(entries: readonly IconEntry[], query: string): IconEntry[] {
  const q = query.trim().toLowerCase();
  return q ? entries.filter((e) => e.name.toLowerCase().includes(q)) : [...entries];
}

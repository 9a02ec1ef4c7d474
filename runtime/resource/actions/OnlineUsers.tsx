/**
 * The users page's "online users" action: the online users list (resource SysOnlineUser, the
 * same list as the /onlinesysuser page) in the action's dialog, with its force sign-out.
 */
import { resources } from '../../generated/resources.ts';
import type { ActionComponentProps } from '../extensions.ts';
import EmbeddedList from './EmbeddedList.tsx';

const ONLINE = resources.SysOnlineUser!;

export default function OnlineUsers({ onClose }: ActionComponentProps) {
  return <EmbeddedList resource={ONLINE} onClose={onClose} />;
}

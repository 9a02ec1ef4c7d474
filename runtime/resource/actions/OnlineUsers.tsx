/**
 * The users page's "online users" action: the online users list (resource SysOnlineUser, the
 * same list as the /onlinesysuser page) in the action's dialog, with its force sign-out.
 */
import type { ActionComponentProps } from '../extensions.ts';
import { useRegistry } from '../registryContext.tsx';
import EmbeddedList from './EmbeddedList.tsx';

export default function OnlineUsers({ onClose }: ActionComponentProps) {
  const online = useRegistry().SysOnlineUser;
  if (!online) throw new Error('The registry has no SysOnlineUser resource');
  return <EmbeddedList resource={online} onClose={onClose} />;
}

/**
 * /onlinesysuser: the tenant's live sessions, with force sign-out on each row for holders of
 * the users page's button. The same view as the users page's "online users" action.
 */
import { resources } from '../../generated/resources.ts';
import OnlineUsers from './OnlineUsers.tsx';
import '../resource.css';

const RESOURCE = resources.SysUser!;
const ONLINE = RESOURCE.actions.find((a) => a.name === 'online')!;
const ignore = () => undefined;

export default function OnlineUsersPage() {
  return (
    <div className="resource-page" data-testid="online-users-page">
      <OnlineUsers resource={RESOURCE} action={ONLINE} records={[]} onClose={ignore} page />
    </div>
  );
}

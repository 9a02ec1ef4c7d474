/**
 * The bell of new workflow tasks (docs/notifications.md#live-notifications): a user task that
 * begins with an assignee or candidates is announced to them as a message in their bell (a
 * notification of type `message` addressed to those users), stored in the same transaction as
 * the task, and a live notice reaches their open consoles once it committed. `addressMessage`
 * stores such a message for other modules (the scheduler's alarms).
 */
import type { TenantData } from '../access/tenantData.ts';
import type { Row } from '../db/anyKysely.ts';

export interface NewTask {
  name: string;
  processName: string;
  processInstanceId: number;
  /** The assignee's username, or null. */
  assignee: string | null;
  candidateUsers: readonly string[];
  /** Role codes. */
  candidateGroups: readonly string[];
}

/** Text for HTML content. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The users of the tenant a new task is for: its assignee, or its candidate users and the users of its candidate roles. */
async function recipients(tx: TenantData, task: NewTask): Promise<number[]> {
  const user = tx.resource('SysUser');
  const usernames = task.assignee ? [task.assignee] : [...task.candidateUsers];
  const ids = new Set<number>();
  if (usernames.length) {
    const rows = (await tx.select(user).select(`${user.table}.id`).where(`${user.table}.username`, 'in', usernames).execute()) as Row[];
    for (const r of rows) ids.add(Number(r.id));
  }
  if (!task.assignee && task.candidateGroups.length) {
    const role = tx.resource('SysRole');
    const link = tx.resource('SysRoleUser');
    const col = (r: typeof role, f: string) => `${r.table}.${r.fieldMap.get(f)!.column}`;
    const roleIds = tx
      .select(role)
      .select(`${role.table}.id`)
      .where(col(role, 'roleCode'), 'in', [...task.candidateGroups]);
    const rows = (await tx.select(link).select(col(link, 'userId')).where(col(link, 'roleId'), 'in', roleIds).execute()) as Row[];
    for (const r of rows) ids.add(Number(r[link.fieldMap.get('userId')!.column]));
  }
  return [...ids].sort((a, b) => a - b);
}

/** Stores the bell message of a new task (in the caller's transaction) and announces it once committed. */
export async function noticeNewTask(tx: TenantData, task: NewTask, now: Date, onError: (err: unknown) => void): Promise<void> {
  const userIds = await recipients(tx, task);
  const message = {
    title: `${task.name} · ${task.processName}`,
    content: `<p>${escapeHtml(task.name)}</p><p>${escapeHtml(task.processName)} #${task.processInstanceId}</p>`,
    publisher: 'workflow',
  };
  await addressMessage(tx, userIds, message, 'task', now, onError);
}

export interface BellMessage {
  title: string;
  /** HTML, its text escaped by the caller. */
  content: string;
  /** Who publishes it (a module's name). */
  publisher: string;
}

/**
 * Stores a message (a notification of type `message`) addressed to these users of the tenant,
 * in the caller's transaction, and announces it to their open consoles once committed. No users:
 * nothing is stored.
 */
export async function addressMessage(
  tx: TenantData,
  userIds: readonly number[],
  message: BellMessage,
  kind: 'notification' | 'task',
  now: Date,
  onError: (err: unknown) => void,
): Promise<void> {
  if (!userIds.length) return;
  const n = tx.resource('Notification');
  const link = tx.resource('NotificationSysuser');
  const at = tx.dialect.toDb('datetime', now.toISOString());
  const row = tx.toRow(n, {
    title: message.title.slice(0, 200),
    content: message.content,
    type: 'message',
    priority: 2,
    publisher: message.publisher,
    startTime: null,
    endTime: null,
  });
  const id = await tx.insert(n, { ...row, create_time: at, update_time: at });
  await tx.insertRows(
    link,
    userIds.map((userId) => ({ ...tx.toRow(link, { notificationId: id, userId }), create_time: at, update_time: at })),
  );
  tx.liveNotice([...userIds], kind, onError);
}

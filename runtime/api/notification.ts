/**
 * Notification calls of the shell (bell, workbench), through the generated client: the
 * signed-in user's current notifications (docs/notifications.md). Failures are not toasted:
 * both widgets show their own empty or failed state.
 */
import type { Envelope, Page } from '../http/envelope.ts';
import type { MyNotification } from '../generated/types.ts';
import { platform, SILENT } from './platform.ts';

export type { MyNotification } from '../generated/types.ts';

/** A bell item: `type` is `notification` for a notice, `message` for a message. */
export interface BellItem {
  id: number | string;
  title: string;
  /** Plain text of the content, at most 100 characters. */
  description?: string;
  datetime?: string;
  type: 'notification' | 'message' | string;
  /** Whether the user has opened it. */
  read?: boolean;
}

/** The bell's list: on load, on every poll and when it is opened. */
export async function queryHeadNotification(): Promise<Envelope<BellItem[] | Page<BellItem>>> {
  return (await (await platform()).queryHeadNotification({}, SILENT)) as Envelope<BellItem[] | Page<BellItem>>;
}

/** A page of the user's current notifications, newest first, with their content. */
export async function queryMyNotification(params: { currentPage: number; pageSize: number }): Promise<Envelope<Page<MyNotification>>> {
  return (await (await platform()).queryMyNotification(params, SILENT)) as Envelope<Page<MyNotification>>;
}

/** Opens a notification: answers it with its content, and the server marks it read for the user. */
export async function readNotification(id: number): Promise<Envelope<MyNotification & { read: boolean }>> {
  return (await (await platform()).readNotification({ id })) as Envelope<MyNotification & { read: boolean }>;
}

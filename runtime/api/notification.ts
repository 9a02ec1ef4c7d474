/** Notification calls used by the shell (bell, workbench). */
import type { Envelope, Page } from '../http/envelope.ts';
import { request } from '../http/request.ts';

export interface BellItem {
  id: number | string;
  title: string;
  description?: string;
  datetime?: string;
  type: 'notification' | 'message' | string;
}

/** The bell's list: one call when it is clicked. */
export function queryHeadNotification(): Promise<Envelope<BellItem[] | Page<BellItem>>> {
  return request({ method: 'GET', url: '/api/notification/notification/queryHeadNotification', silent: true });
}

export interface MyNotification {
  id: number;
  title: string;
  content?: string;
  type?: string;
  priority?: string;
  publisher?: string;
  createTime?: string;
  readFlag?: boolean | number;
}

export function queryMyNotification(params: { currentPage: number; pageSize: number }): Promise<Envelope<Page<MyNotification>>> {
  return request({ method: 'GET', url: '/api/notification/notification/queryMyNotification', params, silent: true });
}

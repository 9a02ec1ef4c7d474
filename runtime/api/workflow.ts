/** Workflow calls used by the shell (the workbench's pending items). */
import type { Envelope, Page } from '../http/envelope.ts';
import { request } from '../http/request.ts';

export interface PendingTask {
  id: string | number;
  name: string;
  processName?: string;
  createTime?: string;
  /** Null while the task is offered to candidates. */
  assignee?: string | null;
}

/** The user's pending workflow tasks (assigned to them). */
export function queryPersonalTask(params: { currentPage: number; pageSize: number }): Promise<Envelope<Page<PendingTask>>> {
  return request({ method: 'GET', url: '/api/activiti/task/queryPersonalTask', params, silent: true });
}

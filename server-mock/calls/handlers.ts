/** Every server handler by the name resource files use in their calls. */
import type { CallHandler } from './context.ts';
import { crudHandlers } from '../crud/crudHandlers.ts';
import { importJobHandlers } from '../crud/importJobs.ts';
import { authHandlers } from '../auth/authHandlers.ts';
import { grantHandlers } from '../grants/grantHandlers.ts';
import { lookupHandlers } from '../lookup/lookupHandlers.ts';
import { accountHandlers } from '../account/accountHandlers.ts';
import { notificationHandlers } from '../notification/notificationHandlers.ts';
import { tenantHandlers } from '../tenants/tenantDeletion.ts';
import { workflowHandlers } from '../workflow/workflowHandlers.ts';
import { documentHandlers } from '../documents/documentHandlers.ts';
import { fileHandlers } from '../files/fileHandlers.ts';
import { recordFileHandlers } from '../files/recordFiles.ts';
import { jobHandlers } from '../jobs/jobHandlers.ts';
import { mockHandlers } from '../mockApi/mockHandlers.ts';
import { monitorHandlers } from '../monitoring/monitorHandlers.ts';

export function allHandlers(): Map<string, CallHandler> {
  const map = new Map<string, CallHandler>();
  for (const group of [
    crudHandlers,
    importJobHandlers,
    authHandlers,
    grantHandlers,
    lookupHandlers,
    accountHandlers,
    notificationHandlers,
    tenantHandlers,
    workflowHandlers,
    documentHandlers,
    fileHandlers,
    recordFileHandlers,
    jobHandlers,
    mockHandlers,
    monitorHandlers,
  ]) {
    for (const [name, handler] of Object.entries(group)) {
      if (map.has(name)) throw new Error(`Handler ${name} is registered twice`);
      map.set(name, handler);
    }
  }
  return map;
}

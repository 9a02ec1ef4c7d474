/** Client errors recorded for the error-log dialog (spec 2, 8). */
import { proxy } from 'valtio';

export interface ErrorLogEntry {
  message: string;
  info: string;
  url: string;
  stack?: string;
  time: number;
}

export const errorLogState = proxy({ logs: [] as ErrorLogEntry[] });

export function addErrorLog(entry: ErrorLogEntry): void {
  errorLogState.logs.push(entry);
}

export function clearErrorLog(): void {
  errorLogState.logs.splice(0);
}

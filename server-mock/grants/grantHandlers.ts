import type { CallHandler } from '../calls/context.ts';

export const grantHandlers: Record<string, CallHandler> = {};

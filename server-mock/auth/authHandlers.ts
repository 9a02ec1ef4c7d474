import type { CallHandler } from '../calls/context.ts';

export const authHandlers: Record<string, CallHandler> = {};

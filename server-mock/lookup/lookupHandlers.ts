import type { CallHandler } from '../calls/context.ts';

export const lookupHandlers: Record<string, CallHandler> = {};

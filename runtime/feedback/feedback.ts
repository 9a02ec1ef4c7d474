/**
 * Toasts and confirms usable outside React (the HTTP client, the state modules). The layout binds
 * antd's context-aware instances (message.useMessage, Modal.useModal) so they follow the
 * theme; before that (sign-in pages) the static functions load on first use, so the
 * sign-in page's first download carries neither.
 */
import { createElement, type ReactNode } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import { ERROR_TOAST_SECONDS, SUCCESS_TOAST_SECONDS, WARNING_TOAST_SECONDS } from '../constants/spec.ts';

let boundMessage: MessageInstance | undefined;

export function bindFeedback(message: MessageInstance | undefined): void {
  boundMessage = message;
}

type ToastType = 'error' | 'warning' | 'success';

/**
 * A toast; one with the same key replaces it rather than stacking (by default the text: the same
 * message said again, as repeated lockout answers are, shows once).
 */
function open(type: ToastType, content: ReactNode, duration: number, key: string = typeof content === 'string' ? content : ''): void {
  const args = { type, content, duration, ...(key ? { key } : {}) };
  if (boundMessage) {
    void boundMessage.open(args);
    return;
  }
  void import('antd/es/message').then(({ default: message }) => message.open(args));
}

/** Closes the toast of that key (a toast with an action, once it was used). */
export function closeToast(key: string): void {
  if (boundMessage) boundMessage.destroy(key);
  else void import('antd/es/message').then(({ default: message }) => message.destroy(key));
}

/** A success toast with one action button beside its text (an undo). */
export function toastWithAction(options: {
  key: string;
  content: string;
  actionLabel: string;
  onAction: () => void;
  seconds: number;
}): void {
  const body = createElement(
    'span',
    { className: 'toast-with-action' },
    options.content,
    ' ',
    createElement('button', { type: 'button', className: 'toast-action', onClick: options.onAction }, options.actionLabel),
  );
  open('success', body, options.seconds, options.key);
}

/** An error toast; `key`: a toast of the same key (the sign-in page's failures) replaces it. */
export function toastError(content: string, key?: string): void {
  open('error', content, ERROR_TOAST_SECONDS, key);
}

export function toastWarning(content: string): void {
  open('warning', content, WARNING_TOAST_SECONDS);
}

export function toastSuccess(content: string): void {
  open('success', content, SUCCESS_TOAST_SECONDS);
}

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel?: () => void;
}

type ConfirmFn = (options: ConfirmOptions) => void;
let boundConfirm: ConfirmFn | undefined;

export function bindConfirm(fn: ConfirmFn | undefined): void {
  boundConfirm = fn;
}

export function confirm(options: ConfirmOptions): void {
  if (boundConfirm) {
    boundConfirm(options);
    return;
  }
  void import('antd/es/modal').then(({ default: Modal }) => Modal.confirm({ ...options, type: 'warning' }));
}

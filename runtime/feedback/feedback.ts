/**
 * Toasts and confirms usable outside React (the HTTP client, the state modules). The layout binds
 * antd's context-aware instances (message.useMessage, Modal.useModal) so they follow the
 * theme; before that (sign-in pages) the static functions load on first use, so the
 * sign-in page's first download carries neither.
 */
import type { MessageInstance } from 'antd/es/message/interface';
import { ERROR_TOAST_SECONDS, SUCCESS_TOAST_SECONDS, WARNING_TOAST_SECONDS } from '../constants/spec.ts';

let boundMessage: MessageInstance | undefined;

export function bindFeedback(message: MessageInstance | undefined): void {
  boundMessage = message;
}

type ToastType = 'error' | 'warning' | 'success';

function open(type: ToastType, content: string, duration: number): void {
  if (boundMessage) {
    void boundMessage.open({ type, content, duration });
    return;
  }
  void import('antd/es/message').then(({ default: message }) => message.open({ type, content, duration }));
}

export function toastError(content: string): void {
  open('error', content, ERROR_TOAST_SECONDS);
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

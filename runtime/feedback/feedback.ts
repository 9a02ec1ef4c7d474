/**
 * Toasts and confirms usable outside React (the HTTP client, the stores). The app binds
 * antd's context-aware instances at start (App.useApp) so toasts follow theme and locale;
 * before that the static antd functions are used.
 */
import { message as staticMessage, Modal as StaticModal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import { ERROR_TOAST_SECONDS, SUCCESS_TOAST_SECONDS, WARNING_TOAST_SECONDS } from '../constants/spec.ts';

let boundMessage: MessageInstance | undefined;
let boundModal: ModalHookAPI | undefined;

export function bindFeedback(message: MessageInstance, modal: ModalHookAPI): void {
  boundMessage = message;
  boundModal = modal;
}

const msg = (): MessageInstance => boundMessage ?? staticMessage;

export function toastError(content: string): void {
  void msg().open({ type: 'error', content, duration: ERROR_TOAST_SECONDS });
}

export function toastWarning(content: string): void {
  void msg().open({ type: 'warning', content, duration: WARNING_TOAST_SECONDS });
}

export function toastSuccess(content: string): void {
  void msg().open({ type: 'success', content, duration: SUCCESS_TOAST_SECONDS });
}

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel?: () => void;
}

export function confirm(options: ConfirmOptions): void {
  const modal = boundModal ?? StaticModal;
  modal.confirm({ ...options, type: 'warning' } as Parameters<typeof modal.confirm>[0]);
}

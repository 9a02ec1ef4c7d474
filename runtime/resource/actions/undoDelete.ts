/**
 * The undo toast of a delete (docs/resource-page.md, "Deletes"): where the resource's delete
 * action says `undo`, the server holds the deleted records and answers a token; the toast's
 * Undo button restores them (restoreDeleted) while the hold lasts, and the list reloads.
 */
import { UNDO_TOAST_SECONDS } from '../../constants/spec.ts';
import { closeToast, toastSuccess, toastWithAction } from '../../feedback/feedback.ts';
import { translator } from '../../i18n/translator.ts';
import { runCall, type DeleteAnswer } from '../api.ts';

/** Shows the delete's toast: with an Undo button when the answer carries a token, else the plain "Deleted". */
export function deletedToast(
  answer: DeleteAnswer | undefined,
  what: { key: string; values: Record<string, string> },
  reload: () => void,
): void {
  const t = translator.t;
  const token = answer?.undo;
  if (!token) {
    toastSuccess(t('resource.deleted'));
    return;
  }
  const key = `undo-${token}`;
  let used = false;
  toastWithAction({
    key,
    content: t(what.key, what.values),
    actionLabel: t('resource.undo'),
    seconds: UNDO_TOAST_SECONDS,
    onAction: () => {
      if (used) return;
      used = true;
      closeToast(key);
      void runCall('restoreDeleted', { token }).then(
        () => {
          toastSuccess(t('resource.undone'));
          reload();
        },
        () => undefined, // Shown by the HTTP client.
      );
    },
  });
}

import { useCallback } from 'react';
import { toastError, toastSuccess } from '../../feedback/feedback.ts';
import { copyText } from './copyText.ts';
import { useDemoTranslation } from './demoMessages.ts';

/** Copies text and says so: the success toast, or an error toast when the browser refuses. */
export function useCopy(): (text: string) => Promise<void> {
  const { t } = useDemoTranslation();
  return useCallback(
    async (text: string) => {
      try {
        await copyText(text);
        toastSuccess(t('demo.copy.success'));
      } catch {
        toastError(t('demo.copy.failed'));
      }
    },
    [t],
  );
}

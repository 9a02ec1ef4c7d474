/**
 * The monitoring pages' strings (messages/*.json): they load with the page and, for another
 * language, when it is chosen while the page is shown.
 */
import type { Messages } from '../../i18n/translator.ts';
import { lazyMessages } from '../../i18n/lazyMessages.ts';

const monitorMessages = lazyMessages(import.meta.glob<Messages>('./messages/*.json', { import: 'default' }));

export const loadMonitorMessages = monitorMessages.load;
/** `useTranslation` for the monitoring pages: also loads their strings for a newly chosen language. */
export const useMonitorTranslation = monitorMessages.useTranslation;

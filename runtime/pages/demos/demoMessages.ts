/**
 * The demo pages' strings (i18n/messages/demo/*.json, the `demo` namespace): they load with the
 * first demo page and, for another language, when it is chosen while a demo page is shown.
 */
import type { Messages } from '../../i18n/translator.ts';
import { lazyMessages } from '../../i18n/lazyMessages.ts';

const demoMessages = lazyMessages(import.meta.glob<Messages>('../../i18n/messages/demo/*.json', { import: 'default' }));

export const loadDemoMessages = demoMessages.load;
/** `useTranslation` for the demo pages: also loads the demo strings of a newly chosen language. */
export const useDemoTranslation = demoMessages.useTranslation;

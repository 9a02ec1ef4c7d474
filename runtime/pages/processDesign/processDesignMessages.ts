/**
 * The modeler's strings (messages/*.json): they load with the page and, for another
 * language, when it is chosen while the page is shown.
 */
import type { Messages } from '../../i18n/translator.ts';
import { lazyMessages } from '../../i18n/lazyMessages.ts';

const processDesignMessages = lazyMessages(import.meta.glob<Messages>('./messages/*.json', { import: 'default' }));

export const loadProcessDesignMessages = processDesignMessages.load;
/** `useTranslation` for the modeler: also loads its strings for a newly chosen language. */
export const useProcessDesignTranslation = processDesignMessages.useTranslation;

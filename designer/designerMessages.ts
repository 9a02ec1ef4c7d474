/**
 * The form generator's strings (designer/messages/*.json): they load with the page and, for
 * another language, when it is chosen while the page is shown.
 */
import type { Messages } from '../runtime/i18n/translator.ts';
import { lazyMessages } from '../runtime/i18n/lazyMessages.ts';

const designerMessages = lazyMessages(import.meta.glob<Messages>('./messages/*.json', { import: 'default' }));

export const loadDesignerMessages = designerMessages.load;
/** `useTranslation` for the designer: also loads its strings for a newly chosen language. */
export const useDesignerTranslation = designerMessages.useTranslation;

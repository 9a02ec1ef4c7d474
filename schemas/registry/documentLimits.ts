/**
 * The numbers of resource documents and the form generator, defined once (docs/documents.md,
 * docs/designer.md). No Node or browser API here: the server, the console and the designer
 * import this module.
 */

/** Longest text of a new text, select, dictionary or relation field the designer adds (its maxLength). */
export const DESIGNER_TEXT_LENGTH = 100;
/** Longest text of a new multi-line text field. */
export const DESIGNER_TEXTAREA_LENGTH = 1000;
/** Longest comma-separated list of a new checkboxes field. */
export const DESIGNER_CHOICE_LIST_LENGTH = 200;
/** Longest text of a new rich-text field (its HTML). */
export const DESIGNER_RICH_TEXT_LENGTH = 20000;

/**
 * How long (ms) a server process serves a tenant's documents before it asks the database whether
 * they changed: the longest a publication made by another process on SQLite takes to be served.
 * On PostgreSQL a publication is also announced at once (LISTEN/NOTIFY).
 */
export const DOCUMENTS_CHECK_MS = 1000;

/**
 * On PostgreSQL, while a process hears the announcements of publications (LISTEN/NOTIFY), how
 * long (ms) it serves a tenant's documents before it asks the database all the same.
 */
export const DOCUMENTS_LISTENING_CHECK_MS = 60_000;

/** How often (ms) a console tab that is visible asks again for the published resources (and then its menu). */
export const PUBLISHED_POLL_MS = 10_000;

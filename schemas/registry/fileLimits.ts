/**
 * The netdisc's upload rules as numbers, defined once (docs/files.md): the server's checks
 * (server-mock/files/fileRules.ts) and the netdisc page's checks before a file is sent. No Node
 * or browser API here: the server and the console import this module.
 */

/** The spec's upload limit (10MB): a file of this many bytes passes, one more is refused. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Files in one upload request. */
export const MAX_FILES_PER_UPLOAD = 20;
/** Longest file or folder name, in characters. */
export const MAX_NAME_LENGTH = 255;

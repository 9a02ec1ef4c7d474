/** The language packs of tinymce-i18n: scripts that add their messages to the global TinyMCE (tinymce.addI18n). */
declare module 'tinymce-i18n/langs8/*' {}

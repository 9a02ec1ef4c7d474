/** Shown when the user's avatar is missing or fails to load. */
export const DEFAULT_AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#dfe6ef"/><circle cx="32" cy="25" r="12" fill="#a3b1c6"/><path d="M10 58c3-12 12-18 22-18s19 6 22 18" fill="#a3b1c6"/></svg>',
  );

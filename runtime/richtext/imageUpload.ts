/**
 * Images put into rich text (the editor's image dialog, pasted or dropped images) are embedded
 * in the HTML as data: URLs: the console has no file service to upload them to. A file larger
 * than RICH_TEXT_IMAGE_MAX_BYTES, or not a raster image the sanitiser keeps (sanitize.ts), is
 * refused with a message in the user's language. Pure, no React.
 */
import type { TFunction } from '../i18n/translator.ts';

/** The largest image embedded in rich text, in bytes (its data: URL is a third larger). */
export const RICH_TEXT_IMAGE_MAX_BYTES = 256 * 1024;

/** The image types that can be embedded (as the sanitiser keeps them). */
export const RICH_TEXT_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/avif'];

/** File name extensions the editor's upload tab offers (TinyMCE images_file_types). */
export const RICH_TEXT_IMAGE_EXTENSIONS = 'png,jpg,jpeg,jpe,jfif,gif,webp,bmp,avif';

/** 2048 -> "2 KB", 1572864 -> "1.5 MB" (binary units, one decimal at most). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`;
}

/** Why an image cannot be embedded, in the user's language; undefined when it can. */
export function imageRefusal(file: { size: number; type: string }, t: TFunction): string | undefined {
  if (!RICH_TEXT_IMAGE_TYPES.includes(file.type.toLowerCase())) return t('richText.notAnImage');
  if (file.size > RICH_TEXT_IMAGE_MAX_BYTES) {
    return t('richText.imageTooLarge', { size: formatBytes(file.size), limit: formatBytes(RICH_TEXT_IMAGE_MAX_BYTES) });
  }
  return undefined;
}

/** The data: URL an image is embedded as. */
export function imageDataUrl(type: string, base64: string): string {
  return `data:${type.toLowerCase()};base64,${base64}`;
}

import { pinyin } from 'pinyin-pro';
import type { ToPinyin } from './menuSearchIndex.ts';

/** "角色管理" -> { full: "jiaoseguanli", initials: "jsgl" }; other characters pass through. */
export const toPinyin: ToPinyin = (text) => {
  const syllables = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' });
  return {
    full: syllables.join('').toLowerCase(),
    initials: syllables
      .map((s) => s.charAt(0))
      .join('')
      .toLowerCase(),
  };
};

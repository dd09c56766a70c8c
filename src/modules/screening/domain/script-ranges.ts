/**
 * The Unicode ranges of the scripts the engine reads in their own writing, in one place for normalize.ts (the
 * transliteration) and scripts.ts (the whole-name readings), so that both see the same characters as Han, kana,
 * Hangul or Arabic.
 */
const HAN_CHARS = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const KANA_CHARS = '\\u3040-\\u30ff';
const HANGUL_CHARS = '\\uac00-\\ud7a3';

export const HANGUL = new RegExp(`[${HANGUL_CHARS}]`);
export const ARABIC = /[\u0600-\u06ff]/;
export const HAN = new RegExp(`[${HAN_CHARS}]`);
/** For `replace` only (global). */
export const HAN_RUN = new RegExp(`[${HAN_CHARS}]+`, 'g');
/** A native Chinese name: two to four Han characters and nothing else. */
export const HAN_NAME = new RegExp(`^[${HAN_CHARS}]{2,4}$`);
export const KANA_OR_HAN = new RegExp(`[${KANA_CHARS}${HAN_CHARS}]`);
export const CJK_OR_HANGUL = new RegExp(`[${KANA_CHARS}${HAN_CHARS}${HANGUL_CHARS}]`);

/** Two-character Chinese surnames; any other native name is one surname character and the given name. */
export const CHINESE_COMPOUND_SURNAMES = new Set('欧阳 司马 诸葛 上官 司徒 东方 皇甫 尉迟 公孙 慕容 长孙 宇文 夏侯 令狐 端木 独孤 南宫 西门 万俟 闻人 轩辕 呼延'.split(' '));

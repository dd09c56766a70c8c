import { describe, expect, it } from 'vitest';
import { unsafeTextProblem } from './unsafe-text.ts';

describe('the character rule for request text', () => {
  it.each([
    ['Zoë Ñúñez-Øster', 'Latin with diacritics'],
    ['Иван Петров', 'Cyrillic'], ['محمد علي', 'Arabic (right to left, no controls needed)'], ['שרה כהן', 'Hebrew'],
    ['李小龍', 'Han'], ['田中 太郎', 'Japanese'], ['नमस्ते', 'Devanagari'], ['می\u200Cخواهم', 'Persian with a zero-width non-joiner'],
    ['👩\u200D👩\u200D👧', 'an emoji sequence with zero-width joiners'], ['𝔄𝔡𝔞 😀', 'astral characters in proper pairs'],
    ['1 Mill Lane\nFlat 2', 'a line break'], ['a\ttab', 'a tab'], ['O\u2019Brien', 'a typographic apostrophe'],
  ])('accepts %s (%s)', (text) => expect(unsafeTextProblem(text)).toBeUndefined());

  it.each([
    ['Ada\u202ELovelace', /bidirectional control character U\+202E/],
    ['\u202Dx', /U\+202D/], ['a\u2066b\u2069', /U\+2066/], ['\u200Fx', /U\+200F/], ['\u200Ex', /U\+200E/], ['\u061Cx', /U\+061C/],
    ['x\uD800', /lone surrogate \(U\+D800\)/], ['\uDFFFx', /lone surrogate \(U\+DFFF\)/], ['\uDC00\uD800', /lone surrogate/],
    ['a\u0000b', /NUL/], ['a\u0007b', /control character U\+0007/], ['a\u001Bb', /U\+001B/], ['a\u007Fb', /U\+007F/], ['a\u0085b', /U\+0085/],
    ['Vladimir\u200BPutin', /invisible character U\+200B/], ['\uFEFFAda', /U\+FEFF/], ['a\u2060b', /U\+2060/],
  ])('refuses %j', (text, message) => expect(unsafeTextProblem(text)).toMatch(message));
});

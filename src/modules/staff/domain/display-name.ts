import { unsafeTextProblem } from '../../../platform/domain/unsafe-text.ts';

/**
 * A console user's display name, as colleagues see it beside the e-mail address ("Anna Reviewer
 * <anna@firm.test>"). Optional (users made before names existed have none: the pages show the e-mail alone);
 * when given, stored NFC-normalised and trimmed, 1 to NAME_MAX characters. Refused rather than cleaned:
 * the characters every request field must be free of (platform/domain/unsafe-text.ts), and also tab and line
 * breaks, which that rule allows for notes but which have no place in a one-line name.
 */
export const NAME_MAX = 100;

export function normaliseName(name: string): string {
  return name.normalize('NFC').trim();
}

/** Why this (normalised) name is refused, or undefined when it is acceptable. */
export function nameProblem(name: string): string | undefined {
  const length = [...name].length;
  if (length === 0) return 'must not be empty';
  if (length > NAME_MAX) return `must be at most ${NAME_MAX} characters`;
  const unsafe = unsafeTextProblem(name);
  if (unsafe) return unsafe;
  if (/[\t\n\r]/.test(name)) return 'must be one line (no tab or line break)';
  return undefined;
}

/**
 * The part of LDIF (RFC 2849) the ICAO PKD download files use (ADR 0206): content records separated by blank lines,
 * lines folded with a leading space, comments, `name: value` and `name:: base64`. The PKD's collections are
 * icaopkd-001 (document signer certificates `userCertificate;binary` and CRLs `certificateRevocationList;binary`)
 * and icaopkd-002 (CSCA master lists `pkdMasterListContent`). Entries are yielded one at a time, so a 100 MB
 * collection is never held as a parse tree. A value given by URL (`name:< file:///…`) is never read: an LDIF file
 * must not make the server open other files. Change records other than `add` (delta files) are skipped.
 */
export interface LdifAttribute {
  /** Lower-case, with its options: `usercertificate;binary`. */
  name: string;
  value: Buffer;
}

export interface LdifEntry {
  dn: string;
  attributes: LdifAttribute[];
}

export class LdifError extends Error {}

const ATTRIBUTE = /^([A-Za-z0-9][A-Za-z0-9;.-]*):(:|<)? *(.*)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function* ldifEntries(text: string): Generator<LdifEntry> {
  let record: { line: number; text: string }[] = [];
  let start = 0;
  let lineNo = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    start = end + 1;
    lineNo++;
    if (line === '') {
      const entry = entryOf(record);
      if (entry) yield entry;
      record = [];
    } else if (line.startsWith(' ')) {
      const last = record[record.length - 1];
      if (!last) throw new LdifError(`line ${lineNo}: a continuation line with nothing to continue`);
      last.text += line.slice(1);
    } else {
      record.push({ line: lineNo, text: line });
    }
  }
  const entry = entryOf(record);
  if (entry) yield entry;
}

function entryOf(record: { line: number; text: string }[]): LdifEntry | undefined {
  const lines = record.filter((l) => !l.text.startsWith('#'));
  // The version line opens the file and may run straight into the first record (RFC 2849: one SEP).
  if (lines[0] && /^version:/i.test(lines[0].text)) lines.shift();
  if (lines.length === 0) return undefined;
  const [first, ...rest] = lines.map(attributeOf);
  if (first?.name !== 'dn') throw new LdifError(`line ${lines[0]!.line}: a record must start with dn:`);
  const changeType = rest.find((a) => a.name === 'changetype')?.value.toString('utf8').trim().toLowerCase();
  if (changeType !== undefined && changeType !== 'add') return undefined;
  return { dn: first.value.toString('utf8'), attributes: rest.filter((a) => a.name !== 'changetype' && a.kind !== 'url').map(({ name, value }) => ({ name, value })) };
}

function attributeOf(l: { line: number; text: string }): LdifAttribute & { kind: 'text' | 'base64' | 'url' } {
  const m = ATTRIBUTE.exec(l.text);
  if (!m) throw new LdifError(`line ${l.line}: not an attribute line`);
  const name = m[1]!.toLowerCase();
  const raw = m[3] ?? '';
  if (m[2] === '<') return { name, value: Buffer.alloc(0), kind: 'url' };
  if (m[2] === ':') {
    const compact = raw.trim();
    if (!BASE64.test(compact)) throw new LdifError(`line ${l.line}: ${name} is not base64`);
    return { name, value: Buffer.from(compact, 'base64'), kind: 'base64' };
  }
  return { name, value: Buffer.from(raw, 'utf8'), kind: 'text' };
}

/** TEST DATA and exports: entries written as LDIF with base64 values folded at 76 columns, as the PKD writes them. */
export function ldifOf(entries: { dn: string; attributes: { name: string; value: Uint8Array | string }[] }[]): string {
  const fold = (line: string) => line.match(/^.{1,76}|.{1,75}/g)!.join('\n ');
  const out = ['version: 1', ''];
  for (const entry of entries) {
    out.push(fold(`dn: ${entry.dn}`));
    for (const a of entry.attributes) out.push(fold(typeof a.value === 'string' ? `${a.name}: ${a.value}` : `${a.name}:: ${Buffer.from(a.value).toString('base64')}`));
    out.push('');
  }
  return out.join('\n');
}

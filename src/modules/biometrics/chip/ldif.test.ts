import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LdifError, ldifEntries, ldifOf } from './ldif.ts';

const all = (text: string) => [...ldifEntries(text)];

describe('ICAO PKD LDIF reading', () => {
  it('unfolds long base64 values back to the same bytes, entry by entry', () => {
    const blobs = [randomBytes(1500), randomBytes(3), randomBytes(900)];
    const text = ldifOf(blobs.map((b, i) => ({ dn: `cn=${i},o=dsc,c=FR,dc=data,dc=download,dc=pkd,dc=icao,dc=int`, attributes: [{ name: 'objectClass', value: 'pkdDownload' }, { name: 'userCertificate;binary', value: b }] })));
    expect(text.split('\n').every((line) => line.length <= 76)).toBe(true);
    const entries = all(text);
    expect(entries.map((e) => e.dn)).toEqual(blobs.map((_, i) => `cn=${i},o=dsc,c=FR,dc=data,dc=download,dc=pkd,dc=icao,dc=int`));
    for (const [i, e] of entries.entries()) {
      expect(e.attributes.map((a) => a.name)).toEqual(['objectclass', 'usercertificate;binary']);
      expect(e.attributes[1]!.value.equals(blobs[i]!)).toBe(true);
    }
  });

  it('reads CRLF files, comments (folded too), a version line running into the first record, and base64 dns', () => {
    const dn = Buffer.from('cn=CN\\=CSCA-FRANCE\\,C\\=FR,o=ml,c=FR').toString('base64');
    const text = ['version: 1', `dn:: ${dn}`, '# a comment', '  that is folded', 'sn: 1', 'pkdMasterListContent:: AAEC', '', ''].join('\r\n');
    expect(all(text)).toEqual([{ dn: 'cn=CN\\=CSCA-FRANCE\\,C\\=FR,o=ml,c=FR', attributes: [{ name: 'sn', value: Buffer.from('1') }, { name: 'pkdmasterlistcontent', value: Buffer.from([0, 1, 2]) }] }]);
  });

  it('never reads a value given by URL, and skips change records other than add', () => {
    const text = ['dn: cn=a,c=FR', 'userCertificate;binary:< file:///etc/passwd', 'sn: 1', '', 'dn: cn=b,c=FR', 'changetype: delete', '', 'dn: cn=c,c=FR', 'changetype: add', 'sn: 2', ''].join('\n');
    expect(all(text)).toEqual([
      { dn: 'cn=a,c=FR', attributes: [{ name: 'sn', value: Buffer.from('1') }] },
      { dn: 'cn=c,c=FR', attributes: [{ name: 'sn', value: Buffer.from('2') }] },
    ]);
  });

  it('stops with the line number at a malformed line, after yielding the entries before it', () => {
    const text = ['dn: cn=a,c=FR', 'sn: 1', '', 'dn: cn=b,c=FR', 'this is not ldif', ''].join('\n');
    const seen: string[] = [];
    expect(() => { for (const e of ldifEntries(text)) seen.push(e.dn); }).toThrow(new LdifError('line 5: not an attribute line'));
    expect(seen).toEqual(['cn=a,c=FR']);
    expect(() => all('dn: cn=a\nuserCertificate;binary:: not*base64\n')).toThrow(/line 2: usercertificate;binary is not base64/);
    expect(() => all('sn: 1\n')).toThrow(/must start with dn/);
    expect(() => all(' folded first\n')).toThrow(/continuation/);
  });
});

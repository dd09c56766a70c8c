/**
 * Importer tests on small synthetic fixtures (test/screening/fixtures, made for these tests): every
 * format lands in the same ListedEntity shape with names, alias quality, dates, countries and topics.
 */
import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import os from 'node:os';
import { loadLists } from '../../src/modules/screening/lists.loader.ts';
import { detectFormat } from '../../src/modules/screening/importers/detect.ts';
import type { ListedEntity } from '../../src/modules/screening/domain/entity.ts';
import { FIXTURES, OFAC_CONS_FIXTURE } from './fixture-lists.ts';

const one = (p: string) => {
  const lists = loadLists([path.join(FIXTURES, p)]);
  expect(lists).toHaveLength(1);
  return lists[0]!;
};
const byId = (entities: ListedEntity[], sourceId: string) => entities.find((e) => e.sourceId === sourceId)!;

describe('OFAC legacy CSV set (sdn, alt, add, comments)', () => {
  const list = one('ofac_sdn');
  it('reads every record, with its type and programs', () => {
    expect(list.format).toBe('ofac_sdn_csv');
    expect(list.id).toBe('us_ofac_sdn');
    expect(list.entities.map((e) => [e.sourceId, e.schema])).toEqual([['100', 'person'], ['200', 'organization'], ['300', 'vessel']]);
    expect(byId(list.entities, '100').programs).toEqual(['UKRAINE-EO13660', 'RUSSIA-EO14024']);
  });
  it('takes aliases from alt.csv as strong and a.k.a. in remarks as weak', () => {
    const p = byId(list.entities, '100');
    expect(p.names).toEqual([
      { full: 'TESTOV, Ivan Petrovich', quality: 'primary' },
      { full: 'TESTOFF, Iwan', quality: 'strong', kind: 'aka' },
      { full: 'TESTOVA, Ivanna', quality: 'strong', kind: 'fka' },
      { full: 'IVANUSHKA', quality: 'weak', kind: 'aka' },
    ]);
  });
  it('reads DOB, nationality, gender from the remarks and citizenship from the continued comments', () => {
    const p = byId(list.entities, '100');
    expect(p.birthDates).toEqual(['1961-03-12', '1962']);
    expect(p.nationalities).toEqual(['RU']);
    expect(p.citizenships).toEqual(['CY']);
    expect(p.gender).toBe('male');
    expect(p.countries).toEqual(['RU']);
    expect(p.topics).toEqual(['sanction']);
    expect(p.sourceUrl).toContain('id=100');
  });
  it('keeps the vessel flag as a country', () => {
    expect(byId(list.entities, '300').countries).toEqual(['PA']);
  });
});

describe('OFAC consolidated non-SDN CSV set (cons_prim, cons_alt, cons_add, cons_comments)', () => {
  const [list] = loadLists([OFAC_CONS_FIXTURE]);
  it('is recognised by its file names and gets the consolidated list id', () => {
    expect(list!.format).toBe('ofac_cons_csv');
    expect(list!.id).toBe('us_ofac_cons');
    expect(list!.entities.map((e) => [e.sourceId, e.schema])).toEqual([['7001', 'person'], ['7002', 'organization']]);
  });
  it('reads names, aliases, programmes, remarks and addresses as the SDN set does', () => {
    const p = byId(list!.entities, '7001');
    expect(p.names.map((n) => [n.full, n.quality])).toEqual([['EXEMPLOV, Konstantin Sergeevich', 'primary'], ['EKSEMPLOV, Konstantin', 'strong']]);
    expect(p).toMatchObject({ birthDates: ['1970-02-04'], nationalities: ['RU'], gender: 'male', programs: ['UKRAINE-EO13662', 'RUSSIA-EO14024'], topics: ['sanction'] });
    expect(byId(list!.entities, '7002')).toMatchObject({ countries: ['RU'], names: [expect.objectContaining({ full: 'TESTBANK PJSC' }), { full: 'TESTBANK OJSC', quality: 'strong', kind: 'fka' }] });
  });
});

describe('OFAC sdn.xml', () => {
  const list = one('ofac_sdn.xml');
  it('reads names as LAST, First with strong and weak a.k.a. categories', () => {
    const p = byId(list.entities, '501');
    expect(p.names.map((n) => [n.full, n.quality])).toEqual([
      ['EXEMPLAR, Amira', 'primary'],
      ['EKSEMPLAR, Amirah', 'strong'],
      ['UMM TEST', 'weak'],
    ]);
    expect(p.gender).toBe('female');
    expect(p.nationalities).toEqual(['EG']);
  });
  it('expands a date-of-birth range to its years', () => {
    expect(byId(list.entities, '501').birthDates).toEqual(['1970', '1971', '1972']);
  });
  it('reads entities with several programs and address countries', () => {
    const e = byId(list.entities, '502');
    expect(e.schema).toBe('organization');
    expect(e.programs).toEqual(['IRAN', 'NPWMD']);
    expect(e.countries).toEqual(['AE']);
  });
  it('reads the same file from inside a zip archive', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scr-'));
    const zip = path.join(dir, 'sdn.zip');
    fs.writeFileSync(zip, zipSync({ 'data/sdn.xml': strToU8(fs.readFileSync(path.join(FIXTURES, 'ofac_sdn.xml'), 'utf8')) }));
    const [fromZip] = loadLists([zip]);
    expect(fromZip!.format).toBe('ofac_xml');
    expect(fromZip!.contentHash).toBe(list.contentHash);
  });
});

describe('UN Security Council consolidated XML', () => {
  const list = one('un.xml');
  it('joins name parts, keeps the original script and maps Good/Low alias quality', () => {
    const p = byId(list.entities, '9001');
    expect(p.names).toEqual([
      { full: 'OMAR TESTAWI AL-SAMPLI', quality: 'primary' },
      { full: 'عمر التستاوي', quality: 'strong', kind: 'original' },
      { full: 'Omar al-Testawi', quality: 'strong', kind: 'good' },
      { full: 'Abu Test', quality: 'weak', kind: 'low' },
    ]);
    expect(p.birthDates).toEqual(['1975-04-30', '1976', '1977']);
    expect(p.nationalities).toEqual(['IQ']);
    expect(p.gender).toBe('male');
    expect(p.programs).toEqual(['Al-Qaida']);
  });
  it('reads entities and their aliases', () => {
    const e = byId(list.entities, '9002');
    expect(e.schema).toBe('organization');
    expect(e.names.map((n) => n.full)).toEqual(['SAMPLE CHARITY FOUNDATION', 'Sample Relief Fund']);
    expect(e.countries).toEqual(['SO']);
  });
});

describe('EU Financial Sanctions Files XML', () => {
  const list = one('eu.xml');
  it('reads whole names, strong="false" as weak, citizenship ISO codes and birth dates', () => {
    const p = list.entities[0]!;
    expect(p.schema).toBe('person');
    expect(p.names.map((n) => [n.full, n.quality])).toEqual([
      ['Olga Sergeevna Primerova', 'primary'],
      ['Ольга Сергеевна Примерова', 'strong'],
      ['Olya', 'weak'],
    ]);
    expect(p.citizenships).toEqual(['RU']);
    expect(p.birthDates).toEqual(['1980-02-29', '1981']);
    expect(p.gender).toBe('female');
    expect(p.programs).toEqual(['RUS']);
  });
});

describe('UK HMT/OFSI consolidated CSV', () => {
  const list = one('hmt.csv');
  it('groups rows by Group ID and puts the prime alias first', () => {
    const p = byId(list.entities, '4242');
    expect(p.names.map((n) => [n.full, n.quality])).toEqual([
      ['MUSTERMAN, Klaus', 'primary'],
      ['MUSTERMANN, Klaus Dieter', 'strong'],
      ['Клаус Мустерман', 'strong'],
    ]);
    expect(p.birthDates).toEqual(['1965-06']);
    expect(p.nationalities).toEqual(['DE']);
    expect(p.programs).toEqual(['Russia']);
  });
  it('reads entities', () => {
    const e = byId(list.entities, '4243');
    expect(e.schema).toBe('organization');
    expect(e.names[0]!.full).toBe('SAMPLE BANK');
    expect(e.countries).toEqual(['RU']);
  });
});

describe('UK Sanctions List (FCDO), XML and CSV', () => {
  const xml = one('uk_sanctions_list.xml');
  const csv = one('uk_sanctions_list.csv');
  it('is detected in both formats and gets the gb_fcdo_sanctions id', () => {
    expect([xml.format, csv.format]).toEqual(['uk_sl_xml', 'uk_sl_csv']);
    expect([xml.id, csv.id]).toEqual(['gb_fcdo_sanctions', 'gb_fcdo_sanctions']);
    // The CSV header carries "OFSI Group ID" too: it must not be taken for OFSI's ConList.
    expect(detectFormat('UK-Sanctions-List.csv', 'Report Date: 01-Feb-2026\nLast Updated,Unique ID,OFSI Group ID,UN Reference Number,Name 6,Name 1')).toBe('uk_sl_csv');
    expect(detectFormat('ConList.csv', 'Last Updated,01/01/2026\nName 6,Name 1,Name 2,Group ID')).toBe('hmt_csv');
  });
  it('reads a person: primary name first, name variations strong, Low quality aliases weak, the original script', () => {
    const p = byId(xml.entities, 'RUS9901');
    expect(p.schema).toBe('person');
    expect(p.names).toEqual([
      { full: 'TESTOV, Ivan Petrovich', quality: 'primary' },
      { full: 'TESTOW, Iwan', quality: 'strong', kind: 'variation' },
      { full: 'Vanya the Example', quality: 'weak', kind: 'aka' },
      { full: 'TESTOFF, Ioann', quality: 'strong', kind: 'aka' },
      { full: 'Иван Петрович Тестов', quality: 'strong', kind: 'original' },
    ]);
    expect(p.birthDates).toEqual(['1961-07-14', '1962']);
    expect(p.nationalities).toEqual(['RU']);
    expect(p.gender).toBe('male');
    expect(p.programs).toEqual(['The Russia (Sanctions) (EU Exit) Regulations 2019']);
    expect(p.topics).toEqual(['sanction']);
    expect(p.id).toBe('gb_fcdo_sanctions:RUS9901');
  });
  it('reads entities and ships', () => {
    expect(byId(xml.entities, 'RUS9902')).toMatchObject({ schema: 'organization', countries: ['RU'] });
    expect(byId(xml.entities, 'RUS9902').names.map((n) => n.full)).toEqual(['EXAMPLE TRADING HOUSE LLC', 'OOO TORGOVY DOM PRIMER', 'ООО Торговый дом Пример']);
    expect(byId(xml.entities, 'RUS9903')).toMatchObject({ schema: 'vessel', names: [{ full: 'SEA SPECIMEN', quality: 'primary' }] });
  });
  it('the CSV (one row per name, grouped by Unique ID) gives the same entities as the XML', () => {
    expect(csv.entities).toEqual(xml.entities);
    expect(csv.contentHash).toBe(xml.contentHash);
  });
});

describe('OpenSanctions FollowTheMoney JSON', () => {
  const list = one('ftm.json');
  it('keeps only matchable schemas and reads topics such as role.pep', () => {
    expect(list.format).toBe('ftm_json');
    expect(list.entities.map((e) => e.sourceId)).toEqual(['NK-test1', 'NK-test2']);
    const p = byId(list.entities, 'NK-test1');
    expect(p.topics).toEqual(['role.pep']);
    expect(p.names.map((n) => [n.full, n.quality])).toEqual([
      ['Maria Beispielova', 'primary'],
      ['Мария Беиспиелова', 'strong'],
      ['Masha Beispielova', 'strong'],
      ['Masha', 'weak'],
    ]);
    expect(p.birthDates).toEqual(['1977-07-07']);
    expect(p.sourceUrl).toBe('https://example.org/pep/1');
  });
  it('attaches Sanction programmes to the sanctioned entity', () => {
    const c = byId(list.entities, 'NK-test2');
    expect(c.schema).toBe('company');
    expect(c.programs).toEqual(['EU-RUS-1', 'EU-RUS']);
    expect(c.countries).toEqual(['CY']);
  });
});

describe('Senzing JSON', () => {
  const list = one('senzing.json');
  it('puts the PRIMARY name first and reads risks, year of birth and nationality', () => {
    const p = byId(list.entities, 'Q1');
    expect(p.names.map((n) => [n.full, n.quality])).toEqual([
      ['James Quincy Testman', 'primary'],
      ['Jim Q. Testman', 'strong'],
    ]);
    expect(p.topics).toEqual(['role.pep']);
    expect(p.birthDates).toEqual(['1958']);
    expect(p.nationalities).toEqual(['US']);
    expect(byId(list.entities, 'Q2').schema).toBe('organization');
  });
});

describe('format detection and list ids', () => {
  it('detects each format from its name and first bytes, and ignores other files', () => {
    expect(detectFormat('x.xml', '<?xml?><sdnList>')).toBe('ofac_xml');
    expect(detectFormat('x.xml', '<CONSOLIDATED_LIST ')).toBe('un_xml');
    expect(detectFormat('x.xml', '<export xmlns="http://eu.europa.ec/fpi/fsd/export">')).toBe('eu_xml');
    expect(detectFormat('x.xml', '<?xml version="1.0"?>\n<Designations xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">')).toBe('uk_sl_xml');
    expect(detectFormat('README.md', '# lists')).toBeUndefined();
    expect(detectFormat('notes.json', '{"hello": 1}')).toBeUndefined();
  });
  it('loads a whole folder, every list with its own id and content hash', () => {
    const lists = loadLists([FIXTURES]);
    expect(lists.map((l) => l.format).sort()).toEqual(['eu_xml', 'ftm_json', 'hmt_csv', 'ofac_sdn_csv', 'ofac_xml', 'senzing_json', 'uk_sl_csv', 'uk_sl_xml', 'un_xml']);
    expect(new Set(lists.map((l) => l.id)).size).toBe(lists.length);
    for (const l of lists) expect(l.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });
  it('names a list explicitly with id=path', () => {
    expect(loadLists([`my_un=${path.join(FIXTURES, 'un.xml')}`])[0]!.entities[0]!.id).toBe('my_un:9001');
  });
  it('refuses a path that does not exist', () => {
    expect(() => loadLists(['/nonexistent/list.xml'])).toThrow(/not found/);
  });
});

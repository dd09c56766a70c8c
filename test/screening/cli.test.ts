/** `npx kyc screen|compare|lists` as a user runs them (through bin/kyc.js), on the synthetic fixtures. */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from './fixture-lists.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function kyc(args: string[], input: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/kyc.js'), ...args], { input, cwd: ROOT, encoding: 'utf8', env: { ...process.env, SCREENING_LISTS: '', ...env } });
  return { code: r.status, lines: r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>), stderr: r.stderr };
}

describe('kyc screen', () => {
  it('writes one JSON line per query with the decision and explained matches', () => {
    const input = ['{"id":"a","name":"Ivan Testov","dob":"1961-03-12"}', '{"id":"b","name":"Emma Johnson"}', ''].join('\n');
    const r = kyc(['screen', '--lists', FIXTURES], input);
    expect(r.code).toBe(0);
    expect(r.lines).toHaveLength(2);
    expect(r.lines[0]).toMatchObject({ id: 'a', decision: 'Potential Match' });
    const match = (r.lines[0]!.matches as Array<Record<string, unknown>>)[0]!;
    expect(Object.keys(match).sort()).toEqual(['entity_id', 'list', 'listed_name', 'matched_name', 'reasons', 'score', 'topics']);
    expect(match).toMatchObject({ entity_id: 'us_ofac_sdn_ofac_sdn:100', listed_name: 'TESTOV, Ivan Petrovich' });
    expect(r.lines[1]).toEqual({ id: 'b', decision: 'No Match', matches: [] });
  });

  it('a PEP match carries its assessment: a relative of a PEP with the relation explained, the category per PEP_DOMESTIC_COUNTRY', () => {
    const peps = path.join(import.meta.dirname, 'pep-fixture', 'entities.ftm.json');
    const input = '{"id":"h","name":"Hugo Marchbank-Testington","dob":"1966-11-19"}\n{"id":"b","name":"Boris Sanktovich"}\n';
    const r = kyc(['screen', '--lists', peps], input);
    expect(r.code).toBe(0);
    const [hugo] = r.lines[0]!.matches as Array<Record<string, unknown>>;
    expect(hugo!.pep).toMatchObject({ role: 'rca', category: 'domestic', status: 'current', explanation: 'spouse of Eleanor Marchbank-Testington, Minister of State for Testing (GB), since 2022; in office' });
    expect((r.lines[1]!.matches as Array<Record<string, unknown>>)[0]!.pep).toBeUndefined();
    const fromIreland = kyc(['screen', '--lists', peps], input, { PEP_DOMESTIC_COUNTRY: 'IE' });
    expect((fromIreland.lines[0]!.matches as Array<Record<string, { category: string }>>)[0]!.pep!.category).toBe('foreign');
  });

  it('reads the lists from SCREENING_LISTS and honours --threshold', () => {
    const strict = kyc(['screen', '--threshold', '0.999'], '{"id":1,"name":"Ivan Testv"}\n', { SCREENING_LISTS: path.join(FIXTURES, 'ofac_sdn') });
    expect(strict.lines[0]).toMatchObject({ id: 1, decision: 'No Match' });
    const loose = kyc(['screen'], '{"id":1,"name":"Ivan Testv"}\n', { SCREENING_LISTS: path.join(FIXTURES, 'ofac_sdn') });
    expect(loose.lines[0]).toMatchObject({ id: 1, decision: 'Potential Match' });
  });

  it('takes the AML shape: residence (country) apart from nationality and gender, a near date keeps the match', () => {
    const input = '{"id":"n","name":"Ivan Testov","dob":"1961-12-03","country":"GB","nationality":"RU","gender":"male"}\n';
    const r = kyc(['screen', '--lists', FIXTURES], input);
    expect(r.lines[0]).toMatchObject({ id: 'n', decision: 'Potential Match' });
    const reasons = (r.lines[0]!.matches as Array<{ reasons: string[] }>)[0]!.reasons;
    expect(reasons).toEqual(expect.arrayContaining(['DOB_NEAR', 'NATIONALITY_MATCH', 'GENDER_MATCH']));
    expect(reasons).not.toContain('RESIDENCE_MATCH');
  });

  it('with no lists it fails with a message and never answers "No Match"', () => {
    const r = kyc(['screen'], '{"id":1,"name":"Anyone"}\n');
    expect(r.code).toBe(2);
    expect(r.lines).toEqual([]);
    expect(r.stderr).toMatch(/no screening lists are loaded/);
  });

  it('screens other_names (previous names, names on documents) too, and says which name matched', () => {
    const input = ['{"id":"a","name":"Emma Johnson","dob":"1961-03-12","other_names":["Ivan Testov"]}', '{"id":"b","name":"Emma Johnson","other_names":"Ivan Testov"}', ''].join('\n');
    const r = kyc(['screen', '--lists', FIXTURES], input);
    expect(r.code).toBe(1);
    expect(r.lines[0]).toMatchObject({ id: 'a', decision: 'Potential Match' });
    expect(r.lines[0]!.matches).toContainEqual(expect.objectContaining({ entity_id: 'us_ofac_sdn_ofac_sdn:100', screened_name: 'Ivan Testov' }));
    // Emma Johnson herself is on no list: every match came through the other name.
    expect((r.lines[0]!.matches as Array<{ screened_name: string }>).every((m) => m.screened_name === 'Ivan Testov')).toBe(true);
    expect(r.lines[1]).toMatchObject({ id: 'b', error: '"other_names" must be an array of non-empty strings' });
  });

  it('reports a bad line and goes on with the next', () => {
    const r = kyc(['screen', '--lists', FIXTURES], 'not json\n{"id":"x"}\n{"id":"y","name":"Emma Johnson"}\n');
    expect(r.code).toBe(1);
    expect(r.lines.map((l) => ('error' in l ? 'error' : l.decision))).toEqual(['error', 'error', 'No Match']);
  });
});

describe('kyc compare', () => {
  it('writes id, score and match for each pair', () => {
    const r = kyc(['compare'], '{"id":1,"name1":"PUTIN, Vladimir","name2":"Владимир Путин"}\n{"id":2,"name1":"John Smith","name2":"Jane Doe"}\n');
    expect(r.code).toBe(0);
    expect(r.lines[0]).toMatchObject({ id: 1, match: true });
    expect(r.lines[1]).toMatchObject({ id: 2, match: false });
    expect(Object.keys(r.lines[0]!).sort()).toEqual(['id', 'match', 'score']);
  });
});

describe('kyc lists', () => {
  it('load prints one summary per list with its content hash', () => {
    const r = kyc(['lists', 'load', FIXTURES], '');
    expect(r.code).toBe(0);
    expect(r.lines).toHaveLength(9);
    for (const l of r.lines) expect(l.content_hash).toMatch(/^[0-9a-f]{64}$/);
  });
  it('load counts PEPs and their relatives and close associates', () => {
    const r = kyc(['lists', 'load', path.join(import.meta.dirname, 'pep-fixture')], '');
    expect(r.lines).toEqual([expect.objectContaining({ format: 'ftm_json', entities: 10, peps: 4, rcas: 4 })]);
  });
  it('diff of a list against itself has no changes', () => {
    const r = kyc(['lists', 'diff', path.join(FIXTURES, 'un.xml'), path.join(FIXTURES, 'un.xml')], '');
    expect(r.lines[0]).toMatchObject({ added: [], changed: [], removed: [], unchanged: 2 });
  });
  it('sources lists the official download sources, the UK Sanctions List among them', () => {
    const r = kyc(['lists', 'sources'], '');
    expect(r.code).toBe(0);
    expect(r.lines.map((l) => l.id)).toEqual(expect.arrayContaining(['us_ofac_sdn', 'un_sc_sanctions', 'gb_fcdo_sanctions', 'eu_fsf']));
  });
  it('fetch downloads a source into the folder, then answers not_modified; a bad source is exit 1', async () => {
    const body = fs.readFileSync(path.join(FIXTURES, 'uk_sanctions_list.xml'));
    const server = http.createServer((req, res) => {
      if (req.url !== '/uk.xml') return res.writeHead(404).end();
      if (req.headers['if-none-match'] === '"a"') return res.writeHead(304).end();
      res.writeHead(200, { etag: '"a"' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-fetch-'));
    // Asynchronous: the server answers from this process.
    const run = (args: string[]) => new Promise<{ code: number | null; lines: Array<Record<string, unknown>> }>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'bin/kyc.js'), ...args], { cwd: ROOT, env: { ...process.env, SCREENING_SOURCES: '' } });
      let stdout = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.on('close', (code) => resolve({ code, lines: stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) }));
    });
    try {
      const first = await run(['lists', 'fetch', '--dir', dir, `gb_fcdo_sanctions=${base}/uk.xml`]);
      expect(first.code).toBe(0);
      expect(first.lines).toEqual([expect.objectContaining({ id: 'gb_fcdo_sanctions', status: 'updated', changed: true })]);
      expect(kyc(['lists', 'load', path.join(dir, 'gb_fcdo_sanctions')], '').lines[0]).toMatchObject({ list: 'gb_fcdo_sanctions', format: 'uk_sl_xml', entities: 3 });
      const second = await run(['lists', 'fetch', '--dir', dir, `gb_fcdo_sanctions=${base}/uk.xml`]);
      expect(second.lines[0]).toMatchObject({ status: 'not_modified', changed: false });
      const bad = await run(['lists', 'fetch', '--dir', dir, `gb_fcdo_sanctions=${base}/missing.xml`]);
      expect(bad.code).toBe(1);
      expect(bad.lines[0]).toMatchObject({ status: 'error', lastError: expect.stringMatching(/HTTP 404/) });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

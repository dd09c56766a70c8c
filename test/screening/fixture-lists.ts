/**
 * The screening fixtures as the tests read them: the hand-written files of test/screening/fixtures copied to a
 * temporary folder, plus a synthetic OFAC SDN CSV set written there from the text below. The set must carry
 * OFAC's own file names (`sdn.csv`, `alt.csv`, ...) for the loader to recognise it, and files of those names
 * are not committed, so nobody mistakes them for a copy of the real list (which is read from ../shared/data).
 * Invented entries only ("TESTOV, Ivan Petrovich").
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const OFAC_SDN_SET: Record<string, string> = {
  'add.csv': "100,10,\"Tverskaya 1\",\"Moscow\",\"Russia\",-0- \r\n200,11,-0- ,\"Dubai\",\"United Arab Emirates\",-0- \r\n",
  'alt.csv': "100,1,\"aka\",\"TESTOFF, Iwan\",-0- \r\n100,2,\"fka\",\"TESTOVA, Ivanna\",-0- \r\n200,3,\"aka\",\"EXAMPLE SHIPPING COMPANY\",-0- \r\n",
  'sdn.csv': "100,\"TESTOV, Ivan Petrovich\",\"individual\",\"UKRAINE-EO13660] [RUSSIA-EO14024\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,\"DOB 12 Mar 1961; alt. DOB 1962; nationality Russia; Gender Male; a.k.a. 'IVANUSHKA'.\"\r\n200,\"EXAMPLE SHIPPING LLC\",\"-0- \",\"SDGT\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,\"Linked To: TESTOV, Ivan Petrovich.\"\r\n300,\"SEA TEST\",\"vessel\",\"IRAN\",-0- ,-0- ,\"Crude Oil Tanker\",-0- ,-0- ,\"Panama\",-0- ,-0- \r\n\u001a",
  'sdn_comments.csv': "100,\"; citizen Cyprus.\"\r\n",
};

/**
 * OFAC's consolidated non-SDN list as its CSV set (cons_prim, cons_alt, cons_add, cons_comments): the same
 * columns as the SDN set. Invented entries. Written to a folder of its own so FIXTURES' list counts stay put.
 */
const OFAC_CONS_SET: Record<string, string> = {
  'cons_prim.csv': "7001,\"EXEMPLOV, Konstantin Sergeevich\",\"individual\",\"UKRAINE-EO13662] [RUSSIA-EO14024\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,\"DOB 04 Feb 1970; nationality Russia; Gender Male; Sectoral Sanctions Risk: subject to Directive 4.\"\r\n7002,\"TESTBANK PJSC\",\"-0- \",\"UKRAINE-EO13662\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,\"Organization Established Date 1991; Registration ID 1027700000000.\"\r\n",
  'cons_alt.csv': "7001,71,\"aka\",\"EKSEMPLOV, Konstantin\",-0- \r\n7002,72,\"fka\",\"TESTBANK OJSC\",-0- \r\n",
  'cons_add.csv': "7002,81,\"Ul. Testovaya 5\",\"Moscow\",\"Russia\",-0- \r\n",
  'cons_comments.csv': '',
};

function prepare(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-screening-fixtures-'));
  cpSync(path.join(import.meta.dirname, 'fixtures'), dir, { recursive: true });
  mkdirSync(path.join(dir, 'ofac_sdn'));
  for (const [name, text] of Object.entries(OFAC_SDN_SET)) writeFileSync(path.join(dir, 'ofac_sdn', name), text);
  return dir;
}

/** The folder to load (or to join a fixture's name to). */
export const FIXTURES = prepare();

/** The synthetic OFAC consolidated (non-SDN) CSV set, in a folder of its own. */
export const OFAC_CONS_FIXTURE = (() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-screening-cons-'));
  for (const [name, text] of Object.entries(OFAC_CONS_SET)) writeFileSync(path.join(dir, name), text);
  return dir;
})();

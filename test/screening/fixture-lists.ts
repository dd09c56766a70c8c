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

function prepare(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-screening-fixtures-'));
  cpSync(path.join(import.meta.dirname, 'fixtures'), dir, { recursive: true });
  mkdirSync(path.join(dir, 'ofac_sdn'));
  for (const [name, text] of Object.entries(OFAC_SDN_SET)) writeFileSync(path.join(dir, 'ofac_sdn', name), text);
  return dir;
}

/** The folder to load (or to join a fixture's name to). */
export const FIXTURES = prepare();

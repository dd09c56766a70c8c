/**
 * Imports the Companies House bulk products into the database (companies_register*), for installs without
 * internet: the basic company data CSV (`.csv`) and the PSC snapshot (JSON lines, any other extension). A
 * file already imported with the same size and modification time is skipped, so the import can run at every
 * start. Rows are streamed and written 1000 at a time: the real files are gigabytes.
 */
import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import type { Db } from '../../platform/db/db.ts';
import { isoDate } from '../../platform/domain/dates.ts';
import { profileFromBasicRow, pscFromSnapshotLine } from './domain/bulk.ts';
import { normaliseCompanyNumber } from './domain/company-number.ts';
import type { RegisterExtract, RegisterSource } from './domain/register.ts';
import { registerRepo } from './companies.repo.ts';


const BATCH = 1000;

export interface ImportResult {
  file: string;
  kind: 'basic_company_data' | 'psc_snapshot';
  records: number;
  skipped: boolean;
}

export async function importBulkFile(db: Db, file: string, options: { now?: () => Date; force?: boolean } = {}): Promise<ImportResult> {
  const stat = statSync(file);
  const kind = /\.csv$/i.test(file) ? 'basic_company_data' : 'psc_snapshot';
  const before = await registerRepo.importOf(db, file);
  if (!options.force && before && Number(before.size) === stat.size && Number(before.mtime_ms) === Math.floor(stat.mtimeMs)) {
    return { file, kind, records: 0, skipped: true };
  }
  const records = kind === 'basic_company_data' ? await importBasic(db, file, isoDate(options.now?.() ?? new Date())) : await importPscs(db, file);
  await registerRepo.recordImport(db, file, stat.size, stat.mtimeMs, records);
  return { file, kind, records, skipped: false };
}

async function importBasic(db: Db, file: string, today: string): Promise<number> {
  const parser = createReadStream(file).pipe(parse({ columns: (header: string[]) => header.map((h) => h.trim()), bom: true, relax_column_count: true }));
  async function* profiles() {
    for await (const row of parser as AsyncIterable<Record<string, string>>) {
      const profile = profileFromBasicRow(row, today);
      const number = profile && normaliseCompanyNumber(profile.company_number);
      if (profile && number) yield { number, profile: { ...profile, company_number: number } };
    }
  }
  return writeInBatches(profiles(), (batch) => registerRepo.upsertProfiles(db, batch));
}

async function importPscs(db: Db, file: string): Promise<number> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  async function* pscs() {
    let kept = 0;
    for await (const line of lines) {
      const entry = pscFromSnapshotLine(line);
      const number = entry && normaliseCompanyNumber(entry.company_number);
      if (!entry || !number) continue;
      // The self link is the PSC's id; a line without one keys on its etag, else on its place in the file.
      yield { number, id: entry.psc.links?.self ?? entry.psc.etag ?? `${kept}`, psc: entry.psc };
      kept += 1;
    }
  }
  return writeInBatches(pscs(), (batch) => registerRepo.upsertPscs(db, batch));
}

/** Writes rows BATCH at a time (a bulk product holds millions), returning how many were written. */
async function writeInBatches<T>(rows: AsyncIterable<T>, write: (batch: T[]) => Promise<unknown>): Promise<number> {
  let batch: T[] = [];
  let count = 0;
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= BATCH) {
      await write(batch);
      count += batch.length;
      batch = [];
    }
  }
  if (batch.length) await write(batch);
  return count + batch.length;
}

/** The imported register as a source: profiles and PSCs; the free bulk products carry no officers (null). */
export function createBulkSource(db: Db): RegisterSource {
  return {
    name: 'companies_house_bulk',
    async company(number: string): Promise<RegisterExtract | null> {
      const row = await registerRepo.profile(db, number);
      if (!row) return null;
      return { profile: row.profile, officers: null, pscs: await registerRepo.pscs(db, number) };
    },
  };
}

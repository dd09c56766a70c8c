import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { textPdf } from '../../../platform/domain/text-pdf.ts';
import { lzwZerosBomb, pdf, pdfFlateBomb, pdfLzwBomb, pdfRunLengthBomb, pdfWithAutomaticUri, pdfWithJavaScript } from '../../../../test/fuzz/attack-files.ts';
import { inspectPdf } from './pdf-inspect.ts';

const streamObject = (dictionary: string, data: Buffer) => Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);

describe('inspectPdf', () => {
  it('passes a plain statement and counts what its streams inflate to', async () => {
    const verdict = await inspectPdf(textPdf(['Mill Energy', 'Ada Hartley', '1 Mill Lane, York']));
    expect(verdict.problem).toBeUndefined();
  });

  it.each(['plain', 'escaped', 'object-stream'] as const)('finds JavaScript %s', async (how) => {
    expect(await inspectPdf(pdfWithJavaScript(how))).toMatchObject({ problem: 'PDF_ACTIVE_CONTENT', found: 'JavaScript' });
  });

  it('finds launch actions and embedded files, not names that merely start the same', async () => {
    const launch = pdf(['<< /Type /Catalog /OpenAction << /S /Launch /F (cmd.exe) >> >>']);
    expect((await inspectPdf(launch)).found).toBe('Launch');
    const embedded = pdf(['<< /Type /Catalog /Names << /EmbeddedFiles << /Names [] >> >> >>']);
    expect((await inspectPdf(embedded)).found).toBe('EmbeddedFiles');
    expect((await inspectPdf(pdf(['<< /Type /Catalog /JSONish 1 /Launcher 2 >>']))).problem).toBeUndefined();
  });

  it.each(['open-inline', 'open-reference', 'object-stream', 'next-chain'] as const)('finds a URI action run when the file opens (%s)', async (how) => {
    expect(await inspectPdf(pdfWithAutomaticUri(how))).toMatchObject({ problem: 'PDF_ACTIVE_CONTENT', found: 'OpenAction URI' });
  });

  it('finds a URI action run when a page is shown, and other call-outs run by themselves', async () => {
    expect(await inspectPdf(pdfWithAutomaticUri('page-open'))).toMatchObject({ problem: 'PDF_ACTIVE_CONTENT', found: 'AA URI' });
    const remote = pdf(['<< /Type /Catalog /OpenAction 2 0 R >>', '<< /S /GoToR /F (\\\\203.0.113.9\\share\\x.pdf) /D [0 /Fit] >>']);
    expect((await inspectPdf(remote)).found).toBe('OpenAction GoToR');
    const escaped = pdf(['<< /Type /Catalog /Open#41ction << /S /U#52I /URI (https://tracker.example/) >> >>']);
    expect((await inspectPdf(escaped)).found).toBe('OpenAction URI');
    const field = pdf(['<< /Type /Catalog /AcroForm << /Fields [2 0 R] >> >>', '<< /FT /Tx /T (name) /AA 3 0 R >>', '<< /Fo << /S /URI /URI (https://tracker.example/) >> >>']);
    expect((await inspectPdf(field)).found).toBe('AA URI');
  });

  it('keeps links a reader clicks, destinations and GoTo actions run on opening', async () => {
    const link = pdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>',
      '<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A << /S /URI /URI (https://energy.example/help) >> >>',
    ]);
    expect((await inspectPdf(link)).problem).toBeUndefined();
    const reference = pdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /Annots [5 0 R] >>', '[3 0 R /Fit]', '<< /Subtype /Link /A << /S /URI /URI (https://energy.example/) >> >>']);
    expect((await inspectPdf(reference)).problem).toBeUndefined();
    const goTo = pdf(['<< /Type /Catalog /OpenAction << /S /GoTo /D [2 0 R /Fit] >> >>', '<< /Type /Page /AA << /O << /S /Named /N /FirstPage >> >> >>']);
    expect((await inspectPdf(goTo)).problem).toBeUndefined();
    // A reference loop and damaged syntax end the search without an error.
    const loop = pdf(['<< /Type /Catalog /OpenAction 2 0 R >>', '<< /S /GoTo /D [0 /Fit] /Next 2 0 R >>', '<< /AA << /O 9 0 R >> /Broken << /A [ ( >>']);
    expect((await inspectPdf(loop)).problem).toBeUndefined();
  });

  it('does not read names into stream data: image bytes that spell /JS are data', async () => {
    const data = Buffer.concat([Buffer.alloc(100, 1), Buffer.from('/JS /JavaScript '), Buffer.alloc(100, 2)]);
    const image = pdf([streamObject('/Type /XObject /Subtype /Image /Width 10 /Height 10', data), streamObject('/Filter /FlateDecode', Buffer.from(zlibSync(data)))]);
    expect((await inspectPdf(image)).problem).toBeUndefined();
  });

  it('stops a bomb early: past 32 MB at more than 250 times the file, or past the limit', async () => {
    const bomb = await pdfFlateBomb(256 * 1024 * 1024);
    const verdict = await inspectPdf(bomb);
    expect(verdict.problem).toBe('PDF_TOO_LARGE_INFLATED');
    expect(verdict.inflatedBytes).toBeLessThan(Math.max(32 * 1024 * 1024, 250 * bomb.length) + 1024 * 1024);
    expect((await inspectPdf(await pdfFlateBomb(2 * 1024 * 1024), 1024 * 1024)).problem).toBe('PDF_TOO_LARGE_INFLATED');
  });

  it('counts LZW and RunLength streams, also behind ASCIIHex, and stops their bombs the same way', async () => {
    for (const bomb of [pdfLzwBomb(200_000), pdfLzwBomb(200_000, true)]) {
      const verdict = await inspectPdf(bomb);
      expect(verdict.problem).toBe('PDF_TOO_LARGE_INFLATED');
      expect(verdict.inflatedBytes).toBeLessThan(Math.max(32 * 1024 * 1024, 250 * bomb.length) + 1024 * 1024);
    }
    // RunLength grows at most 64 times, under the ratio: the absolute limit stops it.
    expect(await inspectPdf(pdfRunLengthBomb(3 * 1024 * 1024), 2 * 1024 * 1024)).toMatchObject({ problem: 'PDF_TOO_LARGE_INFLATED' });
    const small = lzwZerosBomb(1_000);
    expect(await inspectPdf(pdf([streamObject('/Filter /LZWDecode', small.data)]))).toEqual({ inflatedBytes: small.decodedBytes, streams: 1 });
  });

  it('refuses a stream compressed twice over, whose second layer could not be counted', async () => {
    const twice = pdf([streamObject('/Filter [/FlateDecode /LZWDecode]', Buffer.from(zlibSync(lzwZerosBomb(1_000).data)))]);
    expect(await inspectPdf(twice)).toMatchObject({ problem: 'PDF_UNSUPPORTED_ENCODING', found: 'FlateDecode LZWDecode' });
  });

  it('finds JavaScript in an object stream spelled in ASCIIHex', async () => {
    const objects = Buffer.from('5 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>').toString('hex');
    const hidden = pdf([streamObject('/Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode', Buffer.from(`${objects}>`))]);
    expect(await inspectPdf(hidden)).toMatchObject({ problem: 'PDF_ACTIVE_CONTENT', found: 'JavaScript' });
  });
});

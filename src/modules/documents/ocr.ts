/**
 * Tesseract (tesseract.js: the C++ engine compiled to WebAssembly) with the English traineddata from
 * `@tesseract.js-data/eng`, everything loaded from node_modules: no language data, worker or core is
 * fetched at run time. The legacy engine is used: with a character whitelist it reads OCR-B's `<` far
 * better than the LSTM model, which was never trained on it (docs/adr/0020-mrz-reading.md).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);
const MRZ_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** Directory of the package's legacy+LSTM English model (`4.0.0/eng.traineddata.gz`). */
export function localLangPath(): string {
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
}

export interface TextRecogniser {
  /**
   * Text of a PNG/JPEG image, lines separated by newlines. `mrz`: legacy engine restricted to the MRZ
   * alphabet; `text`: legacy engine, page layout; `page`: the LSTM engine, page layout (printed text on
   * busy backgrounds, such as a passport's visual zone: better and faster there than the legacy engine);
   * `line`: the LSTM engine reading one line of text (a licence field cut out by position), restricted to
   * `options.whitelist` when given (a date field reads only digits and dots, so `O` cannot come back for `0`).
   */
  recognise(image: Buffer, mode: 'mrz' | 'text' | 'page' | 'line', options?: { whitelist?: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * One worker, created on first use and reused for every call (creating one costs ~0.5 s); calls are
 * serialised through it. `close()` terminates it.
 */
export function createTesseractRecogniser(options: { langPath?: string } = {}): TextRecogniser {
  let worker: Promise<Worker> | undefined;
  /** The LSTM engine needs its own worker (the engine is chosen when a worker starts); created on first use. */
  let lstm: Promise<Worker> | undefined;
  let mode: 'mrz' | 'text' | undefined;
  /** What the LSTM worker is set for: `page`, or `line:` and its whitelist. */
  let lstmMode = 'page';
  let queue: Promise<unknown> = Promise.resolve();
  const start = (oem: OEM) => createWorker('eng', oem, { langPath: options.langPath ?? localLangPath(), gzip: true, cacheMethod: 'none' });
  const get = () => {
    worker ??= start(OEM.TESSERACT_ONLY);
    return worker;
  };
  const run = async (image: Buffer, wanted: 'mrz' | 'text' | 'page' | 'line', whitelist = '') => {
    if (wanted === 'page' || wanted === 'line') {
      lstm ??= start(OEM.LSTM_ONLY).then(async (w) => {
        await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO } as never);
        return w;
      });
      const w = await lstm;
      const key = wanted === 'page' ? 'page' : `line:${whitelist}`;
      if (key !== lstmMode) {
        await w.setParameters(wanted === 'page'
          ? { tessedit_char_whitelist: '', tessedit_pageseg_mode: PSM.AUTO } as never
          : { tessedit_char_whitelist: whitelist, tessedit_pageseg_mode: PSM.SINGLE_LINE } as never);
        lstmMode = key;
      }
      return (await w.recognize(image)).data.text;
    }
    const w = await get();
    if (mode !== wanted) {
      await w.setParameters(wanted === 'mrz'
        ? { tessedit_char_whitelist: MRZ_CHARS, tessedit_pageseg_mode: PSM.SINGLE_BLOCK } as never
        : { tessedit_char_whitelist: '', tessedit_pageseg_mode: PSM.AUTO } as never);
      mode = wanted;
    }
    const result = await w.recognize(image);
    return result.data.text;
  };
  return {
    recognise(image, wanted, options) {
      const next = queue.then(() => run(image, wanted, options?.whitelist));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      const ws = [worker, lstm];
      [worker, lstm] = [undefined, undefined];
      lstmMode = 'page';
      for (const w of ws) if (w) await (await w).terminate();
    },
  };
}

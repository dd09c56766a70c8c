// Run by offline.test.ts inside `unshare -n`: recognise rendered text with the Tesseract worker (legacy engine,
// then the LSTM engine the visual zone uses), and from the scan inside an image-only PDF, and print them.
import sharp from 'sharp';
import { createTesseractRecogniser } from '../../src/modules/documents/ocr.ts';
import { extractDocumentText } from '../../src/modules/documents/text-extract.ts';
import { imagePdf } from './image-pdf.ts';

const svg = (text: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="160"><rect width="100%" height="100%" fill="white"/><text x="20" y="100" font-family="DejaVu Sans" font-size="64">${text}</text></svg>`;
const png = (text: string) => sharp(Buffer.from(svg(text))).png().toBuffer();
const ocr = createTesseractRecogniser();
console.log(await ocr.recognise(await png('OFFLINE 2026'), 'text'));
console.log(await ocr.recognise(await png('LSTM 2027'), 'page'));
const pdf = await imagePdf([{ image: await sharp(await png('SCANNED PDF 2028')).resize({ width: 1200 }).jpeg().toBuffer() }]);
const { text, source } = await extractDocumentText(pdf, ocr);
console.log(source, text);
await ocr.close();

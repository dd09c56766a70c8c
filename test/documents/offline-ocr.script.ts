// Run by offline.test.ts inside `unshare -n`: recognise rendered text with the Tesseract worker and print it.
import sharp from 'sharp';
import { createTesseractRecogniser } from '../../src/modules/documents/ocr.ts';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="160"><rect width="100%" height="100%" fill="white"/><text x="20" y="100" font-family="DejaVu Sans" font-size="64">OFFLINE 2026</text></svg>';
const ocr = createTesseractRecogniser();
console.log(await ocr.recognise(await sharp(Buffer.from(svg)).png().toBuffer(), 'text'));
await ocr.close();

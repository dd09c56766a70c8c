/**
 * Japanese company names against the Latin lists, a check apart from `npm run eval:screening`: the only
 * Japanese names in the shared lists (the Zala group's, all in the report split) were looked at when the
 * Japanese reading rules were written (ADR 0194), so they cannot tell whether those rules hold elsewhere.
 *   listed:   20 Russian companies that the shared lists hold in Latin letters, written as Japanese lists write
 *             them (katakana, legal forms in kanji); each must find its own listing (screening, type company);
 *   unlisted: 40 Japanese companies no list holds, in katakana; a match is a false positive.
 * Written for this check (2026-11-28), not taken from the unit tests; nothing was tuned on them.
 * Run: KYC_SHARED_DATA=... node --import tsx eval/screening/japanese-companies.ts [--verbose]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Matcher } from '../../src/modules/screening/domain/matcher.ts';
import { loadLists } from '../../src/modules/screening/lists.loader.ts';
import { latinOnly } from './aml-queries.ts';

const { values: args } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });
const shared = path.resolve(process.env.KYC_SHARED_DATA || '../shared/data');
if (!fs.existsSync(path.join(shared, 'lists'))) {
  console.error(`needs the reference data: ${shared}/lists not found (set KYC_SHARED_DATA)`);
  process.exit(2);
}
const lists = loadLists([path.join(shared, 'lists')]);
const matcher = new Matcher(lists.flatMap((l) => l.entities).map(latinOnly).filter((e) => e.names.length > 0));

/** The Japanese writing and what the listed Latin name must contain. */
const LISTED: Array<[string, RegExp]> = [
  ['ロスネフチ', /rosneft/i], ['公開株式会社ガスプロムネフチ', /gazprom ?neft/i], ['ズベルバンク', /sberbank/i], ['アルロサ', /alrosa/i],
  ['ソフコムフロート', /sovcomflot/i], ['ロステック', /rostec/i], ['アエロフロート', /aeroflot/i], ['ノヴァテク', /novatek/i],
  ['トランスネフチ', /transneft/i], ['ルクオイル', /lukoil/i], ['カラシニコフ・コンツェルン', /kalashnikov/i], ['アルマズ・アンテイ', /almaz/i],
  ['ウラルヴァゴンザヴォード', /uralvagonzavod/i], ['ロソボロンエクスポルト', /rosoboroneksport|rosoboronexport/i], ['有限会社ヴォルガ・グループ', /volga/i],
  ['メチェル', /mechel/i], ['ガスプロムバンク', /gazprombank/i], ['ヴネシュエコノムバンク', /vnesheconombank/i], ['ノリリスク・ニッケル', /norilsk/i],
  ['株式会社タクティカル・ミサイル', /tactical missiles/i],
];
const UNLISTED = [
  'トヨタ', 'ソニー', 'パナソニック', 'ユニクロ', 'ニトリ', 'セブンイレブン', 'ファミリーマート', 'ローソン', 'ブリヂストン', 'キヤノン',
  'リコー', 'ヤマハ', 'カシオ', 'エプソン', 'シャープ', 'マツダ', 'スズキ', 'ホンダ', 'スバル', 'ダイキン', 'ミツビシ', 'ニコン', 'オリンパス',
  'コナミ', 'セガ', 'バンダイ', 'タカラトミー', 'サントリー', 'キリン', 'アサヒ', '株式会社ヤクルト', '有限会社サクラ', 'ベネッセ', 'リクルート',
  'ソフトバンク', 'ラクテン', 'メルカリ', 'ゼンリン', 'コーセー', 'シセイドウ',
];

let found = 0;
for (const [q, own] of LISTED) {
  const r = matcher.screen({ name: q, type: 'company' });
  const ok = r.some((m) => own.test(m.matchedName) || own.test(m.listedName));
  if (ok) found++;
  if (args.verbose) console.log(`${ok ? 'found' : 'MISS '} ${q}: ${r.slice(0, 2).map((m) => `${m.matchedName} ${m.score}`).join(' | ')}`);
}
let falsePositives = 0;
for (const q of UNLISTED) {
  const r = matcher.screen({ name: q, type: 'company' });
  if (r.length > 0) falsePositives++;
  if (args.verbose && r.length > 0) console.log(`FP    ${q}: ${r.slice(0, 2).map((m) => `${m.matchedName} ${m.score}`).join(' | ')}`);
}
console.log(`listed companies found: ${found}/${LISTED.length}; unlisted Japanese companies with a match: ${falsePositives}/${UNLISTED.length}`);

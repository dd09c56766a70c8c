/**
 * Actions a PDF runs by itself (ADR 0080): `/OpenAction` in the catalog and the `/AA` (additional actions) of
 * the catalog, pages, annotations and form fields run when the file is opened, a page is shown, a field is
 * entered... A viewer that runs a `/URI` or `/GoToR` action by itself calls out to an address the sender chose
 * (a read receipt on the reviewer, or an SMB path that leaks Windows credentials); `/Launch` and `/JavaScript`
 * run code. A link the reader clicks (`/A` of a link annotation) is left alone: statements carry them.
 *
 * This is a small reader of PDF objects (a lexer and a value parser, no I/O), enough to follow `/OpenAction`,
 * `/AA` and `/Next` through indirect references. Every version of an object (incremental updates) is judged.
 */

/** Action types refused when they run by themselves. */
const REFUSED_AUTOMATIC = new Set(['URI', 'Launch', 'JavaScript', 'GoToR', 'GoToE', 'SubmitForm', 'ImportData', 'Rendition', 'RichMediaExecute']);
const MAX_DEPTH = 32;

type Value =
  | { kind: 'ref'; num: number }
  | { kind: 'dict'; entries: Map<string, Value> }
  | { kind: 'array'; items: Value[] }
  | { kind: 'name'; name: string }
  | { kind: 'other' };

const WHITESPACE = /[\0\t\n\f\r ]/;
const DELIMITER = /[()<>[\]{}/%]/;

/** A tolerant reader: anything it does not understand becomes `other`, never an exception. */
class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  private skip(): void {
    const t = this.text;
    while (this.at < t.length) {
      const c = t[this.at]!;
      if (WHITESPACE.test(c)) this.at++;
      else if (c === '%') while (this.at < t.length && t[this.at] !== '\n' && t[this.at] !== '\r') this.at++;
      else break;
    }
  }

  private regular(): string {
    const start = this.at;
    while (this.at < this.text.length && !WHITESPACE.test(this.text[this.at]!) && !DELIMITER.test(this.text[this.at]!)) this.at++;
    return this.text.slice(start, this.at);
  }

  done(): boolean {
    this.skip();
    return this.at >= this.text.length;
  }

  value(depth = 0): Value {
    this.skip();
    const t = this.text;
    const c = t[this.at];
    if (c === undefined) return { kind: 'other' };
    if (depth > 64) { this.at = t.length; return { kind: 'other' }; } // absurd nesting: stop reading
    if (t.startsWith('<<', this.at)) {
      this.at += 2;
      const entries = new Map<string, Value>();
      for (;;) {
        this.skip();
        if (this.at >= t.length) break;
        if (t.startsWith('>>', this.at)) { this.at += 2; break; }
        const key = this.value(depth + 1);
        if (key.kind !== 'name') continue; // damaged: skip the token
        entries.set(key.name, this.value(depth + 1));
      }
      return { kind: 'dict', entries };
    }
    if (c === '[') {
      this.at++;
      const items: Value[] = [];
      for (;;) {
        this.skip();
        if (this.at >= t.length) break;
        if (t[this.at] === ']') { this.at++; break; }
        items.push(this.value(depth + 1));
      }
      return { kind: 'array', items };
    }
    if (c === '/') {
      this.at++;
      const raw = this.regular();
      return { kind: 'name', name: raw.includes('#') ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))) : raw };
    }
    if (c === '(') { this.string(); return { kind: 'other' }; }
    if (c === '<') { const end = t.indexOf('>', this.at); this.at = end < 0 ? t.length : end + 1; return { kind: 'other' }; }
    if (c === ')' || c === '>' || c === ']' || c === '{' || c === '}') { this.at++; return { kind: 'other' }; }
    const token = this.regular();
    if (/^\d+$/.test(token)) {
      // `12 0 R` is a reference: look ahead for a generation number and R.
      const save = this.at;
      this.skip();
      const generation = this.regular();
      this.skip();
      if (/^\d+$/.test(generation) && t[this.at] === 'R' && (this.at + 1 >= t.length || WHITESPACE.test(t[this.at + 1]!) || DELIMITER.test(t[this.at + 1]!))) {
        this.at++;
        return { kind: 'ref', num: Number(token) };
      }
      this.at = save;
    }
    if (token === '') this.at++; // an unexpected character: step over it
    return { kind: 'other' };
  }

  private string(): void {
    const t = this.text;
    let depth = 0;
    for (; this.at < t.length; this.at++) {
      const c = t[this.at];
      if (c === '\\') this.at++;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) { this.at++; return; }
    }
  }
}

/** Every object body by number, from the file's text and from its object streams; all versions kept. */
export type PdfObjects = Map<number, string[]>;

export function addObject(objects: PdfObjects, num: number, body: string): void {
  const list = objects.get(num);
  if (list) list.push(body);
  else objects.set(num, [body]);
}

/** Objects written as `n g obj ... endobj` (a stream's body is cut at `stream`). */
export function indexObjects(text: string, objects: PdfObjects = new Map()): PdfObjects {
  const start = /(\d+)\s+\d+\s+obj\b/g;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    const from = m.index + m[0].length;
    const endobj = text.indexOf('endobj', from);
    const stream = text.indexOf('stream', from);
    const end = Math.min(endobj < 0 ? text.length : endobj, stream < 0 ? text.length : stream);
    addObject(objects, Number(m[1]), text.slice(from, end));
    start.lastIndex = end;
  }
  return objects;
}

/** The objects of a decoded object stream (`/Type /ObjStm /N n /First f`): n pairs of number and offset, then the objects. */
export function indexObjectStream(dictionary: string, decoded: string, objects: PdfObjects): void {
  const n = Number(/\/N\s+(\d+)/.exec(dictionary)?.[1] ?? 0);
  const first = Number(/\/First\s+(\d+)/.exec(dictionary)?.[1] ?? 0);
  const header = decoded.slice(0, first).trim().split(/\s+/).map(Number);
  for (let i = 0; i < n && 2 * i + 1 < header.length; i++) {
    const num = header[2 * i]!;
    const from = first + header[2 * i + 1]!;
    const to = 2 * i + 3 < header.length && i + 1 < n ? first + header[2 * i + 3]! : decoded.length;
    if (Number.isFinite(num) && from >= first && to >= from) addObject(objects, num, decoded.slice(from, to));
  }
}

/**
 * The first automatic action of a refused type, as `OpenAction URI` or `AA JavaScript`; undefined when there is
 * none. Every object is read once for `/OpenAction` and `/AA` keys at any depth; actions are followed through
 * references and `/Next` chains.
 */
export function refusedAutomaticAction(objects: PdfObjects): string | undefined {
  const parsed = new Map<number, Value[]>();
  const versions = (num: number): Value[] => {
    let list = parsed.get(num);
    if (!list) parsed.set(num, (list = (objects.get(num) ?? []).map((body) => new Reader(body).value())));
    return list;
  };
  const resolve = (v: Value, seen: Set<number>): Value[] => {
    if (v.kind !== 'ref') return [v];
    if (seen.has(v.num) || seen.size > MAX_DEPTH) return [];
    seen.add(v.num);
    return versions(v.num).flatMap((x) => resolve(x, seen));
  };
  /** An action dictionary (or a reference to one), with its /Next chain. */
  const action = (v: Value, seen: Set<number>, depth: number): string | undefined => {
    if (depth > MAX_DEPTH) return undefined;
    for (const target of resolve(v, seen)) {
      if (target.kind === 'array') {
        for (const item of target.items) {
          const found = action(item, seen, depth + 1); // a /Next array of actions
          if (found) return found;
        }
        continue;
      }
      if (target.kind !== 'dict') continue;
      const type = target.entries.get('S');
      if (type?.kind === 'name' && REFUSED_AUTOMATIC.has(type.name)) return type.name;
      const next = target.entries.get('Next');
      const found = next && action(next, seen, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  const walk = (v: Value, depth: number): string | undefined => {
    if (depth > 64) return undefined;
    if (v.kind === 'array') {
      for (const item of v.items) {
        const found = walk(item, depth + 1);
        if (found) return found;
      }
    }
    if (v.kind !== 'dict') return undefined;
    const open = v.entries.get('OpenAction');
    if (open) {
      // An array, directly or behind a reference, is a destination (a page to show), not an action.
      const found = resolve(open, new Set()).filter((x) => x.kind === 'dict').map((x) => action(x, new Set(), 0)).find(Boolean);
      if (found) return `OpenAction ${found}`;
    }
    const additional = v.entries.get('AA');
    if (additional) {
      for (const triggers of resolve(additional, new Set())) {
        if (triggers.kind !== 'dict') continue;
        for (const entry of triggers.entries.values()) {
          const found = action(entry, new Set(), 0);
          if (found) return `AA ${found}`;
        }
      }
    }
    for (const item of v.entries.values()) {
      const found = walk(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  for (const num of objects.keys()) {
    for (const value of versions(num)) {
      const found = walk(value, 0);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * What a creator hands a batch: pasted lines (one topic or prompt a line) or a CSV with the header
 * `prompt,title?,publishAt?`. Pure: the web app previews with the same functions the server checks
 * with, so a line refused on the server is the line the preview marks.
 */
import { CUSTOM_TOPIC, TOPIC_LABELS } from '../catalog/topics';
import { TITLE_MAX } from '../schemas/video';
import { BATCH_MAX_ITEMS, BATCH_MESSAGES } from './decide';
import type { BatchItemSpec } from './events';

/** The custom prompt's limit (the Create A Series form's). */
export const BATCH_PROMPT_MAX = 1000;

export const BATCH_INPUT_MESSAGES = {
  promptEmpty: 'the prompt is empty',
  promptTooLong: `the prompt is longer than ${BATCH_PROMPT_MAX} characters`,
  titleTooLong: `the title is longer than ${TITLE_MAX} characters`,
  publishAtFormat: 'publishAt must be an ISO 8601 date and time with its time zone, like 2026-12-01T18:00:00Z',
  publishAtPast: 'publishAt is in the past',
  csvHeader: 'The first line of the CSV must name its columns: prompt, and optionally title and publishAt',
  csvColumn: (name: string) => `Unknown CSV column "${name}": the columns are prompt, title and publishAt`,
  csvQuote: 'a quoted value is not closed',
  csvTooManyValues: 'more values than columns',
} as const;

/** One item as written, before it is checked. */
export interface BatchRawItem {
  /** Line of the text it starts on (1 = the first line; a CSV's header is line 1). */
  line: number;
  prompt: string;
  title?: string | null;
  publishAt?: string | null;
}

export interface BatchLineError {
  /** 0 for a problem of the whole list. */
  line: number;
  message: string;
}

/** An item checked: what it will ask for, and the line it came from. */
export interface BatchCheckedItem extends BatchItemSpec {
  line: number;
}

export interface BatchParseResult {
  items: BatchCheckedItem[];
  errors: BatchLineError[];
}

/** 'Line 3: the prompt is empty'; a problem of the whole list keeps its own words. */
export const lineErrorText = (error: BatchLineError) => (error.line > 0 ? `Line ${error.line}: ${error.message}` : error.message);

/** Pasted text: one topic or prompt a line; blank lines are left out (they still count for line numbers). */
export function readBatchLines(text: string): BatchRawItem[] {
  return text.split(/\r\n|\n|\r/).map((prompt, i) => ({ line: i + 1, prompt: prompt.trim() })).filter((item) => item.prompt.length > 0);
}

/** RFC 4180 records with the line each starts on: quoted values may hold commas, quotes ("") and line breaks. */
function csvRecords(text: string): { records: Array<{ line: number; values: string[] }>; errors: BatchLineError[] } {
  const records: Array<{ line: number; values: string[] }> = [];
  const src = text.replace(/^\uFEFF/, '');
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const start = line;
    const values: string[] = [];
    let value = '';
    for (;;) {
      if (src[i] === '"') {
        i++;
        let closed = false;
        while (i < src.length) {
          if (src[i] === '"' && src[i + 1] === '"') {
            value += '"';
            i += 2;
          } else if (src[i] === '"') {
            i++;
            closed = true;
            break;
          } else {
            if (src[i] === '\n') line++;
            value += src[i++];
          }
        }
        if (!closed) return { records, errors: [{ line: start, message: BATCH_INPUT_MESSAGES.csvQuote }] };
      }
      while (i < src.length && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') value += src[i++];
      values.push(value);
      value = '';
      if (src[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    if (src[i] === '\r') i++;
    if (src[i] === '\n') i++;
    line++;
    if (!values.every((v) => v.trim() === '')) records.push({ line: start, values });
  }
  return { records, errors: [] };
}

const COLUMNS = ['prompt', 'title', 'publishat'] as const;

/** A CSV with the header `prompt,title?,publishAt?` (any order, any case). */
export function readBatchCsv(text: string): { items: BatchRawItem[]; errors: BatchLineError[] } {
  const { records, errors } = csvRecords(text);
  if (errors.length > 0) return { items: [], errors };
  const [header, ...rows] = records;
  const names = header?.values.map((name) => name.trim().toLowerCase()) ?? [];
  if (!names.includes('prompt')) return { items: [], errors: [{ line: 0, message: BATCH_INPUT_MESSAGES.csvHeader }] };
  const unknown = header!.values.find((name) => !(COLUMNS as readonly string[]).includes(name.trim().toLowerCase()));
  if (unknown !== undefined) return { items: [], errors: [{ line: header!.line, message: BATCH_INPUT_MESSAGES.csvColumn(unknown.trim()) }] };
  const at = (values: string[], name: (typeof COLUMNS)[number]) => {
    const i = names.indexOf(name);
    return i < 0 ? null : (values[i] ?? '').trim() || null;
  };
  const items: BatchRawItem[] = [];
  const rowErrors: BatchLineError[] = [];
  for (const row of rows) {
    if (row.values.length > names.length) rowErrors.push({ line: row.line, message: BATCH_INPUT_MESSAGES.csvTooManyValues });
    else items.push({ line: row.line, prompt: at(row.values, 'prompt') ?? '', title: at(row.values, 'title'), publishAt: at(row.values, 'publishat') });
  }
  return { items, errors: rowErrors };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A catalogue topic named as such (any case) is that topic; anything else is a custom prompt. */
function specOf(prompt: string): Pick<BatchItemSpec, 'topic' | 'customPrompt'> {
  const topic = TOPIC_LABELS.find((label) => label !== CUSTOM_TOPIC && label.toLowerCase() === prompt.toLowerCase());
  return topic ? { topic, customPrompt: null } : { topic: CUSTOM_TOPIC, customPrompt: prompt };
}

/** Checks each item (prompt, title, publishAt against `now`) and the list's size; every problem is listed with its line. */
export function checkBatchItems(raw: readonly BatchRawItem[], now: string): BatchParseResult {
  const errors: BatchLineError[] = [];
  const items: BatchCheckedItem[] = [];
  if (raw.length === 0) errors.push({ line: 0, message: BATCH_MESSAGES.empty });
  if (raw.length > BATCH_MAX_ITEMS) errors.push({ line: 0, message: BATCH_MESSAGES.tooMany });
  for (const item of raw) {
    const prompt = item.prompt.trim();
    const title = item.title?.trim() || null;
    const problems: string[] = [];
    if (!prompt) problems.push(BATCH_INPUT_MESSAGES.promptEmpty);
    if (prompt.length > BATCH_PROMPT_MAX) problems.push(BATCH_INPUT_MESSAGES.promptTooLong);
    if (title && title.length > TITLE_MAX) problems.push(BATCH_INPUT_MESSAGES.titleTooLong);
    let publishAt: string | null = null;
    const when = item.publishAt?.trim();
    if (when) {
      const ms = ISO_INSTANT.test(when) ? Date.parse(when) : Number.NaN;
      if (Number.isNaN(ms)) problems.push(BATCH_INPUT_MESSAGES.publishAtFormat);
      else if (ms <= Date.parse(now)) problems.push(BATCH_INPUT_MESSAGES.publishAtPast);
      else publishAt = new Date(ms).toISOString();
    }
    for (const message of problems) errors.push({ line: item.line, message });
    if (problems.length === 0) items.push({ line: item.line, ...specOf(prompt), title, publishAt });
  }
  return { items, errors };
}

/** Pasted lines or a CSV, read and checked in one go (the server's and the preview's path). */
export function parseBatch(input: { lines: string } | { csv: string } | { items: readonly Omit<BatchRawItem, 'line'>[] }, now: string): BatchParseResult {
  if ('csv' in input) {
    const read = readBatchCsv(input.csv);
    if (read.errors.length > 0 && read.items.length === 0) return { items: [], errors: read.errors };
    const checked = checkBatchItems(read.items, now);
    return { items: checked.items, errors: [...read.errors, ...checked.errors].sort((a, b) => a.line - b.line) };
  }
  if ('lines' in input) return checkBatchItems(readBatchLines(input.lines), now);
  return checkBatchItems(input.items.map((item, i) => ({ ...item, line: i + 1 })), now);
}

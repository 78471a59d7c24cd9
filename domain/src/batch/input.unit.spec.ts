import { NOW } from '../testing/decider-spec';
import { BATCH_INPUT_MESSAGES, lineErrorText, parseBatch, readBatchCsv } from './input';
import { freeSlots } from './slots';

describe('Reading a batch', () => {
  describe('Given pasted lines', () => {
    it('should make one item a line, in order, a catalogue topic as that topic and anything else a custom prompt', () => {
      const result = parseBatch({ lines: 'The history of chocolate\n\n  fun facts  \r\nWhy owls hoot\n' }, NOW);
      expect(result.errors).toEqual([]);
      expect(result.items).toEqual([
        { line: 1, topic: 'Custom Topic', customPrompt: 'The history of chocolate', title: null, publishAt: null },
        { line: 3, topic: 'Fun Facts', customPrompt: null, title: null, publishAt: null },
        { line: 4, topic: 'Custom Topic', customPrompt: 'Why owls hoot', title: null, publishAt: null },
      ]);
    });

    it('should refuse an empty list, more than 100 lines and a line over the custom prompt limit, with its line', () => {
      expect(parseBatch({ lines: ' \n\n' }, NOW).errors).toEqual([{ line: 0, message: 'Please add at least one topic or prompt' }]);
      expect(parseBatch({ lines: Array.from({ length: 101 }, (_, i) => `Prompt ${i}`).join('\n') }, NOW).errors.map(lineErrorText)).toEqual(['A batch holds at most 100 topics or prompts']);
      const long = parseBatch({ lines: `Owls\n${'x'.repeat(1001)}\nBats` }, NOW);
      expect(long.errors.map(lineErrorText)).toEqual(['Line 2: the prompt is longer than 1000 characters']);
      expect(long.items.map((i) => i.customPrompt)).toEqual(['Owls', 'Bats']);
      expect(parseBatch({ lines: 'x'.repeat(1000) }, NOW).errors).toEqual([]);
    });
  });

  describe('Given a CSV', () => {
    it('should read prompt, title and publishAt in any order and case, with quoted commas, quotes and line breaks', () => {
      const csv = 'Title,PROMPT,publishAt\r\n"Owls, at night","Why owls ""hoot""",2026-12-01T18:00:00+01:00\r\n,"A prompt\non two lines",\r\n,,\r\nNo date,Bats,\r\n';
      const result = parseBatch({ csv }, NOW);
      expect(result.errors).toEqual([]);
      expect(result.items).toEqual([
        { line: 2, topic: 'Custom Topic', customPrompt: 'Why owls "hoot"', title: 'Owls, at night', publishAt: '2026-12-01T17:00:00.000Z' },
        { line: 3, topic: 'Custom Topic', customPrompt: 'A prompt\non two lines', title: null, publishAt: null },
        { line: 6, topic: 'Custom Topic', customPrompt: 'Bats', title: 'No date', publishAt: null },
      ]);
    });

    it('should take a CSV with only the prompt column', () => {
      expect(parseBatch({ csv: 'prompt\nOwls\nFun Facts' }, NOW).items.map((i) => i.topic)).toEqual(['Custom Topic', 'Fun Facts']);
    });

    it('should refuse a missing header, an unknown column, an open quote and extra values', () => {
      expect(readBatchCsv('Owls\nBats').errors).toEqual([{ line: 0, message: BATCH_INPUT_MESSAGES.csvHeader }]);
      expect(readBatchCsv('prompt,when\nOwls,x').errors.map(lineErrorText)).toEqual(['Line 1: Unknown CSV column "when": the columns are prompt, title and publishAt']);
      expect(readBatchCsv('prompt\nOwls\n"Bats').errors.map(lineErrorText)).toEqual(['Line 3: a quoted value is not closed']);
      expect(parseBatch({ csv: 'prompt,title\nOwls,Night,extra\nBats,Day' }, NOW).errors.map(lineErrorText)).toEqual(['Line 2: more values than columns']);
    });

    it('should refuse a publishAt that is not ISO 8601 with a time zone, or is in the past, naming each line', () => {
      const csv = ['prompt,publishAt', 'a,tomorrow', 'b,2026-12-01 18:00', 'c,2026-12-01T18:00:00', 'd,2020-01-01T00:00:00Z', 'e,2026-13-01T18:00:00Z', 'f,2026-12-01T18:00Z'].join('\n');
      const result = parseBatch({ csv }, NOW);
      expect(result.errors.map(lineErrorText)).toEqual([
        `Line 2: ${BATCH_INPUT_MESSAGES.publishAtFormat}`,
        `Line 3: ${BATCH_INPUT_MESSAGES.publishAtFormat}`,
        `Line 4: ${BATCH_INPUT_MESSAGES.publishAtFormat}`,
        'Line 5: publishAt is in the past',
        `Line 6: ${BATCH_INPUT_MESSAGES.publishAtFormat}`,
      ]);
      expect(result.items.map((i) => i.publishAt)).toEqual(['2026-12-01T18:00:00.000Z']);
    });

    it('should refuse an empty prompt and a title over 100 characters', () => {
      expect(parseBatch({ csv: `prompt,title\n,Owls\nBats,${'t'.repeat(101)}` }, NOW).errors.map(lineErrorText)).toEqual([
        'Line 2: the prompt is empty', 'Line 3: the title is longer than 100 characters',
      ]);
    });
  });
});

describe("A batch scheduled into the series' posting slots", () => {
  const schedule = { timeZone: 'Europe/Paris', times: ['18:00'], days: [1, 3, 5] };
  it('should give the next slots after now, in order', () => {
    // NOW is Sunday 2026-11-22 10:00 UTC: Monday, Wednesday, Friday at 18:00 in Paris (17:00 UTC).
    expect(freeSlots(schedule, NOW, 3)).toEqual(['2026-11-23T17:00:00.000Z', '2026-11-25T17:00:00.000Z', '2026-11-27T17:00:00.000Z']);
  });
  it('should pass over the slots another batch holds', () => {
    expect(freeSlots(schedule, NOW, 2, new Set(['2026-11-23T17:00:00.000Z']))).toEqual(['2026-11-25T17:00:00.000Z', '2026-11-27T17:00:00.000Z']);
  });
});

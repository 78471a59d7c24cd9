/** How the list is given: pasted lines or a CSV file. */
export type BatchMode = 'lines' | 'csv';

/**
 * What the creator has put in the Batch tab so far. The wizard holds it: the tab is taken down when
 * the Series tab shows (a new series' missing settings send the creator there), and a pasted list of
 * a hundred prompts must still be there when they come back.
 */
export interface BatchDraft {
  /** The series to add to; null: the first of theirs, else a new one. */
  target: string | null;
  mode: BatchMode;
  lines: string;
  csv: { name: string; text: string } | null;
  schedule: boolean;
}

export const EMPTY_BATCH_DRAFT: BatchDraft = { target: null, mode: 'lines', lines: '', csv: null, schedule: false };

import { z } from 'zod';
import { BATCH_MAX_ITEMS } from './decide';

export const BATCH_BODY_MESSAGES = {
  oneSource: 'Send the batch as lines, a CSV or items (one of them)',
  tooLong: 'The batch is too long: at most 100 topics or prompts of up to 1000 characters each',
} as const;

/**
 * POST /api/series/:id/batch: the list as pasted `lines` (one topic or prompt a line), as a `csv`
 * (header `prompt,title?,publishAt?`) or as `items`; `schedule` gives items without a publishAt the
 * series' next free posting slots. Each item is checked by `parseBatch` (errors name their line).
 */
export const queueBatchSchema = z
  .object({
    lines: z.string().max(150_000, BATCH_BODY_MESSAGES.tooLong).optional(),
    csv: z.string().max(150_000, BATCH_BODY_MESSAGES.tooLong).optional(),
    items: z
      .array(z.object({ prompt: z.string(), title: z.string().nullable().optional(), publishAt: z.string().nullable().optional() }))
      .max(BATCH_MAX_ITEMS * 2, BATCH_BODY_MESSAGES.tooLong)
      .optional(),
    schedule: z.boolean().default(false),
  })
  .refine((body) => [body.lines, body.csv, body.items].filter((v) => v !== undefined).length === 1, { message: BATCH_BODY_MESSAGES.oneSource });
export type QueueBatchBody = z.infer<typeof queueBatchSchema>;

/** The path of a batch's routes. */
export const batchParams = z.object({ id: z.string(), batchId: z.string() });

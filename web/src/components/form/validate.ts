import { useCallback, useMemo, useRef, useState } from 'react';
import { getIn, setIn, type ValidationErrors } from 'final-form';
import type { z } from 'zod';

/**
 * final-form `validate` from a shared zod schema: the first message per field, in the schema's wording.
 * `<Form validate={zodValidate(loginSchema)} />`
 */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: unknown): ValidationErrors => {
    const result = schema.safeParse(values ?? {});
    if (result.success) return undefined;
    let errors: object = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (!key) continue;
      if (getIn(errors, key) === undefined) errors = setIn(errors, key, issue.message);
    }
    return errors as ValidationErrors;
  };
}

/**
 * A form's shared zod schema, fetched (with zod itself, tens of kilobytes) when the visitor first
 * focuses the form rather than with the page: for the pages a visitor meets before signing in,
 * which must load little. Spread `onFocus` on the `<form>`, pass `validate` to final-form (it
 * validates once the schema is there: errors show once a field is left, so nothing is missed), and
 * `await check(values)` first thing in `onSubmit`: it answers the schema's errors to show (a
 * submission that came before the schema; return them from `onSubmit`), or the parsed values.
 */
export function useDeferredSchema<S extends z.ZodType>(load: () => Promise<S>) {
  const [schema, setSchema] = useState<S | null>(null);
  const pending = useRef<Promise<S> | null>(null);
  const fetchSchema = useCallback(() => {
    pending.current ??= load().then(
      (loaded) => {
        setSchema(loaded);
        return loaded;
      },
      (error: unknown) => {
        pending.current = null;
        throw error;
      },
    );
    return pending.current;
  }, [load]);
  const validate = useMemo(() => (schema ? zodValidate(schema) : undefined), [schema]);
  const onFocus = useCallback(() => void fetchSchema().catch(() => undefined), [fetchSchema]);
  const check = useCallback(
    async (values: unknown): Promise<{ ok: false; errors: NonNullable<ValidationErrors> } | { ok: true; data: z.output<S> }> => {
      const loaded = await fetchSchema();
      const errors = zodValidate(loaded)(values);
      return errors ? { ok: false, errors } : { ok: true, data: loaded.parse(values ?? {}) };
    },
    [fetchSchema],
  );
  return { validate, onFocus, check };
}

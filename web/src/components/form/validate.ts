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

import Ajv from 'ajv';
import asyncApi300 from '@asyncapi/specs/schemas/3.0.0-without-$id.json';
import { asyncApiDocument } from '@app/domain';

/**
 * The bus contract workers read is a valid AsyncAPI 3.0.0 document by the specification's own JSON
 * Schema (@asyncapi/specs), not only by our own reading of it: a worker author's tools (code
 * generators, the AsyncAPI Studio) load it as it is.
 */
describe('The published AsyncAPI document', () => {
  it('should validate against the AsyncAPI 3.0.0 specification schema', () => {
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
    const validate = ajv.compile(asyncApi300);
    const valid = validate(asyncApiDocument());
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('should be refused by that schema when an operation names an action AsyncAPI 3 does not have', () => {
    // The check bites: 3.0 operations `send` or `receive`; 2.x's `subscribe` is no longer one.
    const document = structuredClone(asyncApiDocument()) as { operations: Record<string, { action: string }> };
    const [first] = Object.values(document.operations);
    first.action = 'subscribe';
    const validate = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(asyncApi300);
    expect(validate(document)).toBe(false);
  });
});

import { ProviderError } from '../stages/provider-error';

/** Resolves to the ProviderError `promise` rejects with; fails the test if it resolves or rejects otherwise. */
export function providerFailure(promise: Promise<unknown>): Promise<ProviderError> {
  return promise.then(
    () => {
      throw new Error('expected a ProviderError');
    },
    (e: unknown) => {
      expect(e).toBeInstanceOf(ProviderError);
      return e as ProviderError;
    },
  );
}

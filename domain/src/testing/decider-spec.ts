import type { CommandMetadata, Decider } from '../shared';

/**
 * Given/when/then for deciders (Emmett style):
 *   spec.given([events]).when(command).then([events]) / .thenThrows(ErrorClass, 'message')
 */
export function deciderSpec<C, E, S>(decider: Decider<C, E, S>) {
  return {
    given(events: E[]) {
      return {
        when(command: C) {
          const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenNothingHappens() {
              expect(run()).toEqual([]);
            },
            thenThrows(errorClass: new (...args: never[]) => Error, message?: string) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(errorClass);
              if (message !== undefined) expect((thrown as Error).message).toBe(message);
            },
          };
        },
      };
    },
  };
}

export const NOW = '2026-11-22T10:00:00.000Z';

export function meta(now = NOW, userId = 'user-1'): CommandMetadata {
  return { now, timestamp: now, userId, correlationId: 'corr-1', causationId: 'cause-1' };
}

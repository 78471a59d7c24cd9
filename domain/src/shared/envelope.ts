/**
 * The shape every event and command takes: `{type, data, metadata}`.
 * Time and ids never come from inside the domain: they arrive in metadata.
 */
export interface Metadata {
  /** The id shared by everything one user action caused. */
  correlationId: string;
  /** The id of the message (command or event) that caused this one. */
  causationId: string;
  /** The user on whose behalf this happened, when there is one. */
  userId?: string;
  /** ISO-8601 instant. */
  timestamp: string;
}

export interface Event<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata?: Metadata;
}

export interface CommandMetadata extends Metadata {
  /** "Now", as decided by the caller's clock; deciders never read a clock. */
  now: string;
}

export interface Command<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: CommandMetadata;
}

/** A decider in the Emmett / Dudycz style: pure decide, pure evolve. */
export interface Decider<C, E, S> {
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
  initialState(): S;
}

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}

import { ConflictError, NotFoundError, assertNever, type Command, type Decider, type Event } from '../shared';
import { isReadModelName } from '../read-models/documents';
import { ANALYTICS_MESSAGES } from './queries';

/**
 * A read model's rebuilds, one stream per read model (`projection-<name>`): an analyst asks, the
 * projectors' leader rebuilds it beside the live one and swaps, and says when it is done. While
 * one is asked for and not finished, another is refused; a leader that dies mid-way leaves the
 * request open and the next leader runs it again.
 */
export type RequestRebuild = Command<'RequestRebuild', { name: string; requestedBy: string }>;
export type CompleteRebuild = Command<'CompleteRebuild', { name: string; position: number; events: number; durationMs: number }>;
export type FailRebuild = Command<'FailRebuild', { name: string; reason: string }>;
export type ProjectionCommand = RequestRebuild | CompleteRebuild | FailRebuild;

export type ProjectionRebuildRequested = Event<'ProjectionRebuildRequested', { name: string; requestedBy: string; at: string }>;
export type ProjectionRebuilt = Event<'ProjectionRebuilt', { name: string; position: number; events: number; durationMs: number; at: string }>;
export type ProjectionRebuildFailed = Event<'ProjectionRebuildFailed', { name: string; reason: string; at: string }>;
export type ProjectionEvent = ProjectionRebuildRequested | ProjectionRebuilt | ProjectionRebuildFailed;

export type ProjectionState = { running: boolean; requestedAt: string | null; rebuiltAt: string | null };

export const projectionStreamId = (name: string) => `projection-${name}`;

export function evolveProjection(state: ProjectionState, event: ProjectionEvent): ProjectionState {
  switch (event.type) {
    case 'ProjectionRebuildRequested':
      return { ...state, running: true, requestedAt: event.data.at };
    case 'ProjectionRebuilt':
      return { ...state, running: false, rebuiltAt: event.data.at };
    case 'ProjectionRebuildFailed':
      return { ...state, running: false };
    default:
      return assertNever(event);
  }
}

export function decideProjection(command: ProjectionCommand, state: ProjectionState): ProjectionEvent[] {
  const at = command.metadata.now;
  if (!isReadModelName(command.data.name)) throw new NotFoundError(ANALYTICS_MESSAGES.unknownProjection);
  switch (command.type) {
    case 'RequestRebuild':
      if (state.running) throw new ConflictError(ANALYTICS_MESSAGES.rebuildRunning);
      return [{ type: 'ProjectionRebuildRequested', data: { name: command.data.name, requestedBy: command.data.requestedBy, at } }];
    case 'CompleteRebuild':
      if (!state.running) return [];
      return [{ type: 'ProjectionRebuilt', data: { ...command.data, at } }];
    case 'FailRebuild':
      if (!state.running) return [];
      return [{ type: 'ProjectionRebuildFailed', data: { ...command.data, at } }];
    default:
      return assertNever(command);
  }
}

export const projectionDecider: Decider<ProjectionCommand, ProjectionEvent, ProjectionState> = {
  decide: decideProjection,
  evolve: evolveProjection,
  initialState: () => ({ running: false, requestedAt: null, rebuiltAt: null }),
};

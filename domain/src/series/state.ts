import { assertNever } from '../shared';
import type { SeriesDefinition, SeriesEvent } from './events';

export type SeriesState =
  | { status: 'none' }
  | (SeriesDefinition & {
      status: 'active' | 'paused' | 'deleted';
      createdAt: string;
      /** The last autopilot slot claimed or skipped; slots at or before it are never handled again. */
      lastSlot: string | null;
      /** The video of the last claimed slot, once requested. */
      lastSlotVideoId: string | null;
    });

export const initialSeriesState = (): SeriesState => ({ status: 'none' });

export function evolveSeries(state: SeriesState, event: SeriesEvent): SeriesState {
  if (event.type === 'SeriesCreated') {
    const d = event.data;
    return {
      status: 'active', seriesId: d.seriesId, userId: d.userId, name: d.name, settings: d.settings, platforms: d.platforms, schedule: d.schedule,
      createdAt: d.at, lastSlot: null, lastSlotVideoId: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'SeriesUpdated': {
      const { name, settings, platforms, schedule } = event.data;
      return {
        ...state,
        name: name ?? state.name,
        settings: settings ?? state.settings,
        platforms: platforms ?? state.platforms,
        schedule: schedule ?? state.schedule,
      };
    }
    case 'SeriesPaused':
      return { ...state, status: 'paused' };
    case 'SeriesResumed':
      return { ...state, status: 'active' };
    case 'SeriesDeleted':
      return { ...state, status: 'deleted' };
    case 'SeriesSlotClaimed':
      return { ...state, lastSlot: event.data.slot, lastSlotVideoId: null };
    case 'SeriesVideoRequested':
      return { ...state, lastSlotVideoId: event.data.videoId };
    case 'SeriesSlotSkipped':
      return { ...state, lastSlot: event.data.slot, lastSlotVideoId: null };
    default:
      return assertNever(event);
  }
}

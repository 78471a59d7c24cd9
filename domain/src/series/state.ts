import { assertNever } from '../shared';
import type { Platform, SeriesEvent, SeriesSchedule, SeriesSettings } from './events';

export type SeriesState =
  | { status: 'none' }
  | {
      status: 'active' | 'paused' | 'deleted';
      seriesId: string;
      userId: string;
      name: string;
      settings: SeriesSettings;
      platforms: Platform[];
      schedule: SeriesSchedule;
    };

export const initialSeriesState = (): SeriesState => ({ status: 'none' });

export function evolveSeries(state: SeriesState, event: SeriesEvent): SeriesState {
  if (event.type === 'SeriesCreated') {
    const d = event.data;
    return { status: 'active', seriesId: d.seriesId, userId: d.userId, name: d.name, settings: d.settings, platforms: d.platforms, schedule: d.schedule };
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
    default:
      return assertNever(event);
  }
}

import { randomUUID } from 'node:crypto';
import {
  allowedPostsPerWeek, changedSchedule, defaultSchedule, effectivePlan, findPlan, nextSlotAfter, seriesDecider, seriesStreamId,
  subscriptionDecider, subscriptionStreamId, type CommandMetadata, type Platform, type SeriesSchedule, type SeriesSettings, type SeriesSettingsChange,
} from '@app/domain';
import { commandMetadata, currentUserId, handle, loadState, type Clock, type EventStore, type BodyHandler, type HandlersOf } from '@app/platform';

export interface SeriesCommandDeps {
  eventStore: EventStore;
  clock: Clock;
}

type ScheduleInput = { timeZone: string; times?: string[] | undefined; days?: number[] | undefined };

/**
 * Series commands: create, edit, pause, resume, delete. Creating allots a series
 * on the user's plan (series limit) first; deleting releases it. The schedule follows the plan's
 * frequency: omitted days or times take the plan's default, and a schedule with more slots a
 * week than the plan posts is refused.
 */
export function seriesHandlers(deps: SeriesCommandDeps): HandlersOf<'createSeries' | 'updateSeries' | 'pauseSeries' | 'resumeSeries' | 'deleteSeries'> {
  const meta = (userId: string, correlationId: string | undefined): CommandMetadata => commandMetadata({ userId, correlationId, now: deps.clock.now() });

  const postsPerWeek = async (userId: string, now: string) => {
    const { state } = await loadState(deps.eventStore, subscriptionStreamId(userId), subscriptionDecider);
    return allowedPostsPerWeek(findPlan(effectivePlan(state, now)));
  };
  /** A new series' schedule: the times and days given, the rest from the plan's default schedule. */
  const schedule = (input: ScheduleInput | undefined, perWeek: number): SeriesSchedule => {
    const timeZone = input?.timeZone ?? 'UTC';
    return changedSchedule(defaultSchedule(perWeek, timeZone), { times: input?.times, days: input?.days, timeZone, postsPerWeek: perWeek });
  };

  const pauseOrResume = (type: 'PauseSeries' | 'ResumeSeries'): BodyHandler<unknown> => async (req, res) => {
    const userId = currentUserId(req);
    const { position } = await handle(deps.eventStore, seriesStreamId(req.params.id), seriesDecider, { type, data: { userId }, metadata: meta(userId, req.correlationId) });
    res.json({ success: true, position });
  };

  return {
    createSeries: async (req, res) => {
      const userId = currentUserId(req);
      const body = req.body;
      const metadata = meta(userId, req.correlationId);
      const perWeek = await postsPerWeek(userId, metadata.now);
      const seriesSchedule = schedule(body.schedule, perWeek);
      const seriesId = randomUUID();
      const settings: SeriesSettings = {
        topic: body.topic, customPrompt: body.customPrompt?.trim() || null, voiceId: body.voiceid, style: body.style,
        aspectRatio: body.aspectRatio, language: body.language, duration: body.duration,
        ...(body.captions ? { captions: body.captions } : {}),
        ...(body.music ? { music: body.music } : {}),
      };
      await handle(deps.eventStore, subscriptionStreamId(userId), subscriptionDecider, { type: 'AllotSeries', data: { userId, seriesId }, metadata });
      let position: number;
      try {
        ({ position } = await handle(deps.eventStore, seriesStreamId(seriesId), seriesDecider, {
          type: 'CreateSeries',
          data: { seriesId, userId, name: body.name || (settings.customPrompt ?? settings.topic).slice(0, 100), settings, platforms: unique(body.platforms), schedule: seriesSchedule },
          metadata,
        }));
      } catch (error) {
        await handle(deps.eventStore, subscriptionStreamId(userId), subscriptionDecider, { type: 'ReleaseSeries', data: { seriesId }, metadata }).catch(() => undefined);
        throw error;
      }
      res.status(201).json({ _id: seriesId, seriesId, position, nextPostAt: nextSlotAfter(seriesSchedule, metadata.now) });
    },

    updateSeries: async (req, res) => {
      const userId = currentUserId(req);
      const seriesId = req.params.id;
      const body = req.body;
      const metadata = meta(userId, req.correlationId);
      // The change only: the decider merges it with the series as it stands when the command is decided.
      const settings: SeriesSettingsChange = {
        topic: body.topic, voiceId: body.voiceid, style: body.style, aspectRatio: body.aspectRatio, language: body.language,
        duration: body.duration, captions: body.captions, music: body.music,
        customPrompt: body.customPrompt === undefined ? undefined : body.customPrompt?.trim() || null,
      };
      const newSchedule = body.schedule ? { ...body.schedule, postsPerWeek: await postsPerWeek(userId, metadata.now) } : undefined;
      const { position } = await handle(deps.eventStore, seriesStreamId(seriesId), seriesDecider, {
        type: 'UpdateSeries',
        data: { userId, name: body.name, settings, platforms: body.platforms ? unique(body.platforms) : undefined, schedule: newSchedule },
        metadata,
      });
      res.json({ success: true, position });
    },

    pauseSeries: pauseOrResume('PauseSeries'),
    resumeSeries: pauseOrResume('ResumeSeries'),

    deleteSeries: async (req, res) => {
      const userId = currentUserId(req);
      const seriesId = req.params.id;
      const metadata = meta(userId, req.correlationId);
      let { position } = await handle(deps.eventStore, seriesStreamId(seriesId), seriesDecider, { type: 'DeleteSeries', data: { userId }, metadata });
      const released = await handle(deps.eventStore, subscriptionStreamId(userId), subscriptionDecider, { type: 'ReleaseSeries', data: { seriesId }, metadata });
      position = Math.max(position, released.position);
      res.json({ success: true, position });
    },
  };
}

const unique = (platforms: Platform[]) => [...new Set(platforms)];

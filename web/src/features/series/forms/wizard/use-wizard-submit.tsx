import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'antd';
import { CUSTOM_TOPIC, durationSeconds, type PlanId, type SeriesResponse, type ServiceStatus } from '@app/domain';
import { paths } from '../../../../config/paths';
import { isApiError, serverErrorOf } from '../../../../lib/api';
import { reportSilently } from '../../../../lib/report';
import { toast } from '../../../../lib/toast';
import { GENERATION_CACHE_KEY, useCreateSeriesMutation, useGenerateVideoMutation, useLazyGetServiceStatusQuery, useUpdateSeriesMutation } from '../../api';
import { formatNextPost, postsPerWeekOf, seriesRequestOf, validateAutopilot, type WizardValues } from '../../lib/autopilot';
import { generationErrorToast } from '../../lib/generation-errors';
import { seriesErrorToast } from '../../lib/series-errors';
import { missingFieldsText, unavailableServices } from '../../lib/series-form';

/** The 'Missing Required Fields' toast shows for 5 s; the handler's per-field toast follows it. */
export const MISSING_FIELDS_MS = 5000;

type Errors = Record<string, string> | undefined;

/** The shared schema's check (it brings zod): loaded for the submit, or ahead of it once the last step is near. */
export const loadValidation = () => import('../../lib/validation');
type Failure = { title: string; description?: string; upgrade?: boolean };

function errorToast(title: string, description?: string) {
  toast({ title, description, variant: 'destructive' });
}

/**
 * The wizard's submit, one function per flow:
 * - `validate`: the shared schema ('Missing Required Fields', then the page handler's re-check toast);
 * - `oneVideo`: the spec's submit: service check, POST /api/generate-video, open the video;
 * - `autopilot`: a series with its schedule (POST /api/series, or PATCH when editing), back to /dashboard.
 *   No video is made by hand as well: on Free that would spend the plan's single video before the
 *   series' first post, and it could collide with the first slot ('Video is still processing').
 */
export function useWizardSubmit({ series, plan }: { series?: SeriesResponse; plan: PlanId | undefined }): (values: WizardValues) => Promise<Errors> {
  const navigate = useNavigate();
  const [checkServices] = useLazyGetServiceStatusQuery();
  const [generateVideo] = useGenerateVideoMutation({ fixedCacheKey: GENERATION_CACHE_KEY });
  const [createSeries] = useCreateSeriesMutation();
  const [updateSeries] = useUpdateSeriesMutation();
  const followUp = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (followUp.current) clearTimeout(followUp.current);
  }, []);

  /** A failure toast, with the Upgrade action when the server's answer calls for it (spec section 8). */
  const showFailure = (failure: Failure) => {
    toast({
      title: failure.title,
      description: failure.description,
      variant: 'destructive',
      action: failure.upgrade ? (
        <Button size="small" type="primary" onClick={() => navigate(paths.dashboard.billing.getHref())}>
          Upgrade
        </Button>
      ) : undefined,
    });
  };

  const validate = async (values: WizardValues): Promise<Errors | 'stop' | null> => {
    const { validateSeries, fieldRecheckToast } = await loadValidation();
    if (followUp.current) clearTimeout(followUp.current);
    const errors = validateSeries(values);
    const recheck = fieldRecheckToast(values);
    if (Object.keys(errors).length > 0) {
      toast({ title: 'Missing Required Fields', description: `Please fill in: ${missingFieldsText(errors)}`, variant: 'destructive', duration: MISSING_FIELDS_MS });
      if (recheck) followUp.current = setTimeout(() => errorToast(recheck), MISSING_FIELDS_MS);
      return errors as Errors;
    }
    if (recheck) {
      errorToast(recheck);
      return 'stop';
    }
    return null;
  };

  const servicesReady = async (): Promise<boolean> => {
    let services: ServiceStatus;
    try {
      services = await checkServices(undefined, false).unwrap();
    } catch (error) {
      const body = isApiError(error) ? (error.data as Partial<ServiceStatus> | undefined) : undefined;
      if (!body || body.isReady !== false || !body.services) {
        reportSilently('Service check failed', error);
        errorToast('Service Unavailable', 'Our service is currently at capacity. Please try again in a few minutes.');
        return false;
      }
      services = body as ServiceStatus;
    }
    if (services.isReady) return true;
    const message = `Some required services are unavailable: ${unavailableServices(services.services).join(', ')}`;
    reportSilently(message);
    errorToast('Generation Failed', message);
    return false;
  };

  const oneVideo = async (values: WizardValues) => {
    if (!(await servicesReady())) return;
    const form = (await loadValidation()).parseSeriesForm(values);
    try {
      const answer = await generateVideo({
        topic: form.topic,
        duration: durationSeconds(form.duration),
        customPrompt: form.topic === CUSTOM_TOPIC ? (form.customPrompt ?? '').trim() : '',
        style: form.artStyle,
        voiceid: form.narrationVoice,
        aspectRatio: form.aspectRatio,
        language: form.language,
        // The creator's own media for the scenes, in order (the "Use my own media" step).
        ...(values.sceneMedia?.length ? { sceneMedia: values.sceneMedia.map(({ mediaId, fit }) => ({ mediaId, fit })) } : {}),
      }).unwrap();
      navigate(paths.dashboard.detail.getHref(answer.videoId));
    } catch (error) {
      showFailure(generationErrorToast(serverErrorOf(error)));
    }
  };

  const autopilot = async (values: WizardValues): Promise<Errors> => {
    const errors = validateAutopilot(values, plan ? postsPerWeekOf(plan) : Number.POSITIVE_INFINITY);
    const first = Object.values(errors)[0];
    if (first) {
      errorToast('Check your autopilot schedule', first);
      return errors as Errors;
    }
    const body = seriesRequestOf(values);
    try {
      if (series) {
        await updateSeries({ id: series._id, changes: body }).unwrap();
        toast({ title: 'Series updated', description: `“${body.name ?? series.name}” will post with the new settings.`, variant: 'success' });
      } else {
        const answer = await createSeries(body).unwrap();
        toast({ title: 'Series created', description: answer.nextPostAt ? `First post: ${formatNextPost(answer.nextPostAt, body.schedule.timeZone)}` : 'Autopilot is on.', variant: 'success' });
      }
      navigate(paths.dashboard.root.getHref());
    } catch (error) {
      showFailure(seriesErrorToast(serverErrorOf(error), series ? 'Failed to update series' : 'Failed to create series'));
    }
    return undefined;
  };

  return async (values) => {
    const invalid = await validate(values);
    if (invalid === 'stop') return undefined;
    if (invalid) return invalid;
    if (series || values.autopilot) return autopilot(values);
    await oneVideo(values);
    return undefined;
  };
}

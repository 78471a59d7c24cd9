/** What a failed series command shows. The plan's series limit offers Upgrade (to /dashboard/billing). */
export const SERIES_LIMIT_ERROR = 'Series limit reached for your plan. Please upgrade your plan.';

export interface SeriesErrorToast {
  title: string;
  description?: string;
  upgrade: boolean;
}

export function seriesErrorToast(serverError: string | undefined, fallback: string): SeriesErrorToast {
  const message = serverError?.trim();
  if (message === SERIES_LIMIT_ERROR) return { title: 'Series limit reached for your plan.', description: 'Please upgrade your plan.', upgrade: true };
  if (message?.startsWith('Your plan posts')) return { title: 'Too many posting times for your plan', description: message, upgrade: true };
  return { title: 'Error', description: message || fallback, upgrade: false };
}

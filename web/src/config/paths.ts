/** Every route of the app (spec section 2), with `getHref` helpers so links are never hand-built. */
export const paths = {
  home: { path: '/', getHref: (section?: 'pricing' | 'faq' | 'how-does-it-work') => (section ? `/#${section}` : '/') },
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  forgotPassword: { path: '/forgotpassword', getHref: () => '/forgotpassword' },
  resetPassword: {
    path: '/reset-password/:resetToken?',
    getHref: (resetToken: string) => `/reset-password/${encodeURIComponent(resetToken)}`,
  },
  verify: { path: '/auth/verify/:token', getHref: (token: string) => `/auth/verify/${encodeURIComponent(token)}` },
  googleAuth: { path: '/api/auth/google', getHref: () => '/api/auth/google' },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    create: { path: '/dashboard/create', getHref: () => '/dashboard/create' },
    view: { path: '/dashboard/view', getHref: () => '/dashboard/view' },
    detail: { path: '/dashboard/view/:id', getHref: (id: string) => `/dashboard/view/${encodeURIComponent(id)}` },
    guides: { path: '/dashboard/guides', getHref: () => '/dashboard/guides' },
    /** The creator's own clips and images (issue 18). */
    library: { path: '/dashboard/library', getHref: () => '/dashboard/library' },
    billing: { path: '/dashboard/billing', getHref: () => '/dashboard/billing' },
    account: { path: '/dashboard/account', getHref: () => '/dashboard/account' },
    affiliates: { path: '/dashboard/affiliates', getHref: () => '/dashboard/affiliates' },
    /** Analysts only (issue 14): `view` is the tab (overview, events, projections). */
    analytics: { path: '/dashboard/analytics', getHref: (view?: 'overview' | 'events' | 'projections') => (view && view !== 'overview' ? `/dashboard/analytics?view=${view}` : '/dashboard/analytics') },
  },
} as const;

/**
 * Whether a path is a video's page (`/dashboard/view/:id`, matched as the router does: any case, a
 * trailing slash or not), the one dashboard page the guard does not cover (spec section 2: anyone
 * holding a video id may open it).
 */
export function isVideoPage(pathname: string): boolean {
  return VIDEO_PAGE.test(pathname);
}
const VIDEO_PAGE = new RegExp(`^${paths.dashboard.detail.path.replace(':id', '[^/]+')}/?$`, 'i');

import { paths } from '../../../config/paths';

/** The dashboard pages: sidebar order and the header search's titles and keywords. */
export interface DashboardPage {
  label: string;
  path: string;
  title: string;
  keywords: string[];
  /** Shown only to users holding this role. */
  role?: 'analyst';
}

export const DASHBOARD_PAGES: readonly DashboardPage[] = [
  { label: 'Series', path: paths.dashboard.root.getHref(), title: 'Your Series', keywords: ['home', 'series', 'videos', 'dashboard', 'quick actions'] },
  { label: 'View', path: paths.dashboard.view.getHref(), title: 'Your Videos', keywords: ['videos', 'list', 'watch', 'download', 'caption'] },
  { label: 'Create', path: paths.dashboard.create.getHref(), title: 'Create A Series', keywords: ['new', 'generate', 'video', 'topic', 'voice', 'narrator', 'art style', 'wizard'] },
  { label: 'Library', path: paths.dashboard.library.getHref(), title: 'Your Media', keywords: ['media', 'upload', 'clips', 'images', 'photos', 'footage', 'own media', 'import a video'] },
  { label: 'Guides', path: paths.dashboard.guides.getHref(), title: 'Video Guides', keywords: ['help', 'tutorial', 'how to', 'learn', 'custom topic', 'schedule'] },
  { label: 'Billing', path: paths.dashboard.billing.getHref(), title: 'Billing', keywords: ['plan', 'upgrade', 'subscription', 'payment', 'invoice', 'cancel', 'pricing', 'faq'] },
  { label: 'Account', path: paths.dashboard.account.getHref(), title: 'Account Settings', keywords: ['email', 'password', 'profile', 'linked accounts', 'youtube', 'tiktok', 'instagram', 'disconnect'] },
  { label: 'Affiliates', path: paths.dashboard.affiliates.getHref(), title: 'Affiliate Program', keywords: ['referral', 'earn', 'commission', 'partner'] },
  { label: 'Analytics', path: paths.dashboard.analytics.getHref(), title: 'Analytics', keywords: ['events', 'stats', 'charts', 'projections', 'export', 'replay', 'log'], role: 'analyst' },
];

/** The pages a user with these roles may open. */
export const pagesFor = (roles: readonly string[] = []): DashboardPage[] => DASHBOARD_PAGES.filter((page) => !page.role || roles.includes(page.role));

/** Pages whose label, title or a keyword contains the query (case-insensitive). */
export function searchPages(query: string, pages: readonly DashboardPage[] = DASHBOARD_PAGES): DashboardPage[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...pages];
  return pages.filter(
    (p) => p.label.toLowerCase().includes(q) || p.title.toLowerCase().includes(q) || p.keywords.some((k) => k.includes(q)),
  );
}

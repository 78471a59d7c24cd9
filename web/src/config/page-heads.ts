import { BRAND } from './brand';
import { paths } from './paths';

/**
 * What each public page says about itself to search engines and link previews: its title, its
 * description and its canonical path. The build writes them into that page's own HTML file (so a
 * crawler or a preview bot that runs no JavaScript reads them), and the app keeps them in the
 * document as the visitor moves between pages.
 */
export interface PageHead {
  path: string;
  /** Shown as "<title> | ReelPilot"; the landing page has the brand's own title. */
  title?: string;
  description: string;
}

export const SITE_TITLE = `${BRAND.name}: Viral Faceless Videos on Auto-Pilot`;

export const PAGE_HEADS = {
  landing: { path: '/', description: 'Viral faceless short videos on auto-pilot: the AI writes, narrates, illustrates and posts them for you.' },
  login: { path: paths.login.path, title: 'Login', description: `Log in to ${BRAND.name} to create, schedule and post your faceless short videos.` },
  register: { path: paths.register.path, title: 'Sign Up', description: `Create your ${BRAND.name} account and make your first faceless short video in minutes, free.` },
  forgotPassword: { path: paths.forgotPassword.path, title: 'Forgot password', description: `Reset your ${BRAND.name} password: we mail you a link to choose a new one.` },
  privacy: { path: paths.privacy.path, title: 'Privacy Policy', description: `How ${BRAND.name} collects, uses and protects your data and your connected accounts.` },
  terms: { path: paths.terms.path, title: 'Terms of Service', description: `The terms that apply when you use ${BRAND.name} to make and post videos.` },
} as const satisfies Record<string, PageHead>;

/**
 * The signed-in pages' names, as their headings give them (the home page's heading greets the
 * user instead): the app shows them in the tab, and the build writes them into each page's HTML.
 */
export const APP_TITLES = {
  dashboard: 'Dashboard',
  create: 'Create A Series',
  editSeries: 'Edit Series',
  videos: 'Your Videos',
  video: 'Video',
  library: 'Your Media',
  guides: 'Video Guides',
  billing: 'Billing',
  account: 'Account Settings',
  affiliates: 'Affiliate Program',
  analytics: 'Analytics',
} as const;

export const documentTitle = (title?: string) => (title ? `${title} | ${BRAND.name}` : SITE_TITLE);

import { lazy, Suspense, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { Button } from 'antd';
import {
  AppstoreOutlined,
  BarChartOutlined,
  CreditCardOutlined,
  CrownOutlined,
  FolderOpenOutlined,
  LogoutOutlined,
  MenuOutlined,
  PlayCircleOutlined,
  PlusCircleOutlined,
  ReadOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Logo } from '../../../components/ui/logo';
import { BRAND, supportMailto } from '../../../config/brand';
import { pagesFor } from '../lib/pages';
import { useAuth, useLoginReturningHere } from '../../../lib/auth';
import { BUILD_TIME, useClientValue, useHydrated } from '../../../lib/client-value';
import { useMediaQuery } from '../../../lib/media-query';
import { PageSearch } from './page-search';
import { useOnceOpened } from '../../../lib/use-once-opened';
import { useDocumentTitle } from '../../../lib/use-document-title';
import './dashboard.css';
import { paths } from '../../../config/paths';

/** The phone's menu drawer, fetched when it is first opened (most visits never open it). */
const Drawer = lazy(() => import('antd/es/drawer'));

const ICONS: Record<string, ReactNode> = {
  Series: <AppstoreOutlined />,
  View: <PlayCircleOutlined />,
  Create: <PlusCircleOutlined />,
  Library: <FolderOpenOutlined />,
  Guides: <ReadOutlined />,
  Billing: <CreditCardOutlined />,
  Account: <UserOutlined />,
  Affiliates: <TeamOutlined />,
  Analytics: <BarChartOutlined />,
};

function SidebarNav({ onNavigate }: { onNavigate?: () => void }): ReactElement {
  const { user } = useAuth();
  return (
    <nav className="dash-nav" aria-label="Dashboard">
      <ul>
        {pagesFor(user?.roles).map((page) => (
          <li key={page.path}>
            <NavLink
              to={page.path}
              end={page.path === paths.dashboard.root.path || page.path === paths.dashboard.view.path}
              className={({ isActive }) => `dash-nav__link${isActive ? ' is-active' : ''}`}
              onClick={onNavigate}
            >
              <span className="dash-nav__icon" aria-hidden>
                {ICONS[page.label]}
              </span>
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function DashboardFooter(): ReactElement {
  const year = useClientValue(() => new Date().getFullYear(), new Date(BUILD_TIME).getFullYear());
  return (
    <footer className="dash-footer">
      <div className="dash-footer__groups">
        <nav aria-label="Product">
          <h2>Product</h2>
          <ul>
            <li><NavLink to={paths.dashboard.create.getHref()}>Create</NavLink></li>
            <li><NavLink to={paths.dashboard.view.getHref()}>Your Videos</NavLink></li>
            <li><NavLink to={paths.dashboard.guides.getHref()}>Guides</NavLink></li>
          </ul>
        </nav>
        <nav aria-label="Account">
          <h2>Account</h2>
          <ul>
            <li><NavLink to={paths.dashboard.account.getHref()}>Settings</NavLink></li>
            <li><NavLink to={paths.dashboard.billing.getHref()}>Billing</NavLink></li>
            <li><NavLink to={paths.dashboard.affiliates.getHref()}>Affiliates</NavLink></li>
          </ul>
        </nav>
        <nav aria-label="Support">
          <h2>Support</h2>
          <ul>
            <li><NavLink to={paths.dashboard.guides.getHref()}>Video Guides</NavLink></li>
            <li><a href="/privacy">Privacy Policy</a></li>
            <li><a href="/terms">Terms of Service</a></li>
            <li><a href={supportMailto}>Contact support</a></li>
          </ul>
        </nav>
      </div>
      <p className="dash-footer__bottom">
        © {year} {BRAND.name}. All rights reserved.
      </p>
    </footer>
  );
}

/** The phone's layout: the sidebar becomes a drawer (spec section 9). */
const MOBILE_QUERY = '(max-width: 767px)';

export interface DashboardShellProps {
  children: ReactNode;
  /** The 'videos left' counter (from the stats feature). */
  counter?: ReactNode;
  onLogout: () => void;
}

/**
 * Sidebar (a drawer with an overlay under 768 px), header and footer around the page. Rendered at
 * build time (the signed-in pages' HTML, scripts/prerender.mjs) the width is unknown: both the
 * sidebar and the phone's menu button and logo are there, and the stylesheet shows the ones that
 * fit; the app draws the same while it takes that HTML over (hydration), then the one that fits.
 */
export function DashboardShell({ children, counter, onLogout }: DashboardShellProps): ReactElement {
  const prerendering = !useHydrated();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from its first opening on, so that it can slide out again when closed.
  const drawerMounted = useOnceOpened(drawerOpen);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname]);
  useEffect(() => {
    if (!mobile) setDrawerOpen(false);
  }, [mobile]);

  return (
    <div className={`dash${mobile ? ' dash--mobile' : ''}`}>
      <a className="skip-link" href="#dash-main">
        Skip to content
      </a>
      {(prerendering || !mobile) && (
        <aside className="dash-sidebar">
          {/* The aside runs the page's full height (white beside the footer too); its contents stay in view. */}
          <div className="dash-sidebar__inner">
            <div className="dash-sidebar__logo">
              <Logo size="md" to={paths.dashboard.root.getHref()} />
            </div>
            <SidebarNav />
          </div>
        </aside>
      )}
      {mobile && drawerMounted && (
        <Suspense fallback={null}>
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={260}
            mask
            maskClosable
            title={<Logo size="sm" to={paths.dashboard.root.getHref()} />}
            className="dash-drawer"
            id="dash-drawer"
          >
            <SidebarNav onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        </Suspense>
      )}
      <div className="dash-body">
        <header className="dash-header">
          {(prerendering || mobile) && (
            <Button
              className="dash-header__menu"
              icon={<MenuOutlined />}
              aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={drawerOpen}
              aria-controls="dash-drawer"
              onClick={() => setDrawerOpen((open) => !open)}
            />
          )}
          {(prerendering || mobile) && (
            <span className="dash-header__logo">
              <Logo size="sm" to={paths.dashboard.root.getHref()} />
            </span>
          )}
          <div className="dash-header__search">
            <PageSearch />
          </div>
          <div className="dash-header__actions">
            {counter}
            <Button type="primary" icon={<CrownOutlined />} onClick={() => navigate(paths.dashboard.billing.getHref())} aria-label="Upgrade">
              <span className="dash-hide-sm">Upgrade</span>
            </Button>
            <Button icon={<LogoutOutlined />} onClick={onLogout} aria-label="Logout">
              <span className="dash-hide-sm">Logout</span>
            </Button>
          </div>
        </header>
        <main id="dash-main" className="dash-main" tabIndex={-1}>
          {children}
        </main>
        <DashboardFooter />
      </div>
    </div>
  );
}

/**
 * A bare frame for visitors who open a video link without being signed in. Its Login comes back
 * here once signed in (the login page goes on where the visitor was going, as after the guard).
 */
export function MinimalShell({ children }: { children: ReactNode }): ReactElement {
  const login = useLoginReturningHere();
  return (
    <div className="dash dash--minimal">
      <div className="dash-body">
        <header className="dash-header">
          <Logo size="md" to={paths.home.getHref()} />
          <div className="dash-header__actions">
            <NavLink {...login} className="dash-header__login">
              Login
            </NavLink>
          </div>
        </header>
        <main id="dash-main" className="dash-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * Page title block used by every dashboard page. It names the page in the document too: by its
 * heading, or by `documentTitle` where the heading is not a name for the page (a greeting).
 */
export function PageHeader({ title, subtitle, actions, documentTitle }: { title: string; subtitle?: ReactNode; actions?: ReactNode; documentTitle?: string }): ReactElement {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className="dash-page-header">
      <div>
        <h1>{title}</h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      {actions ? <div className="dash-page-header__actions">{actions}</div> : null}
    </div>
  );
}

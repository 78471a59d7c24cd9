import { compareSpecificity, compilePath, findRoute, matchPath, segmentsOf } from './contract';
import { ALL_ROUTES, ROUTES } from './routes';

/** Whether some concrete path matches both patterns. */
const overlap = (a: string, b: string) => {
  const sa = a.split('/');
  const sb = b.split('/');
  return sa.length === sb.length && sa.every((segment, i) => segment === sb[i] || segment.startsWith(':') || sb[i].startsWith(':'));
};

describe('The route table', () => {
  it('should name every route by its key', () => {
    for (const [key, route] of Object.entries(ROUTES)) expect(route.name).toBe(key);
  });

  it('should declare each method and path once', () => {
    const seen = new Set(ALL_ROUTES.map((r) => `${r.method} ${r.path}`));
    expect(seen.size).toBe(ALL_ROUTES.length);
  });

  it('should never leave the choice between two services to chance', () => {
    for (const a of ALL_ROUTES) {
      for (const b of ALL_ROUTES) {
        if (a === b || a.method !== b.method || a.service === b.service || !overlap(a.path, b.path)) continue;
        // Overlapping routes of two services must differ in specificity, so one wins for every path.
        expect({ a: a.name, b: b.name, tie: compareSpecificity(a.path, b.path) === 0 }).toEqual({ a: a.name, b: b.name, tie: false });
      }
    }
  });

  it('should answer JSON errors on every bearer route (spec section 8 reads `error`)', () => {
    for (const route of ALL_ROUTES.filter((r) => r.auth === 'bearer')) expect(route.path.startsWith('/api/')).toBe(true);
  });
});

describe('Given the route table, when a request is matched', () => {
  it('should prefer a literal segment to a parameter', () => {
    expect(findRoute(ALL_ROUTES, 'GET', '/api/video/videos')?.name).toBe('listVideos');
    expect(findRoute(ALL_ROUTES, 'GET', '/api/video/4f1c')?.name).toBe('getVideo');
    expect(findRoute(ALL_ROUTES, 'GET', '/api/auth/google/callback')?.name).toBe('googleCallback');
    expect(findRoute(ALL_ROUTES, 'GET', '/api/auth/tiktok/callback')?.name).toBe('platformCallback');
  });

  it('should answer HEAD with the GET route and nothing for an unknown path', () => {
    expect(findRoute(ALL_ROUTES, 'HEAD', '/api/video/stream/1')?.name).toBe('streamVideo');
    expect(findRoute(ALL_ROUTES, 'GET', '/api/nope')).toBeNull();
    expect(findRoute(ALL_ROUTES, 'PUT', '/api/video/videos')).toBeNull();
  });

  it('should read the parameters of a path', () => {
    expect(matchPath('/api/series/:id/pause', '/api/series/abc/pause')).toEqual({ id: 'abc' });
    expect(matchPath('/api/series/:id/pause', '/api/series/abc/resume')).toBeNull();
    expect(matchPath('/api/series/:id', '/api/series/')).toBeNull();
    expect(matchPath('/api/series/:id', '/api/series/owl%20facts')).toEqual({ id: 'owl facts' });
  });

  it('should match a path split once as it matches the path', () => {
    const pause = compilePath('/api/series/:id/pause');
    expect(pause(segmentsOf('/api/series/abc/pause'))).toEqual({ id: 'abc' });
    expect(pause(segmentsOf('//api/series/abc/pause/'))).toEqual({ id: 'abc' });
    expect(pause(segmentsOf('/api/series/abc/resume'))).toBeNull();
  });

  it('should match nothing for a malformed escape, instead of throwing (the gateway answers 404, not 500)', () => {
    expect(matchPath('/api/series/:id', '/api/series/%E0%A4%A')).toBeNull();
    expect(findRoute(ALL_ROUTES, 'GET', '/api/series/%E0%A4%A')).toBeNull();
  });
});

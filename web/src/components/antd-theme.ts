import { theme, type MappingAlgorithm } from 'antd';

/**
 * Tags draw their text in the 7th shade of their colour on its 1st, short of AA for these (the
 * billing page's 'Active', analytics' statuses): their 8th shade instead. Both names of a shade are
 * set (`green7`, `'green-7'`), since both become the one CSS variable (--ant-green-7).
 */
const TAG_TEXT_SHADES = Object.fromEntries(
  Object.entries({ green: '#237804', orange: '#ad4e00', gold: '#ad6800', lime: '#3f6600', cyan: '#006d75', volcano: '#ad2102' }).flatMap(([colour, shade]) => [
    [`${colour}7`, shade],
    [`${colour}-7`, shade],
  ]),
);

/** The app's antd design tokens (brand blue, rounded, system font, readable greys). */
export const APP_TOKEN = {
  colorPrimary: '#1d4ed8',
  colorLink: '#1d4ed8',
  borderRadius: 10,
  fontFamily: 'inherit',
  colorText: '#0f172a',
  colorTextSecondary: '#475569',
  // antd's default greys for counters, placeholders and captions (45 % black) fall short of
  // WCAG AA contrast on white: these keep 4.5:1 or more.
  colorTextDescription: '#5b6474',
  colorTextTertiary: '#5b6474',
  colorTextPlaceholder: '#6b7280',
  // A danger button's red (Cancel Subscription, Disconnect) at 4.5:1 on white; antd's is 3.6:1.
  colorError: '#dc2626',
  ...TAG_TEXT_SHADES,
};

type Seed = Parameters<MappingAlgorithm>[0];
type MapToken = ReturnType<MappingAlgorithm>;

/** antd's default algorithm worked out for one seed: the seed it was for (`seedKey`), and its result. */
export interface WorkedOutTheme {
  seed: string;
  map: MapToken;
}

/** One string per seed, whatever the order of its keys. */
export function seedKey(seed: Seed): string {
  const values = seed as unknown as Record<string, unknown>;
  return Object.keys(values)
    .sort()
    .map((key) => `${key}=${String(values[key])}`)
    .join(';');
}

/**
 * antd's default algorithm on the app's seed as antd hands it over (its default seed, the app's
 * tokens over it), as the build works it out (vite.config.ts) for the browser.
 */
export function workOutAppTheme(): WorkedOutTheme {
  const seed = { ...theme.defaultSeed, ...APP_TOKEN } as Seed;
  return { seed: seedKey(seed), map: theme.defaultAlgorithm(seed) };
}

/**
 * antd's default algorithm, answered from `workedOut` for the seed it was worked out for: antd
 * derives the theme's ~440 values from its seed once per page load (its colour palettes, sizes),
 * about a third of the work of a dashboard page's first antd render. Any other seed (the build's
 * tokens changed since, or no worked-out theme, as under jest) is worked out as antd would.
 */
export function themeAlgorithm(workedOut: WorkedOutTheme | null): MappingAlgorithm {
  return (seed) => (workedOut && seedKey(seed) === workedOut.seed ? { ...workedOut.map } : theme.defaultAlgorithm(seed));
}

/** The product's name and contact points, in one place. */
export const BRAND = {
  name: 'ReelPilot',
  /** The wordmark's two halves (the second in the accent colour). */
  wordmark: ['Reel', 'Pilot'] as const,
  tagline: 'Transform your long-form content into engaging short-form videos with AI.',
  supportEmail: 'support@reelpilot.app',
} as const;

export const supportMailto = `mailto:${BRAND.supportEmail}`;

import { MarketingLayout } from '../../components/layouts/marketing-layout';
import { LegalPage } from '../../features/marketing';
import { PAGE_HEADS } from '../../config/page-heads';
import { usePageHead } from '../../lib/use-page-head';
import { BRAND, supportMailto } from '../../config/brand';

export default function PrivacyRoute() {
  usePageHead(PAGE_HEADS.privacy);
  return (
    <MarketingLayout>
      <LegalPage title="Privacy Policy" updated="January 2025">
        <p>
          This policy explains what {BRAND.name} collects, why, and what we never do with it. By using {BRAND.name} you
          agree to this policy.
        </p>
        <h2>Information we collect</h2>
        <p>
          Your name, email address and password (stored only as a secure hash), the series and videos you create, and
          the settings you choose. When you connect a social account we store the tokens needed to post for you.
        </p>
        <h2>Google sign-in and limited use</h2>
        <p>
          If you sign in with Google we receive only your name, email address and profile identifier. Our use of
          information received from Google APIs adheres to the Google API Services User Data Policy, including the
          Limited Use requirements: we use it only to sign you in and provide the features you ask for, never for
          advertising, and we do not sell it.
        </p>
        <h2>YouTube posting</h2>
        <p>
          When you connect a YouTube channel, {BRAND.name} uses the YouTube API Services only to upload the videos you
          create and to show your channel name and picture. Our use is subject to the YouTube Terms of Service and the
          Google Privacy Policy. You can disconnect at any time from Account Settings, or revoke access from your Google
          security settings.
        </p>
        <h2>No sharing with third-party AI apps</h2>
        <p>
          We do not share your personal data, your connected-account data or your content with third-party AI
          applications for their own purposes, and we do not use it to train AI models.
        </p>
        <h2>Cookies</h2>
        <p>
          We use a few cookies and local storage entries to keep you signed in, remember your video counter and credit
          the affiliate who referred you (for 30 days).
        </p>
        <h2>Children</h2>
        <p>
          {BRAND.name} is not directed at children. You must be at least 13 years old to use it, and we do not knowingly
          collect data from anyone younger.
        </p>
        <h2>Your choices</h2>
        <ul>
          <li>Update your email or password at any time from Account Settings.</li>
          <li>Disconnect YouTube, TikTok or Instagram whenever you like.</li>
          <li>Ask us to export or delete your data by writing to support.</li>
        </ul>
        <h2>Contact</h2>
        <p>
          Questions about privacy? Contact support at <a href={supportMailto}>{BRAND.supportEmail}</a>.
        </p>
      </LegalPage>
    </MarketingLayout>
  );
}

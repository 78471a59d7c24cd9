import { MarketingLayout } from '../../components/layouts/marketing-layout';
import { LegalPage } from '../../features/marketing';
import { PAGE_HEADS } from '../../config/page-heads';
import { usePageHead } from '../../lib/use-page-head';
import { BRAND, supportMailto } from '../../config/brand';

export default function TermsRoute() {
  usePageHead(PAGE_HEADS.terms);
  return (
    <MarketingLayout>
      <LegalPage title="Terms of Service" updated="January 2025">
        <p>
          These terms govern your use of {BRAND.name}. By creating an account or using the service you accept them.
        </p>
        <h2>The service</h2>
        <p>
          {BRAND.name} generates short videos with AI from the topics and settings you choose and can post them to the
          accounts you connect. Plans are subscriptions; you can cancel at any time, there is no free trial and payments
          are not refunded.
        </p>
        <h2>Warranty disclaimer</h2>
        <p>
          The service is provided “as is” and “as available”, without warranties of any kind, express or implied,
          including merchantability, fitness for a particular purpose and non-infringement. AI-generated scripts can be
          inaccurate: always verify them before publishing.
        </p>
        <h2>Limitation of liability</h2>
        <p>
          To the fullest extent permitted by law, {BRAND.name} is not liable for indirect, incidental, special or
          consequential damages, or for lost profits, views, followers or data. Our total liability is limited to the
          amount you paid us in the three months before the claim.
        </p>
        <h2>Cookies</h2>
        <p>
          We use cookies and local storage to keep you signed in, to remember preferences and to attribute referrals.
          By using the service you consent to this use.
        </p>
        <h2>Iframes and embedded content</h2>
        <p>
          Pages may embed content from other sites (for example video players) in iframes. Embedded content behaves as
          if you visited the other site, which may collect data under its own terms and policies.
        </p>
        <h2>Your content</h2>
        <p>
          You are responsible for the videos you create and publish with {BRAND.name}, including their captions and
          topics, and for making sure they do not infringe anyone’s rights or break any law or platform rule. We may
          remove content or suspend accounts that misuse the service.
        </p>
        <h2>Video platforms</h2>
        <p>
          When you post to YouTube, TikTok or Instagram through {BRAND.name}, you also agree to that platform’s terms,
          including the YouTube Terms of Service. Each platform decides what it accepts and how it ranks your videos.
        </p>
        <h2 id="credits">Credits</h2>
        <p>
          The pictures of videos made without an AI image service show subjects from{' '}
          <a href="https://github.com/microsoft/fluentui-emoji">Fluent Emoji</a> by Microsoft Corporation, used under the
          MIT License (Copyright © Microsoft Corporation). Their names and keywords in English, Spanish and French come
          from <a href="https://emojibase.dev">Emojibase</a> by Miles Johnson (MIT License, Copyright © 2017-2019 Miles
          Johnson), based on the Unicode CLDR annotations (Unicode License v3). The MIT License grants permission to use,
          copy, modify and distribute the work provided the copyright and permission notices are kept; the work is
          provided “as is”, without warranty of any kind.
        </p>
        <h2>Changes</h2>
        <p>We may update these terms; continued use after a change means you accept the new terms.</p>
        <h2>Contact</h2>
        <p>
          Questions? Contact support at <a href={supportMailto}>{BRAND.supportEmail}</a>.
        </p>
      </LegalPage>
    </MarketingLayout>
  );
}

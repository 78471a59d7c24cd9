import { BRAND } from '../../../config/brand';

export interface FaqEntry {
  q: string;
  a: string;
}

export const FAQ_GROUPS: { title: string; items: FaqEntry[] }[] = [
  {
    title: 'Series & Videos',
    items: [
      { q: 'What is a Series?', a: 'A Series is a topic plus your settings (narrator voice, art style, aspect ratio, language and duration). The AI keeps making new videos for it and posts them on your plan’s schedule.' },
      { q: 'How many videos can I make?', a: 'From a daily video for free users up to unlimited on premium plans. Each plan card lists its posting schedule and how many series you can run.' },
      { q: 'Which platforms can I post to?', a: 'TikTok and YouTube today, with Instagram available from the dashboard. Connect an account once and new videos post automatically.' },
      { q: 'Can I edit a video before it posts?', a: 'Yes. You can edit the caption of every video before it goes out, and preview the finished video in your dashboard.' },
      { q: 'How long does a video take?', a: 'About 3 minutes. You can follow each step (script, voice-over, images, final video) live on the video’s page.' },
      { q: 'Can I use my own topic?', a: 'Yes. Choose Custom Topic and describe what you want the video to be about.' },
    ],
  },
  {
    title: 'Billing',
    items: [
      { q: 'Is there a free trial?', a: `There is no free trial. You can start on the Free plan to try ${BRAND.name}, then pick a paid plan when you are ready.` },
      { q: 'Can I cancel any time?', a: 'Yes, you can cancel at any time from the Billing page. Your plan stays active until the end of the period you paid for.' },
      { q: 'Do you offer refunds?', a: 'We do not offer refunds, so you can cancel before your next renewal if the product is not for you.' },
      { q: 'Can I change my plan?', a: 'Yes. Plan changes take effect in the next billing cycle.' },
      { q: 'How does annual billing work?', a: 'Pay for a year up front and save up to 30% compared with paying monthly.' },
    ],
  },
];

/** FAQ in two accordion groups (native details/summary: keyboard-friendly, no script). */
export function Faq() {
  return (
    <section id="faq" className="mk-section mk-faq" aria-labelledby="faq-title">
      <div className="mk-container">
        <div className="mk-section__head mk-section__head--center">
          <p className="mk-eyebrow">FAQ</p>
          <h2 id="faq-title" className="mk-section__title">
            Frequently asked questions
          </h2>
        </div>
        <div className="mk-faq__groups">
          {FAQ_GROUPS.map((group) => (
            <div key={group.title} className="mk-faq__group">
              <h3 className="mk-faq__group-title">{group.title}</h3>
              {group.items.map((item) => (
                <details key={item.q} className="mk-faq__item">
                  <summary>
                    <span>{item.q}</span>
                    <span className="mk-faq__icon" aria-hidden="true" />
                  </summary>
                  <p>{item.a}</p>
                </details>
              ))}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

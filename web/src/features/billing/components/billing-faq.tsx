import type { ReactElement } from 'react';
import { Collapse } from 'antd';
import { BILLING_FAQ, SERIES_FAQ, type FaqEntry } from '../lib/faq';

function Section({ title, entries, id }: { title: string; entries: readonly FaqEntry[]; id: string }): ReactElement {
  return (
    <section className="faq-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <Collapse
        items={entries.map((e, i) => ({ key: String(i), label: e.q, children: <p>{e.a}</p> }))}
        expandIconPlacement="end"
      />
    </section>
  );
}

export function BillingFaq(): ReactElement {
  return (
    <div className="faq">
      <Section id="faq-series" title="SERIES & VIDEOS" entries={SERIES_FAQ} />
      <Section id="faq-billing" title="BILLING" entries={BILLING_FAQ} />
    </div>
  );
}

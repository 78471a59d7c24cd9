import type { ReactNode } from 'react';

export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <article className="legal">
      <div className="mk-container legal__inner">
        <h1>{title}</h1>
        <p className="legal__updated">Last updated: {updated}</p>
        {children}
      </div>
    </article>
  );
}

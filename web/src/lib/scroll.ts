/** Section ids the marketing header and footer scroll to (spec section 2). */
export type SectionId = 'pricing' | 'faq' | 'how-does-it-work';

/** Smoothly scroll to a section on this page; returns false when the section is not on the page. */
export function scrollToSection(id: SectionId | string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  if (window.location.hash !== `#${id}`) window.history.replaceState(window.history.state, '', `#${id}`);
  return true;
}

import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { isPlainClick } from '../../lib/plain-click';
import { scrollToSection, type SectionId } from '../../lib/scroll';

/** A link to a landing-page section: scrolls there when it is on the page, navigates to /#id otherwise. */
export function SectionLink({ section, children, className, onNavigate }: { section: SectionId; children: ReactNode; className?: string; onNavigate?: () => void }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    onNavigate?.();
    if (!scrollToSection(section)) navigate(`/#${section}`);
  };
  return (
    <a href={`/#${section}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

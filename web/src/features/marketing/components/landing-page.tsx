import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Hero } from './hero';
import { PlatformStrip } from './platforms';
import { SampleCarousel } from './sample-carousel';
import { HowItWorks } from './how-it-works';
import { Pricing } from './pricing';
import { Testimonials } from './testimonials';
import { Faq } from './faq';
import { FinalCta } from './cta';
import { StatsBand } from './stats-band';
import { MEDIA, sampleSlots } from '../media';
import { scrollToSection } from '../../../lib/scroll';
import '../landing.css';

const SLOTS = sampleSlots(MEDIA);

export function LandingPage() {
  const location = useLocation();
  const demo = MEDIA.find((i) => i.kind === 'demo');

  // Arriving at /#pricing (from another page's header) scrolls to the section.
  useEffect(() => {
    const id = location.hash.replace('#', '');
    if (id) requestAnimationFrame(() => scrollToSection(id));
  }, [location.hash]);

  return (
    <>
      <Hero demo={demo} />
      <PlatformStrip />
      <SampleCarousel slots={SLOTS} />
      <HowItWorks />
      <StatsBand />
      <Pricing />
      <Testimonials />
      <Faq />
      <FinalCta />
    </>
  );
}

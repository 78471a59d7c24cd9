import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

export function FinalCta() {
  return (
    <section className="mk-cta" aria-labelledby="cta-title">
      <div className="mk-container mk-cta__inner">
        <h2 id="cta-title">Your next viral video is three clicks away</h2>
        <p>Join over 50 content creators who post every day without showing their face.</p>
        <Link to={paths.register.getHref()} className="btn btn--white btn--lg">
          Sign Up Now
        </Link>
      </div>
    </section>
  );
}

import { Stars } from './icons';

const TESTIMONIALS = [
  {
    quote: 'I run three story channels and have not opened a video editor in months. The scripts are genuinely good.',
    name: 'Jordan M.',
    role: 'Scary stories channel, 84k followers',
    rating: 5,
    color: '#6366f1',
  },
  {
    quote: 'Set it up on a Sunday, and by Friday my TikTok had its first video past 100k views. Autopost is the killer feature.',
    name: 'Priya S.',
    role: 'Fun facts creator',
    rating: 5,
    color: '#ec4899',
  },
  {
    quote: 'The voices sound natural and the art styles keep each channel on-brand. Worth it for the time it saves.',
    name: 'Daniel K.',
    role: 'History and philosophy shorts',
    rating: 4,
    color: '#0ea5e9',
  },
];

export function Testimonials() {
  return (
    <section className="mk-section mk-testimonials" aria-labelledby="testimonials-title">
      <div className="mk-container">
        <div className="mk-section__head mk-section__head--center">
          <p className="mk-eyebrow">Loved by creators</p>
          <h2 id="testimonials-title" className="mk-section__title">
            Creators grow faster on auto-pilot
          </h2>
        </div>
        <ul className="mk-quotes">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="mk-quote">
                <Stars rating={t.rating} />
                <blockquote>“{t.quote}”</blockquote>
                <figcaption>
                  <span className="mk-quote__avatar" style={{ background: t.color }} aria-hidden="true">
                    {t.name[0]}
                  </span>
                  <span>
                    <strong>{t.name}</strong>
                    <br />
                    <span className="mk-quote__role">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

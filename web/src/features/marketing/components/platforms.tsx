import { PLATFORMS } from '../social-proof';

export function PlatformStrip() {
  return (
    <section className="mk-platforms" aria-label="Platforms">
      <div className="mk-container">
        <p>Create once, post everywhere</p>
        <ul>
          {PLATFORMS.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

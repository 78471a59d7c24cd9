const STEPS = [
  {
    title: 'Choose speaker and topic',
    text: 'Pick one of 12 narrator voices, an art style and a topic, from Scary Stories to Fun Facts, or write your own.',
    icon: (
      <path d="M12 3a3 3 0 00-3 3v6a3 3 0 006 0V6a3 3 0 00-3-3zM6 11a6 6 0 0012 0M12 17v4" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
    ),
  },
  {
    title: 'AI goes to work',
    text: 'The AI writes the script, records the voice-over, paints every scene and adds captions and music.',
    icon: (
      <path d="M12 2l2.4 5.6L20 10l-5.6 2.4L12 18l-2.4-5.6L4 10l5.6-2.4zM19 16l1 2 2 1-2 1-1 2-1-2-2-1 2-1z" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinejoin="round" />
    ),
  },
  {
    title: 'Autopost',
    text: 'Connect TikTok and YouTube once. New videos go out on your schedule while you get on with your day.',
    icon: <path d="M4 12l16-8-6 16-3-7zM11 13l9-9" stroke="currentColor" strokeWidth="2" fill="none" strokeLinejoin="round" strokeLinecap="round" />,
  },
];

export function HowItWorks() {
  return (
    <section id="how-does-it-work" className="mk-section mk-how" aria-labelledby="how-title">
      <div className="mk-container">
        <div className="mk-section__head">
          <p className="mk-eyebrow">How it works</p>
          <h2 id="how-title" className="mk-section__title">
            From idea to posted video in three steps
          </h2>
        </div>
        <ol className="mk-steps">
          {STEPS.map((step, i) => (
            <li key={step.title} className="mk-step">
              <div className="mk-step__icon">
                <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  {step.icon}
                </svg>
              </div>
              <span className="mk-step__num">Step {i + 1}</span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

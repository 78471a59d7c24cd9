import { useJoinedToday } from '../social-proof';

export function StatsBand() {
  const joined = useJoinedToday();
  const stats = [
    { value: '50+', label: 'content creators' },
    { value: String(joined), label: 'people joined today' },
    { value: '12', label: 'narrator voices' },
    { value: '3 min', label: 'average render time' },
  ];
  return (
    <section className="mk-stats" aria-label="In numbers">
      <ul className="mk-container mk-stats__list">
        {stats.map((s) => (
          <li key={s.label}>
            <strong>{s.value}</strong>
            <span>{s.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

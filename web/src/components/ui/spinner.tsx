/** A light CSS spinner (no antd), usable on the public site. */
export function Spinner({ label = 'Loading', size = 32 }: { label?: string; size?: number }) {
  return (
    <span className="spinner" role="status" style={{ width: size, height: size }}>
      <span className="sr-only">{label}</span>
    </span>
  );
}

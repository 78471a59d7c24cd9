/**
 * Event schema evolution: events carry `schemaVersion` in their metadata (1 when absent, as in
 * every event written before versions existed); an upcaster turns one version of a type into the
 * next, on read, so deciders, projections, the analyst API and the export all see the current
 * shape whatever was stored. Upcasters are pure and must accept data already in the new shape
 * (events written before the version was stamped).
 */
export interface Upcaster {
  type: string;
  /** The version it reads; it produces `fromVersion + 1`. */
  fromVersion: number;
  upcast(data: any): unknown;
}

export const SCHEMA_VERSION = 'schemaVersion';

export interface UpcasterRegistry {
  /** The version an event of this type is written in now. */
  currentVersion(type: string): number;
  /** The event's data in the current shape, and that version. */
  upcast(type: string, data: unknown, version: number): { data: unknown; version: number };
}

export function upcasterRegistry(upcasters: readonly Upcaster[]): UpcasterRegistry {
  const byType = new Map<string, Map<number, Upcaster>>();
  for (const upcaster of upcasters) {
    const steps = byType.get(upcaster.type) ?? new Map<number, Upcaster>();
    if (steps.has(upcaster.fromVersion)) throw new Error(`Two upcasters for ${upcaster.type} v${upcaster.fromVersion}`);
    byType.set(upcaster.type, steps.set(upcaster.fromVersion, upcaster));
  }
  const current = new Map([...byType].map(([type, steps]) => [type, Math.max(...steps.keys()) + 1]));
  return {
    currentVersion: (type) => current.get(type) ?? 1,
    upcast(type, data, version) {
      const steps = byType.get(type);
      let next = { data, version };
      while (steps?.has(next.version)) next = { data: steps.get(next.version)!.upcast(next.data), version: next.version + 1 };
      return next;
    },
  };
}

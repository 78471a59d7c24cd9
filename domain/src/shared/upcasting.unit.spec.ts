import { UPCASTERS } from '../upcasters';
import { upcasterRegistry } from './upcasting';

describe('Event schema evolution', () => {
  const registry = upcasterRegistry([
    { type: 'Renamed', fromVersion: 1, upcast: (d: { title: string }) => ({ name: d.title }) },
    { type: 'Renamed', fromVersion: 2, upcast: (d: { name: string }) => ({ name: d.name, tags: [] }) },
  ]);

  describe('When an event was stored in an old shape', () => {
    it('should come back in the current shape through every step, with its new version', () => {
      expect(registry.upcast('Renamed', { title: 'Owls' }, 1)).toEqual({ data: { name: 'Owls', tags: [] }, version: 3 });
      expect(registry.upcast('Renamed', { name: 'Owls' }, 2)).toEqual({ data: { name: 'Owls', tags: [] }, version: 3 });
    });
  });

  describe('When an event is already current, or its type never changed', () => {
    it('should come back as it is', () => {
      const data = { name: 'Owls', tags: ['a'] };
      expect(registry.upcast('Renamed', data, 3).data).toBe(data);
      expect(registry.upcast('Other', data, 1)).toEqual({ data, version: 1 });
      expect(registry.currentVersion('Renamed')).toBe(3);
      expect(registry.currentVersion('Other')).toBe(1);
    });
  });

  it('should refuse two upcasters for the same version', () => {
    expect(() => upcasterRegistry([UPCASTERS[0], UPCASTERS[0]])).toThrow('Two upcasters for RenderStageReached v1');
  });

  describe("When the product's own old events are read", () => {
    const product = upcasterRegistry(UPCASTERS);
    it('should give a stage reached before retries existed its first attempt, and keep a later one', () => {
      expect(product.upcast('RenderStageReached', { videoId: 'v1', status: 'script', at: 't' }, 1).data).toEqual({ videoId: 'v1', status: 'script', at: 't', attempt: 1 });
      expect(product.upcast('RenderStageReached', { videoId: 'v1', status: 'script', at: 't', attempt: 3 }, 1).data).toMatchObject({ attempt: 3 });
    });
    it('should give a registration made before Google sign-in and affiliates no Google id and no code', () => {
      expect(product.upcast('UserRegistered', { userId: 'u1', name: 'Ada', email: 'a@x.io', passwordHash: 'h', registeredAt: 't' }, 1)).toEqual({
        data: { userId: 'u1', name: 'Ada', email: 'a@x.io', passwordHash: 'h', registeredAt: 't', googleId: null, fpr: null }, version: 2,
      });
    });
  });
});

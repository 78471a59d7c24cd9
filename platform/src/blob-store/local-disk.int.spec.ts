import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blobStoreContract } from './blob-store.contract';
import { openBlobStore } from './index';
import { LocalDiskBlobStore } from './local-disk';

const root = mkdtempSync(join(tmpdir(), 'blob-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

blobStoreContract('local-disk', async () => new LocalDiskBlobStore(root));

describe('LocalDiskBlobStore', () => {
  describe('When opened by URL', () => {
    it('should open local disk for file: URLs and plain paths', () => {
      expect(openBlobStore(`file:${root}`).localPath('a/b.mp4')).toBe(join(root, 'a', 'b.mp4'));
      expect(openBlobStore(root).kind).toBe('local-disk');
      expect(() => openBlobStore('s3://bucket')).toThrow('Unsupported blob store URL');
    });
  });
});

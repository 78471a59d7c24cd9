import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProceduralComposer } from './procedural';

describe('When a music attempt is aborted', () => {
  it('should reject and leave no file behind when aborted before it starts', async () => {
    const outDir = join(mkdtempSync(join(tmpdir(), 'music-')), 'music');
    const controller = new AbortController();
    controller.abort(new Error('attempt timed out'));
    await expect(createProceduralComposer().compose({ durationSeconds: 5, mood: 'calm', seed: 's', outDir }, controller.signal)).rejects.toThrow('attempt timed out');
    expect(existsSync(join(outDir, 'music.wav'))).toBe(false);
  });

  it('should reject and leave no file behind when aborted while it runs', async () => {
    const outDir = join(mkdtempSync(join(tmpdir(), 'music-')), 'music');
    const controller = new AbortController();
    const composing = createProceduralComposer().compose({ durationSeconds: 5, mood: 'upbeat', seed: 's', outDir }, controller.signal);
    controller.abort(new Error('attempt timed out'));
    await expect(composing).rejects.toThrow('attempt timed out');
    expect(existsSync(outDir) ? readdirSync(outDir) : []).toEqual([]);
  });

  it('should write the bed when not aborted', async () => {
    const outDir = join(mkdtempSync(join(tmpdir(), 'music-')), 'music');
    const path = await createProceduralComposer().compose({ durationSeconds: 3, mood: 'calm', seed: 's', outDir }, new AbortController().signal);
    expect(readdirSync(outDir)).toEqual(['music.wav']);
    expect(path).toBe(join(outDir, 'music.wav'));
  });
});

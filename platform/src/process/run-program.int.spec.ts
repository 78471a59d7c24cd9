import { ProgramError, runProgram } from './run-program';

/** A Node one-liner as the program: what ffmpeg and ffprobe are to the services. */
const node = (script: string) => [process.execPath, ['-e', script]] as const;

describe('runProgram (the services run ffmpeg and ffprobe with it)', () => {
  it('should answer what the program wrote when it exits 0, given its input', async () => {
    const [command, args] = node("process.stdin.on('data', (d) => process.stdout.write(String(d).toUpperCase())); process.stderr.write('note')");
    expect(await runProgram(command, args, { input: 'frames' })).toEqual({ stdout: 'FRAMES', stderr: 'note' });
  });

  it('should reject with the exit code and the tail of stderr when it fails', async () => {
    const [command, args] = node("for (let i = 1; i <= 10; i++) console.error('line ' + i); process.exit(3)");
    const error = await runProgram(command, args).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProgramError);
    expect(error).toMatchObject({ code: 3, stderr: expect.stringContaining('line 1\n') });
    expect((error as Error).message).toBe(`${command} exited with 3: ${['line 5', 'line 6', 'line 7', 'line 8', 'line 9', 'line 10'].join('\n')}`);
  });

  it('should reject with ENOENT when the program is not there', async () => {
    await expect(runProgram('no-such-program-here', [])).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('should kill a program that runs out of time', async () => {
    const [command, args] = node('setTimeout(() => undefined, 60000)');
    await expect(runProgram(command, args, { timeoutMs: 200 })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('should keep at most the first bytes of stdout and the last of stderr it is told to', async () => {
    const [command, args] = node("process.stdout.write('a'.repeat(100000)); process.stderr.write('x'.repeat(100000) + 'END')");
    const { stdout, stderr } = await runProgram(command, args, { maxStdoutBytes: 1000, maxStderrBytes: 10 });
    expect(stdout).toBe('a'.repeat(1000));
    expect(stderr).toBe('xxxxxxxEND');
  });
});

import { ProgramError, runPipe, runProgram } from './run-program';

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

describe('runPipe (a mix is made by one program and encoded by another at once)', () => {
  it('should feed what the first writes to the second, and answer both stderrs, given both exit 0', async () => {
    const [command, args] = node("process.stdout.write('frames'.repeat(100000)); process.stderr.write('made')");
    const [upper, upperArgs] = node("let n = 0; process.stdin.on('data', (d) => n += d.length); process.stdin.on('end', () => { process.stdout.write(String(n)); process.stderr.write('used') })");
    expect(await runPipe({ command, args }, { command: upper, args: upperArgs })).toEqual({ first: { stderr: 'made' }, second: { stdout: '600000', stderr: 'used' } });
  });

  it('should reject with the first program\'s failure and stop the second, given the first fails', async () => {
    const [command, args] = node("process.stderr.write('no such filter'); process.exit(2)");
    const [waits, waitsArgs] = node("process.stdin.resume(); setTimeout(() => undefined, 60000)");
    const t0 = Date.now();
    await expect(runPipe({ command, args }, { command: waits, args: waitsArgs })).rejects.toMatchObject({ name: 'ProgramError', code: 2, stderr: 'no such filter' });
    expect(Date.now() - t0).toBeLessThan(30000);
  });

  it('should reject with the second program\'s failure, not the first\'s broken pipe, given the second fails', async () => {
    const [command, args] = node("setInterval(() => process.stdout.write('x'.repeat(65536)), 1)");
    const [fails, failsArgs] = node("process.stderr.write('encoder refused'); process.exit(1)");
    await expect(runPipe({ command, args }, { command: fails, args: failsArgs })).rejects.toMatchObject({ name: 'ProgramError', code: 1, stderr: 'encoder refused' });
  });

  it('should kill both programs when the caller aborts', async () => {
    const [command, args] = node("setInterval(() => process.stdout.write('x'), 10)");
    const [reads, readsArgs] = node('process.stdin.resume()');
    await expect(runPipe({ command, args }, { command: reads, args: readsArgs }, { timeoutMs: 200 })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

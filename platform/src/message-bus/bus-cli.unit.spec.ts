import { lagTable, parseBusArgs } from './bus-cli';

describe('npm run bus', () => {
  describe('When the arguments name a command', () => {
    it.each([
      [['dlq', 'list', 'render.requests'], { name: 'list', topic: 'render.requests', json: false }],
      [['dlq', 'list', 'render.status', '--json'], { name: 'list', topic: 'render.status', json: true }],
      [['dlq', 'replay', 'render.status'], { name: 'replay', topic: 'render.status' }],
      [['dlq', 'replay', 'render.status', '--id', '2:7', '--value-file', 'fixed.json'], { name: 'replay', topic: 'render.status', id: '2:7', valueFile: 'fixed.json' }],
      [['lag'], { name: 'lag', json: false }],
      [['contract', '--markdown', '--out', 'docs/x.md'], { name: 'contract', markdown: true, out: 'docs/x.md' }],
    ])('should read %j', (args, command) => {
      expect(parseBusArgs(args)).toEqual(command);
    });
  });

  describe('When the arguments are wrong', () => {
    it.each([
      [[], 'No command given'],
      [['dlq', 'list'], 'dlq list needs a topic (render.requests, render.status)'],
      [['dlq', 'replay', 'render.status', '--value-file', 'fixed.json'], '--value-file corrects one dead letter: name it with --id'],
      [['dlq', 'replay', 'render.status', '--id'], '--id needs a value'],
      [['dlq', 'purge', 'render.status'], 'Unknown command: dlq purge render.status'],
    ])('should say what is wrong with %j', (args, message) => {
      expect(parseBusArgs(args)).toBe(message);
    });
  });

  describe('When the lag is printed', () => {
    it('should line up a row per partition and total each group on each topic', () => {
      const table = lagTable([
        { groupId: 'render-workers', topic: 'render.requests', partition: 0, committed: '4', end: '16', lag: 12 },
        { groupId: 'render-workers', topic: 'render.requests', partition: 1, committed: '9', end: '17', lag: 8 },
      ]);
      expect(table.split('\n')).toEqual([
        'group           topic            partition  committed  end  lag',
        'render-workers  render.requests          0          4   16   12',
        'render-workers  render.requests          1          9   17    8',
        '',
        'render-workers on render.requests: 20 behind',
      ]);
    });
  });
});

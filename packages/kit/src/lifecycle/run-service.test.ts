import { runService } from './run-service';

describe('runService', () => {
  it('closes what a failed start had opened, then exits 1', async () => {
    const closed: string[] = [];
    const exits: number[] = [];
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await runService(
        'test-service',
        async ({ lifecycle }) => {
          lifecycle.onStop('database', () => void closed.push('database'));
          throw new Error('Invalid configuration: PORT is required');
        },
        { exit: (code) => void exits.push(code), signals: [] },
      );
      expect(closed).toEqual(['database']);
      expect(exits).toEqual([1]);
      expect(error).toHaveBeenCalledWith('Invalid configuration: PORT is required');
    } finally {
      error.mockRestore();
    }
  });

  it('leaves a service that started running', async () => {
    const exits: number[] = [];
    let opened = false;
    await runService('test-service', async () => void (opened = true), { exit: (code) => void exits.push(code), signals: [] });
    expect(opened).toBe(true);
    expect(exits).toEqual([]);
  });
});

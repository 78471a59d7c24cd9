import { initialContext } from './cabac';

describe('CABAC context initialisation (§9.3.1.1)', () => {
  it.each([
    // Table 9-12, ctxIdx 0 (m 20, n -15) at QP 26: preCtxState 17, so state 46 with MPS 0.
    { m: 20, n: -15, qp: 26, expected: { pStateIdx: 46, valMPS: 0 } },
    // Table 9-13, mb_skip_flag ctxIdx 11 (m 23, n 33) at QP 26: preCtxState 70, so state 6 with MPS 1.
    { m: 23, n: 33, qp: 26, expected: { pStateIdx: 6, valMPS: 1 } },
    // The QP is clipped to 0–51 and preCtxState to 1–126.
    { m: 23, n: 33, qp: 60, expected: { pStateIdx: 42, valMPS: 1 } },
    { m: -28, n: 127, qp: 0, expected: { pStateIdx: 62, valMPS: 1 } },
  ])('given m $m, n $n and slice QP $qp, then the state is $expected.pStateIdx with MPS $expected.valMPS', ({ m, n, qp, expected }) => {
    expect(initialContext(m, n, qp)).toEqual(expected);
  });
});

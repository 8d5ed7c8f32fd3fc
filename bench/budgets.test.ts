import { describe, expect, it } from 'vitest';
import {
  describeJudgement,
  judge,
  judgePages,
  MENU_JS_BUDGET,
  PAGE_BUDGETS,
  type BudgetFigure,
} from './budgets';

const figure = (over: Partial<BudgetFigure> = {}): BudgetFigure => ({
  performance: 95,
  lcpMs: 1000,
  tbtMs: 200,
  cls: 0,
  firstLoadJsKbGzip: 134.4,
  ...over,
});
const budget = (name: string) => {
  const found = PAGE_BUDGETS.find((b) => b.name === name);
  if (!found) throw new Error(`no budget ${name}`);
  return found;
};

describe('page budgets against the reference', () => {
  it('meets a budget met against both reference measures, at its limits', () => {
    const references = [figure({ lcpMs: 900 }), figure({ lcpMs: 1000 })];
    expect(judge(budget('LCP'), figure({ lcpMs: 1400 }), references)).toEqual({
      budget: 'LCP',
      value: '1400',
      deltas: [500, 400],
      verdict: 'met',
    });
    expect(judge(budget('perf'), figure({ performance: 92 }), references).verdict).toBe('met');
    expect(judge(budget('TBT'), figure({ tbtMs: 300 }), references).verdict).toBe('met');
  });

  it('fails a budget missed against both measures, one past its limit', () => {
    const references = [figure(), figure()];
    expect(judge(budget('LCP'), figure({ lcpMs: 1501 }), references).verdict).toBe('not met');
    expect(judge(budget('perf'), figure({ performance: 91 }), references).verdict).toBe('not met');
    expect(judge(budget('TBT'), figure({ tbtMs: 301 }), references).verdict).toBe('not met');
    expect(judge(budget('CLS'), figure({ cls: 0.051 }), references).verdict).toBe('not met');
  });

  it('says so when the verdict depends on which reference measure is taken', () => {
    // The same reference page measured 914 and 1,575 ms in one run on this machine.
    const judgement = judge(budget('LCP'), figure({ lcpMs: 1600 }), [
      figure({ lcpMs: 914 }),
      figure({ lcpMs: 1575 }),
    ]);
    expect(judgement.verdict).toBe('met against one reference measure');
    expect(describeJudgement(judgement)).toBe('LCP 1600 (+686 | +25): met against one reference measure');
  });

  it('states each rule as printed', () => {
    expect([...PAGE_BUDGETS, MENU_JS_BUDGET].map((b) => `${b.name} ${b.rule}`)).toEqual([
      'perf >= ref - 3',
      'TBT <= ref + 100 ms',
      'LCP <= ref + 500 ms',
      'CLS <= 0.05',
      'JS <= ref + 40 kB gzip',
    ]);
  });

  it('judges CLS on its own, without a delta', () => {
    const judgement = judge(budget('CLS'), figure({ cls: 0.05 }), [figure({ cls: 0.3 })]);
    expect(judgement).toMatchObject({ value: '0.050', deltas: [], verdict: 'met' });
    expect(describeJudgement(judgement)).toBe('CLS 0.050: met');
  });

  it('judges the three budgeted pages only, and the JavaScript budget on the menu page only', () => {
    const pages = ['search', 'menu', 'item', 'checkout'].map((name) => ({ name, ...figure() }));
    const judged = judgePages(pages, [figure()]);
    expect(judged.map((p) => p.page)).toEqual(['search', 'menu', 'item']);
    expect(judged.map((p) => p.judgements.map((j) => j.budget))).toEqual([
      ['perf', 'TBT', 'LCP', 'CLS'],
      ['perf', 'TBT', 'LCP', 'CLS', 'JS'],
      ['perf', 'TBT', 'LCP', 'CLS'],
    ]);
    expect(judge(MENU_JS_BUDGET, figure({ firstLoadJsKbGzip: 174.5 }), [figure()]).verdict).toBe('not met');
    expect(judge(MENU_JS_BUDGET, figure({ firstLoadJsKbGzip: 158.9 }), [figure()])).toMatchObject({
      deltas: [24.5],
      verdict: 'met',
    });
  });
});

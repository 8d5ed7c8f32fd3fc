/**
 * The page budgets of issue 3 (search, store menu and item pages, Lighthouse mobile, median of 3), judged against
 * the reference page of the same run. The reference is measured twice, before and after the pages: on a small,
 * busy machine two measures of the same page differ by more than a budget (its simulated LCP moves by 600 ms or
 * more, depending on whether the unthrottled load happened to run its scripts before its first paint), so a
 * figure is judged against each measure and a verdict that depends on which one was taken says so.
 */
import type { PageFigure } from './lighthouse';

export type BudgetFigure = Pick<PageFigure, 'performance' | 'lcpMs' | 'tbtMs' | 'cls' | 'firstLoadJsKbGzip'>;

export interface Budget {
  name: string;
  /** What the budget allows, as printed. */
  rule: string;
  /** The page's figure, as printed. */
  value: (page: BudgetFigure) => string;
  /** The page's figure less the reference's, when the budget is relative to the reference. */
  delta?: (page: BudgetFigure, reference: BudgetFigure) => number;
  met: (page: BudgetFigure, reference: BudgetFigure) => boolean;
}

export const PAGE_BUDGETS: readonly Budget[] = [
  {
    name: 'perf',
    rule: '>= ref - 3',
    value: (p) => String(p.performance),
    delta: (p, r) => p.performance - r.performance,
    met: (p, r) => p.performance >= r.performance - 3,
  },
  {
    name: 'TBT',
    rule: '<= ref + 100 ms',
    value: (p) => String(p.tbtMs),
    delta: (p, r) => p.tbtMs - r.tbtMs,
    met: (p, r) => p.tbtMs <= r.tbtMs + 100,
  },
  {
    name: 'LCP',
    rule: '<= ref + 500 ms',
    value: (p) => String(p.lcpMs),
    delta: (p, r) => p.lcpMs - r.lcpMs,
    met: (p, r) => p.lcpMs <= r.lcpMs + 500,
  },
  { name: 'CLS', rule: '<= 0.05', value: (p) => p.cls.toFixed(3), met: (p) => p.cls <= 0.05 },
];

/** Menu page only: its first-load JavaScript. */
export const MENU_JS_BUDGET: Budget = {
  name: 'JS',
  rule: '<= ref + 40 kB gzip',
  value: (p) => p.firstLoadJsKbGzip.toFixed(1),
  delta: (p, r) => Math.round((p.firstLoadJsKbGzip - r.firstLoadJsKbGzip) * 10) / 10,
  met: (p, r) => p.firstLoadJsKbGzip <= r.firstLoadJsKbGzip + 40,
};

export type Verdict = 'met' | 'not met' | 'met against one reference measure';

export interface Judgement {
  budget: string;
  value: string;
  /** Against each reference measure, in order. */
  deltas: number[];
  verdict: Verdict;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** One budget judged against every measure of the reference: met only when met against all of them. */
export function judge(budget: Budget, page: BudgetFigure, references: readonly BudgetFigure[]): Judgement {
  const { delta } = budget;
  const results = references.map((reference) => budget.met(page, reference));
  const verdict: Verdict = results.every(Boolean)
    ? 'met'
    : results.some(Boolean)
      ? 'met against one reference measure'
      : 'not met';
  return {
    budget: budget.name,
    value: budget.value(page),
    deltas: delta ? references.map((reference) => delta(page, reference)) : [],
    verdict,
  };
}

/** The pages issue 3's budgets are stated for. */
export const BUDGETED_PAGES = ['search', 'menu', 'item'];

/** Every budget of each budgeted page among `pages`, judged against every reference measure. */
export function judgePages(
  pages: readonly (BudgetFigure & { name: string })[],
  references: readonly BudgetFigure[],
): { page: string; judgements: Judgement[] }[] {
  return pages
    .filter((page) => BUDGETED_PAGES.includes(page.name))
    .map((page) => ({
      page: page.name,
      judgements: [...PAGE_BUDGETS, ...(page.name === 'menu' ? [MENU_JS_BUDGET] : [])].map((budget) =>
        judge(budget, page, references),
      ),
    }));
}

/** `LCP 1389 (+455 | -186): met against one reference measure`. */
export function describeJudgement({ budget, value, deltas, verdict }: Judgement): string {
  const against = deltas.length ? ` (${deltas.map(signed).join(' | ')})` : '';
  return `${budget} ${value}${against}: ${verdict}`;
}

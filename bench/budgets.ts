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

/**
 * A budget on a figure relative to the reference's: no more than `by` above it (lower is better: TBT, LCP, JS) or
 * below it (higher is better: the performance score). Deltas are rounded to `digits` decimals.
 */
function relativeBudget(
  name: string,
  figure: (f: BudgetFigure) => number,
  bound: { notAboveBy: number } | { notBelowBy: number },
  unit = '',
  digits = 0,
): Budget {
  const delta = (p: BudgetFigure, r: BudgetFigure) => Number((figure(p) - figure(r)).toFixed(digits));
  const value = (p: BudgetFigure) => figure(p).toFixed(digits);
  if ('notAboveBy' in bound) {
    const by = bound.notAboveBy;
    return { name, rule: `<= ref + ${by}${unit}`, value, delta, met: (p, r) => figure(p) <= figure(r) + by };
  }
  const by = bound.notBelowBy;
  return { name, rule: `>= ref - ${by}${unit}`, value, delta, met: (p, r) => figure(p) >= figure(r) - by };
}

export const PAGE_BUDGETS: readonly Budget[] = [
  relativeBudget('perf', (f) => f.performance, { notBelowBy: 3 }),
  relativeBudget('TBT', (f) => f.tbtMs, { notAboveBy: 100 }, ' ms'),
  relativeBudget('LCP', (f) => f.lcpMs, { notAboveBy: 500 }, ' ms'),
  { name: 'CLS', rule: '<= 0.05', value: (p) => p.cls.toFixed(3), met: (p) => p.cls <= 0.05 },
];

/** Menu page only: its first-load JavaScript. */
export const MENU_JS_BUDGET = relativeBudget(
  'JS',
  (f) => f.firstLoadJsKbGzip,
  { notAboveBy: 40 },
  ' kB gzip',
  1,
);

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

export interface PageJudgement {
  page: string;
  judgements: Judgement[];
}

/** Every budget of each budgeted page among `pages`, judged against every reference measure. */
export function judgePages(
  pages: readonly (BudgetFigure & { name: string })[],
  references: readonly BudgetFigure[],
): PageJudgement[] {
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

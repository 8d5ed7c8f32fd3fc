import { ORDER_STATUS_STAGES, isTerminalStatus, timelineStage } from '@storefront/contracts/tracking-stages';
import type { OrderStatus } from '@storefront/contracts/enum-values';

export type StageState = 'done' | 'current' | 'upcoming';

export interface TimelineStage {
  stage: number;
  label: string;
  state: StageState;
}

/**
 * The four timeline stages for an order status (spec: status 1 shows as stage 2; earlier stages are done,
 * the current one pulses; at stage 4 every stage is done).
 */
export function timelineStages(
  statusId: OrderStatus,
  stages: readonly { stage: number; label: string }[] = ORDER_STATUS_STAGES,
): TimelineStage[] {
  const current = timelineStage(statusId);
  const complete = isTerminalStatus(current);
  return [...stages]
    .sort((a, b) => a.stage - b.stage)
    .map(({ stage, label }) => ({
      stage,
      label,
      state: complete || stage < current ? 'done' : stage === current ? 'current' : 'upcoming',
    }));
}

/** Whether polling goes on: it stops at the terminal status 4. */
export function shouldPoll(statusId: number): boolean {
  return !isTerminalStatus(statusId);
}

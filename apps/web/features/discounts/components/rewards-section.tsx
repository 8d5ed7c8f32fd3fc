'use client';

import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import type { OrderReward, OrderRewardBody, OrderRewards } from '@storefront/contracts/loyalty';
import {
  CUSTOM_POINTS_ID,
  LOYALTY_MESSAGES,
  NO_REWARD_ID,
  parseCustomPoints,
  pickReward,
} from '@storefront/contracts/loyalty-rules';
import { dollarsToCents, formatCents } from '@storefront/contracts/money';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { switchReward } from '../rewards.actions';

const NONE = String(NO_REWARD_ID);

/** The radio value of the reward on the order: its catalogue id, customPoints, or '-1' for none. */
function choiceOf(applied: OrderReward | null): string {
  return applied ? String(applied.rewardId) : NONE;
}

/** The order's reward as the switch's `current`: null for none. */
function currentOf(applied: OrderReward | null): number | typeof CUSTOM_POINTS_ID | null {
  return applied ? applied.rewardId : null;
}

/** sessionStorage key: the reward of this order was picked (or chosen) once; never picked again after. */
const pickedKey = (orderId: number) => `rewards-picked:${orderId}`;

/**
 * The Discounts section's Rewards part (spec sections 4-6): a signed-in member chooses 'No Rewards' (-1), one of
 * the brand's rewards, or custom points (digits only and not '0', else 'Only positive non-decimal numbers are
 * allowed'; Apply, then Edit). Choosing adds, moves or removes the reward on the order at once; a failure reads
 * 'There was a problem while trying to apply or remove your reward' and the choice goes back. An order that
 * carries no reward gets one picked the first time the part is shown for it: the first reward under the loyalty
 * login, otherwise the first of type Reward or Amount, when the points cover it. Everyone else is prompted 'Log
 * in to earn and use your rewards!' (with `login`, the sign-in entry the page gives).
 */
export function RewardsSection({
  orderId,
  rewards,
  login,
  onChanged,
  headingLevel = 4,
}: {
  orderId: number;
  rewards: OrderRewards | null;
  login?: React.ReactNode;
  /** The part's heading under the section's: h4 under checkout's h3 'Discounts', h3 under /payment's h2. */
  headingLevel?: 3 | 4;
  /** After a change went through, before the page re-reads the order (/payment re-reads what is due). */
  onChanged?: () => Promise<void>;
}) {
  const headingId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  if (!rewards) {
    return (
      <div role="group" aria-labelledby={headingId} className="flex flex-col gap-2">
        <Heading id={headingId} className="font-semibold">
          Rewards
        </Heading>
        <p className="text-sm text-gray-800">{LOYALTY_MESSAGES.logInForRewards}</p>
        {login}
      </div>
    );
  }
  return (
    <MemberRewards
      orderId={orderId}
      rewards={rewards}
      headingId={headingId}
      heading={Heading}
      onChanged={onChanged}
    />
  );
}

function MemberRewards({
  orderId,
  rewards,
  headingId,
  heading: Heading,
  onChanged,
}: {
  orderId: number;
  rewards: OrderRewards;
  headingId: string;
  heading: 'h3' | 'h4';
  onChanged?: () => Promise<void>;
}) {
  const router = useRouter();
  const applied = rewards.appliedRewards[0] ?? null;
  const [choice, setChoice] = useState(choiceOf(applied));
  const [seen, setSeen] = useState(applied);
  const [editing, setEditing] = useState(false);
  const [points, setPoints] = useState('');
  const [pointsError, setPointsError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const pointsRef = useRef<HTMLInputElement>(null);
  if (seen !== applied) {
    setSeen(applied);
    setChoice(choiceOf(applied));
  }
  const balance = rewards.loyaltyBalance;

  function send(next: OrderRewardBody | null, onDone?: () => void) {
    window.sessionStorage.setItem(pickedKey(orderId), '1');
    // The choice shows at once (a custom points choice already shows, with its field).
    if (next !== null && next.rewardId !== CUSTOM_POINTS_ID) setChoice(String(next.rewardId));
    setError(null);
    startTransition(async () => {
      const result = await switchReward({ current: currentOf(applied), next });
      if (!result.ok) {
        setError(result.error);
        setChoice(choiceOf(applied));
        return;
      }
      onDone?.();
      await onChanged?.();
      router.refresh();
    });
  }

  // The first time the part is shown for an order without a reward, the rule's reward is put on it.
  const pickedOnce = useRef(false);
  useEffect(() => {
    if (pickedOnce.current || applied) return;
    pickedOnce.current = true;
    if (window.sessionStorage.getItem(pickedKey(orderId))) return;
    const pick = pickReward(rewards.rewards, rewards.isLoyaltyLogin, balance.netPointsBalance);
    window.sessionStorage.setItem(pickedKey(orderId), '1');
    // Sent from a task of its own: the effect only reads the browser's storage and starts the request.
    if (pick) window.setTimeout(() => send({ rewardId: pick.rewardId }), 0);
    // Once per order (the ref and the stored mark), whatever renders follow.
  });

  function onChoose(value: string) {
    setChoice(value);
    setPointsError(null);
    if (value === CUSTOM_POINTS_ID) {
      setPoints(applied?.rewardId === CUSTOM_POINTS_ID ? String(applied.pointsCost) : '');
      setEditing(true);
      return;
    }
    setEditing(false);
    send(value === NONE ? null : { rewardId: Number(value) });
  }

  function onApplyPoints() {
    const parsed = parseCustomPoints(points.trim());
    if (parsed === null) {
      setPointsError(LOYALTY_MESSAGES.customPointsInvalid);
      pointsRef.current?.focus();
      return;
    }
    setPointsError(null);
    send({ rewardId: CUSTOM_POINTS_ID, points: parsed }, () => setEditing(false));
  }

  const customApplied = applied?.rewardId === CUSTOM_POINTS_ID;
  const showPointsInput = choice === CUSTOM_POINTS_ID && (editing || !customApplied);

  return (
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-2">
      <Heading id={headingId} className="font-semibold">
        Rewards
      </Heading>
      <p className="text-sm text-gray-800">
        You have {balance.netPointsBalance.toLocaleString('en-US')} points (
        {formatCents(dollarsToCents(balance.redeemableAmountBalance))})
      </p>
      <fieldset className="flex flex-col gap-1" disabled={pending} aria-busy={pending || undefined}>
        <legend className="sr-only">Choose a reward</legend>
        <RewardOption name={`rewards-${orderId}`} value={NONE} checked={choice === NONE} onChoose={onChoose}>
          No Rewards
        </RewardOption>
        {rewards.rewards.map((reward) => {
          const affordable = reward.pointsCost <= balance.netPointsBalance;
          const isApplied = applied?.rewardId === reward.rewardId;
          return (
            <RewardOption
              key={reward.rewardId}
              name={`rewards-${orderId}`}
              value={String(reward.rewardId)}
              checked={choice === String(reward.rewardId)}
              disabled={!affordable && !isApplied}
              onChoose={onChoose}
            >
              {reward.name} ({reward.pointsCost.toLocaleString('en-US')} points)
              {!affordable && !isApplied ? <span className="text-gray-700"> - not enough points</span> : null}
            </RewardOption>
          );
        })}
        <RewardOption
          name={`rewards-${orderId}`}
          value={CUSTOM_POINTS_ID}
          checked={choice === CUSTOM_POINTS_ID}
          disabled={balance.netPointsBalance <= 0 && !customApplied}
          onChoose={onChoose}
        >
          Custom points ({rewards.pointsPerRewardDollar} points = $1.00)
        </RewardOption>
      </fieldset>
      {showPointsInput ? (
        <div className="flex items-end gap-2">
          <TextField
            ref={pointsRef}
            label="Points to redeem"
            className="min-w-0 flex-1"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={points}
            error={pointsError ?? undefined}
            onChange={(e) => setPoints(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onApplyPoints();
              }
            }}
          />
          <Button
            type="button"
            variant="secondary"
            loading={pending}
            onClick={onApplyPoints}
            className={pointsError ? 'mb-7' : ''}
          >
            Apply
          </Button>
        </div>
      ) : null}
      {customApplied && !showPointsInput ? (
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm">{applied.pointsCost.toLocaleString('en-US')} points</p>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setPoints(String(applied.pointsCost));
              setEditing(true);
            }}
          >
            Edit
          </Button>
        </div>
      ) : null}
      {applied && applied.discountAmount > 0 ? (
        <p className="text-sm" aria-live="polite">
          {applied.name} applied:{' '}
          <span className="font-semibold">-{formatCents(dollarsToCents(applied.discountAmount))}</span>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function RewardOption({
  name,
  value,
  checked,
  disabled = false,
  onChoose,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChoose: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 has-[:disabled]:cursor-not-allowed has-[:disabled]:text-gray-600">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChoose(value)}
        className="size-5 accent-button"
      />
      <span>{children}</span>
    </label>
  );
}

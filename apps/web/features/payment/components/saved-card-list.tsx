'use client';

import { useId, type ReactNode } from 'react';
import { visibleMaskedNumber } from '@storefront/contracts/payment-rules';
import type { SavedPayment } from '@storefront/contracts/saved-payments';
import { cn } from '@/lib/cn';
import { usePaymentFlow, type PaymentInstrument } from '../payment-flow-context';
import { CardBrandLogo } from './card-brand-logos';
import { SavedCardDeleteButton } from './saved-card-delete-button';

const NEW_CARD = 'new';

const BRAND_NAME: Record<SavedPayment['cardLogo'], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  discover: 'Discover',
  generic: 'Card',
};

/** One choice of the list: a radio in a bordered row, marked when checked. */
function Choice({
  name,
  value,
  selected,
  label,
  onChoose,
  children,
}: {
  name: string;
  value: string;
  selected: string | null;
  /** The radio's name when its row's text does not say it whole (a card's brand and number). */
  label?: string;
  onChoose: () => void;
  children: ReactNode;
}) {
  const checked = selected === value;
  return (
    <label
      className={cn(
        'flex min-h-12 flex-1 cursor-pointer items-center gap-3 rounded-xl border-2 px-3 py-2',
        checked ? 'border-gray-900 bg-gray-50' : 'border-gray-200',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        aria-label={label}
        onChange={onChoose}
        className="size-5 accent-gray-900"
      />
      {children}
    </label>
  );
}

/**
 * The payment page's saved cards (spec sections 2 and 4): one choice per card (its logo and the last 8
 * characters of its masked number, the first preselected by the flow) and 'Use a new payment method'; each
 * card can be deleted after a confirmation. Choosing changes the flow's instrument.
 */
export function SavedCardList({
  cards,
  instrument,
  disabled,
  onSelect,
  onDeleted,
}: {
  cards: readonly SavedPayment[];
  instrument: PaymentInstrument;
  disabled: boolean;
  onSelect: (next: PaymentInstrument) => void;
  onDeleted: (card: SavedPayment) => void | Promise<void>;
}) {
  const name = useId();
  const selected =
    instrument.kind === 'saved-card'
      ? String(instrument.savedPaymentId)
      : instrument.kind === 'new-card'
        ? NEW_CARD
        : null;
  if (cards.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 font-bold">Saved cards</legend>
      {cards.map((card) => {
        const masked = visibleMaskedNumber(card.maskedCardNumber);
        return (
          <div key={card.id} className="flex items-center gap-2">
            <Choice
              name={name}
              value={String(card.id)}
              selected={selected}
              label={`${BRAND_NAME[card.cardLogo]} ${masked}`}
              onChoose={() => onSelect({ kind: 'saved-card', savedPaymentId: card.id })}
            >
              <CardBrandLogo logo={card.cardLogo} label={false} />
              <span className="font-mono">{masked}</span>
            </Choice>
            <SavedCardDeleteButton card={card} disabled={disabled} onDeleted={() => onDeleted(card)} />
          </div>
        );
      })}
      <Choice
        name={name}
        value={NEW_CARD}
        selected={selected}
        onChoose={() => onSelect({ kind: 'new-card' })}
      >
        Use a new payment method
      </Choice>
    </fieldset>
  );
}

/**
 * The saved cards of the payment page, wired to its flow: choosing changes the instrument; a deleted card that
 * was chosen hands over to the next saved card, or to a new card when none is left (the page's list refreshes
 * from the server).
 */
export function SavedCardsPanel() {
  const flow = usePaymentFlow();
  return (
    <SavedCardList
      cards={flow.savedCards}
      instrument={flow.instrument}
      disabled={flow.busy}
      onSelect={(next) => void flow.selectInstrument(next)}
      onDeleted={async (card) => {
        if (flow.instrument.kind !== 'saved-card' || flow.instrument.savedPaymentId !== card.id) return;
        const next = flow.savedCards.find((c) => c.id !== card.id);
        await flow.selectInstrument(
          next ? { kind: 'saved-card', savedPaymentId: next.id } : { kind: 'new-card' },
        );
      }}
    />
  );
}

/**
 * The finance calculator (spec §4, §5, §9). The server renders it with the block's defaults, so
 * the default repayment is on the page without JavaScript. Once hydrated, the first change to a
 * loan setting sends analytics event 26 (once per page), and the visitor's figures are saved for
 * 14 days (src/features/finance/ui/finance-store.ts), where the finance form picks up the amount as its budget.
 */
import { useEffect, useRef, useState } from 'react';
import { EVENT_IDS, trackEverywhere } from '../../site/analytics.ts';
import {
  formatAmount,
  formatMoney,
  formatPercent,
  formatTypedAmount,
  formatYears,
  frequencyByName,
  repayment,
  snapToStep,
  startValue,
  typedAmount,
  type CalculatorSetting,
  type FrequencyName,
} from '../../features/finance/rules/finance.ts';
import { FINANCE_DETAILS_DAYS, saveFinanceDetails } from '../../features/finance/ui/finance-store.ts';
import RangeField from './RangeField.tsx';

export type { CalculatorSetting };

export interface FinanceCalculatorProps {
  /** Prefix of every id in the block. */
  idBase: string;
  amount: CalculatorSetting;
  term: CalculatorSetting;
  interest: CalculatorSetting;
  frequency: FrequencyName;
  frequencies: FrequencyName[];
  repaymentsText: string;
  /** NZ sites: a text box beside the amount slider to type the amount (spec §5). */
  typedAmount: boolean;
  manufacturerDataLayer: boolean;
}

/** Wait after the last change before saving, so dragging a slider saves once. */
export const SAVE_DELAY_MS = 400;

export const SAVED_MESSAGE = `Saved for ${FINANCE_DETAILS_DAYS} days. We'll use this amount to fill in your finance application.`;

export { startValue };

export default function FinanceCalculator(props: FinanceCalculatorProps) {
  const { idBase, amount: amountSetting, term: termSetting, interest: interestSetting } = props;
  const [amount, setAmount] = useState(() => startValue(amountSetting));
  const [term, setTerm] = useState(() => startValue(termSetting));
  const [interest, setInterest] = useState(() => startValue(interestSetting));
  const [frequency, setFrequency] = useState<FrequencyName>(props.frequency);
  const [amountText, setAmountText] = useState(() => formatTypedAmount(startValue(amountSetting)));
  // Counts the visitor's changes: 0 means the defaults, which are not saved.
  const [changes, setChanges] = useState(0);
  const [saved, setSaved] = useState(false);
  const tracked = useRef(false);
  const pendingSave = useRef<(() => void) | undefined>(undefined);

  const result = repayment({ amount, term, interest, frequency });

  const changed = () => setChanges((n) => n + 1);
  // The typed amount is the NZ twin of the amount slider, so it counts as slider use too.
  const sliderUsed = () => {
    changed();
    if (tracked.current) return;
    tracked.current = true;
    trackEverywhere(
      { event: 'finance_calculator', id: EVENT_IDS.financeCalculator, calculator: idBase },
      { manufacturerDataLayer: props.manufacturerDataLayer },
    );
  };

  useEffect(() => {
    if (changes === 0) return;
    const save = () => {
      pendingSave.current = undefined;
      saveFinanceDetails({ amount, term, interest, frequency, repayment: result.payment });
      setSaved(true);
    };
    pendingSave.current = save;
    const timer = setTimeout(save, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `result` follows from the four values.
  }, [changes, amount, term, interest, frequency]);

  useEffect(() => {
    // Leaving the page (to the finance form, say) within the delay still saves.
    const flush = () => pendingSave.current?.();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, []);

  const amountFromSlider = (n: number) => {
    setAmount(n);
    setAmountText(formatTypedAmount(n));
    sliderUsed();
  };
  const commitTyped = () => setAmountText(formatTypedAmount(amount));
  const typedId = `${idBase}-amount-typed`;
  const typedBox =
    props.typedAmount && amountSetting.active ? (
      <span className="fincalc-typed">
        <span aria-hidden="true">$</span>
        <input
          id={typedId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-label="Loan amount in dollars"
          value={amountText}
          onChange={(e) => {
            setAmountText(e.currentTarget.value);
            setAmount(typedAmount(e.currentTarget.value, amountSetting.max));
            sliderUsed();
          }}
          onBlur={commitTyped}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commitTyped();
          }}
        />
      </span>
    ) : undefined;

  const per = frequencyByName(frequency)?.per ?? result.per;
  return (
    <div className="fincalc-body">
      <div className="fincalc-settings">
        <RangeField
          id={`${idBase}-amount`}
          label="Loan amount"
          {...amountSetting}
          value={amountSetting.active ? snapToStep(amount, amountSetting) : amount}
          format={formatAmount}
          onChange={amountFromSlider}
          valueSlot={typedBox}
        />
        <RangeField
          id={`${idBase}-term`}
          label="Loan term"
          {...termSetting}
          value={term}
          format={formatYears}
          onChange={(n) => {
            setTerm(n);
            sliderUsed();
          }}
        />
        <RangeField
          id={`${idBase}-interest`}
          label="Interest rate (p.a.)"
          {...interestSetting}
          value={interest}
          format={formatPercent}
          onChange={(n) => {
            setInterest(n);
            sliderUsed();
          }}
        />
        {props.frequencies.length > 1 ? (
          <fieldset className="fincalc-frequency">
            <legend className="fincalc-label">Repayment frequency</legend>
            <div className="fincalc-frequency-options">
              {props.frequencies.map((name) => (
                <label key={name} className="fincalc-frequency-option">
                  <input
                    type="radio"
                    name={`${idBase}-frequency`}
                    value={name}
                    checked={name === frequency}
                    onChange={() => {
                      setFrequency(name);
                      changed();
                    }}
                  />
                  <span>{name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <p className="fincalc-field fincalc-fixed">
            <span className="fincalc-label">Repayment frequency</span>{' '}
            <strong className="fincalc-value">{frequency}</strong>
          </p>
        )}
      </div>
      <div className="fincalc-result">
        <p className="fincalc-result-label">{props.repaymentsText}</p>
        {/* One polite region for the figures: the sliders announce their own values. */}
        <div aria-live="polite" aria-atomic="true">
          <p className="fincalc-payment">
            <span className="fincalc-payment-amount">{formatMoney(result.payment)}</span>{' '}
            <span className="fincalc-payment-per">per {per}</span>
          </p>
          <p className="fincalc-total">
            Total repayments <strong>{formatMoney(result.total)}</strong> over {formatYears(term)}
          </p>
        </div>
        <p className="fincalc-saved" role="status">
          {saved ? SAVED_MESSAGE : ''}
        </p>
      </div>
    </div>
  );
}

import type { ReactElement, ReactNode } from 'react';
import { useField } from 'react-final-form';
import { fieldError } from '../../../components/form';

export interface Choice {
  value: string;
  label: string;
  description?: ReactNode;
  media?: ReactNode;
  extra?: ReactNode;
}

/**
 * A group of card-like choices bound to one final-form field: native radio inputs,
 * so arrow keys, focus and screen readers behave as a radio group.
 */
export function ChoiceGroup({
  name,
  legend,
  choices,
  className,
  scroll,
}: {
  name: string;
  legend: ReactNode;
  choices: readonly Choice[];
  className?: string;
  /** Fixed height in px with scrolling (the narrator list is 200 px). */
  scroll?: number;
}): ReactElement {
  const { input, meta } = useField<string>(name);
  const error = fieldError(meta);
  const errorId = `${name}-error`;
  return (
    <fieldset className={`choice-group ${className ?? ''}`} aria-describedby={error ? errorId : undefined}>
      <legend className="choice-group__legend">{legend}</legend>
      <div
        className="choice-group__items"
        style={scroll ? { height: scroll, overflowY: 'auto' } : undefined}
        data-testid={`${name}-choices`}
      >
        {choices.map((choice) => {
          const checked = input.value === choice.value;
          const id = `${name}-${choice.value.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
          return (
            <div key={choice.value} className={`choice${checked ? ' is-checked' : ''}`}>
              <input
                type="radio"
                className="choice__input"
                id={id}
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => input.onChange(choice.value)}
                onBlur={() => input.onBlur()}
                onFocus={() => input.onFocus()}
              />
              <label htmlFor={id} className="choice__label">
                {choice.media}
                <span className="choice__text">
                  <span className="choice__title">{choice.label}</span>
                  {choice.description ? <span className="choice__description">{choice.description}</span> : null}
                </span>
              </label>
              {choice.extra}
            </div>
          );
        })}
      </div>
      <div id={errorId} className="ff-field__error" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </fieldset>
  );
}

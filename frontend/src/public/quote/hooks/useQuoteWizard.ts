import { useCallback, useState } from 'react';
import { BLANK_CONTACT, type DoorStyle, LEAD_CUSTOMER_FIELDS } from '#src/contract/leads';
import type { QuoteCustomer } from '#src/contract/quote';
import { quoteCopy } from '../copy';
import {
  hasAnyQuantity,
  type Quantities,
  type QuantityInputs,
  toQuantities,
} from '../lib/quantities';

export type WizardStep = 1 | 2 | 3 | 4;

/** The contact step's fields; the country is always Finland. */
export type ContactFields = Required<Omit<QuoteCustomer, 'country'>>;

const REQUIRED_CONTACT_FIELDS = LEAD_CUSTOMER_FIELDS.filter(
  (field): field is Exclude<typeof field, 'country'> => field !== 'country',
);

const EMPTY_CONTACT: ContactFields = { ...BLANK_CONTACT, message: '' };
/** The contact step's errors, by field. */
export type ContactErrors = ReadonlyMap<keyof ContactFields, string>;
const NO_ERRORS: ContactErrors = new Map();

/**
 * What an e-mail address looks like: something, an @, a domain with a dot. The server checks it
 * fully; this catches the typing mistakes before sending (docs/product.md#quote-wizard).
 */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const NO_QUANTITIES: QuantityInputs = { doors: '0', drawers: '0', metres: '0' };

/** The wizard's steps 1 → 2 → 3 → 4, back one step, reset to 1 (docs/product.md#quote-wizard). */
export function useQuoteWizard() {
  const [step, setStep] = useState<WizardStep>(1);
  const [doorStyle, setDoorStyle] = useState<DoorStyle | null>(null);
  const [quantityInputs, setQuantityInputs] = useState<QuantityInputs>(NO_QUANTITIES);
  const [quantitiesBlocked, setQuantitiesBlocked] = useState(false);
  const [contact, setContact] = useState<ContactFields>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>(NO_ERRORS);

  const quantities = toQuantities(quantityInputs);
  const hasQuantity = hasAnyQuantity(quantities);

  const next = useCallback(() => {
    if (step === 1 && !doorStyle) return;
    if (step === 2 && !hasQuantity) {
      setQuantitiesBlocked(true);
      return;
    }
    if (step < 3) setStep((step + 1) as WizardStep);
  }, [step, doorStyle, hasQuantity]);

  const back = useCallback(() => setStep((current) => Math.max(1, current - 1) as WizardStep), []);

  const setQuantity = useCallback((field: keyof Quantities, raw: string) => {
    setQuantityInputs((current) => ({ ...current, [field]: raw }));
    setQuantitiesBlocked(false);
  }, []);

  const setContactField = useCallback((field: keyof ContactFields, value: string) => {
    setContact((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current.has(field)) return current;
      const rest = new Map(current);
      rest.delete(field);
      return rest;
    });
  }, []);

  /** Marks blank required fields and a malformed e-mail; true when the step may be sent. */
  const validateContact = useCallback((): boolean => {
    const found = new Map<keyof ContactFields, string>();
    for (const field of REQUIRED_CONTACT_FIELDS) {
      if (!contact[field].trim()) found.set(field, quoteCopy.contact.required);
    }
    if (!found.has('email') && !EMAIL_SHAPE.test(contact.email.trim())) {
      found.set('email', quoteCopy.contact.invalidEmail);
    }
    setErrors(found);
    return found.size === 0;
  }, [contact]);

  /** The server's refusals of single fields, shown at their fields. */
  const showFieldErrors = useCallback((refused: ContactErrors) => setErrors(refused), []);

  const complete = useCallback(() => setStep(4), []);

  const reset = useCallback(() => {
    setStep(1);
    setDoorStyle(null);
    setQuantityInputs(NO_QUANTITIES);
    setQuantitiesBlocked(false);
    setContact(EMPTY_CONTACT);
    setErrors(NO_ERRORS);
  }, []);

  return {
    step,
    doorStyle,
    setDoorStyle,
    quantities,
    quantityInputs,
    setQuantity,
    quantitiesBlocked,
    contact,
    setContactField,
    errors,
    validateContact,
    showFieldErrors,
    next,
    back,
    complete,
    reset,
  };
}

export type QuoteWizard = ReturnType<typeof useQuoteWizard>;

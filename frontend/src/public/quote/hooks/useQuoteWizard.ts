import { useCallback, useState } from 'react';
import { type DoorStyle, LEAD_CUSTOMER_FIELDS } from '#src/contract/leads';
import type { QuoteCustomer } from '#src/contract/quote';
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

const EMPTY_CONTACT: ContactFields = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  message: '',
};
const NO_QUANTITIES: QuantityInputs = { doors: '0', drawers: '0', metres: '0' };

/** The wizard's steps 1 → 2 → 3 → 4, back one step, reset to 1 (docs/product.md#quote-wizard). */
export function useQuoteWizard() {
  const [step, setStep] = useState<WizardStep>(1);
  const [doorStyle, setDoorStyle] = useState<DoorStyle | null>(null);
  const [quantityInputs, setQuantityInputs] = useState<QuantityInputs>(NO_QUANTITIES);
  const [quantitiesBlocked, setQuantitiesBlocked] = useState(false);
  const [contact, setContact] = useState<ContactFields>(EMPTY_CONTACT);
  const [missing, setMissing] = useState<ReadonlySet<keyof ContactFields>>(new Set());

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
    setMissing((current) => {
      if (!current.has(field)) return current;
      const rest = new Set(current);
      rest.delete(field);
      return rest;
    });
  }, []);

  /** Marks blank required fields; true when the contact step may be sent. */
  const validateContact = useCallback((): boolean => {
    const blank = REQUIRED_CONTACT_FIELDS.filter((field) => !contact[field].trim());
    setMissing(new Set(blank));
    return blank.length === 0;
  }, [contact]);

  const complete = useCallback(() => setStep(4), []);

  const reset = useCallback(() => {
    setStep(1);
    setDoorStyle(null);
    setQuantityInputs(NO_QUANTITIES);
    setQuantitiesBlocked(false);
    setContact(EMPTY_CONTACT);
    setMissing(new Set());
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
    missing,
    validateContact,
    next,
    back,
    complete,
    reset,
  };
}

export type QuoteWizard = ReturnType<typeof useQuoteWizard>;

import type { PlayerDetails } from '@/features/booking-flow/state/booking-state';

/** The fields the individual form edits, in its order. */
export const INDIVIDUAL_FIELDS = [
  'player_type',
  'lead_player_name',
  'lead_player_country_code',
  'title',
  'first_name',
  'surname',
  'email_address',
  'telephone_country_code',
  'telephone_number',
  'address_line_1',
  'address_line_2',
  'city',
  'county',
  'postcode',
  'country',
  'stay_connected',
] as const satisfies readonly (keyof PlayerDetails)[];

/**
 * The individual step-2 form's values, as typed: these fields of the booking state's player details (every text as a
 * string, nothing chosen yet as '').
 */
export type IndividualFormValues = Pick<PlayerDetails, (typeof INDIVIDUAL_FIELDS)[number]>;

export function isIndividualField(name: string): name is keyof IndividualFormValues {
  return (INDIVIDUAL_FIELDS as readonly string[]).includes(name);
}

/** The form starts from what the booking state holds (so a reload keeps every answer). */
export function formValuesFromState(details: PlayerDetails): IndividualFormValues {
  const values = {} as Record<keyof IndividualFormValues, unknown>;
  for (const field of INDIVIDUAL_FIELDS) values[field] = details[field];
  return values as IndividualFormValues;
}

/**
 * What the autosave copies into booking state. As on the server (spec section 3), a lead player's name and country
 * are their own surname and country.
 */
export function playerDetailsFromForm(
  values: IndividualFormValues,
  validated: boolean,
): Partial<PlayerDetails> {
  const lead =
    values.player_type === 'lead_player'
      ? { lead_player_name: values.surname, lead_player_country_code: values.country }
      : {};
  return { ...values, ...lead, validated };
}

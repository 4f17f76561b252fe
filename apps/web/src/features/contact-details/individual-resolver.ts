import { zodResolver } from '@hookform/resolvers/zod';
import {
  INDIVIDUAL_CONTACT_MESSAGES,
  type IndividualPlayerDetails,
  individualPlayerDetailsSchema,
  telephoneProblem,
} from '@links/shared/schemas/contact-details';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { IndividualFormValues } from './individual-form-values';

const schemaResolver = zodResolver(individualPlayerDetailsSchema) as unknown as Resolver<
  IndividualFormValues,
  unknown,
  IndividualPlayerDetails
>;

/**
 * zodResolver over the shared schema, plus the schema's cross-field checks (telephone, lead player) while other
 * fields are still wrong: zod runs an object's refinements only once every field parses, and the visitor should see
 * each message as soon as the field is left, not after fixing the rest of the form.
 */
export const individualDetailsResolver: Resolver<
  IndividualFormValues,
  unknown,
  IndividualPlayerDetails
> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const errors: FieldErrors<IndividualFormValues> = { ...result.errors };
  const add = (field: keyof IndividualFormValues, message: string | null) => {
    if (message && !errors[field]) errors[field] = { type: 'custom', message };
  };
  add('telephone_number', telephoneProblem(values.telephone_country_code, values.telephone_number));
  if (values.player_type === 'booking_player') {
    if (values.lead_player_name.trim() === '')
      add('lead_player_name', INDIVIDUAL_CONTACT_MESSAGES.leadPlayerName);
    if (!/^[A-Za-z]{2}$/.test(values.lead_player_country_code.trim())) {
      add('lead_player_country_code', INDIVIDUAL_CONTACT_MESSAGES.leadCountry);
    }
  }
  return { values: {}, errors };
};

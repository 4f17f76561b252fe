import { type ComponentProps, useMemo } from 'react';
import { countryOptions } from './country-options';
import { SelectField } from './form-field';

/**
 * 'Country': every country by name, none chosen until one is picked. Give it the form's starting country as
 * `defaultValue`, so a saved choice is rendered selected from the start (the options and the value arrive in the same
 * render). Like country-options, for lazily loaded pages only.
 */
export function CountrySelectField(
  props: Omit<ComponentProps<typeof SelectField>, 'label' | 'options' | 'placeholder'>,
) {
  const countries = useMemo(countryOptions, []);
  return <SelectField label="Country" options={countries} placeholder="Select a country" {...props} />;
}

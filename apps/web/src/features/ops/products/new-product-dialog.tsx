import { useState } from 'react';
import {
  listingScenes,
  type CreateProductBody,
  type NewProductKind,
} from '@ajo/contracts/ops-products';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import {
  advertFields,
  isRateText,
  listingFields,
  moneyPattern,
  rateTextError,
  type FieldSpec,
} from './product-model.ts';
import {
  EffectiveFromField,
  effectiveFromValue,
  FieldGrid,
  ProductFormDialog,
  useEffectiveFrom,
} from './product-form.tsx';
import { useCreateProduct } from './products-api.ts';

const sceneLabels: Record<(typeof listingScenes)[number], string> = {
  tower: 'Tower block',
  terrace: 'Terraced houses',
  villa: 'Villa',
  warehouse: 'Warehouse',
};

/** What a new product of each kind asks for; every field is needed. */
const forms: Record<NewProductKind, { noun: string; fields: FieldSpec[] }> = {
  real_estate_listing: {
    noun: 'listing',
    fields: [
      ...listingFields,
      { key: 'units_total', label: 'Units for sale', type: 'int' },
      {
        key: 'scene',
        label: 'Picture',
        type: 'select',
        options: listingScenes.map((scene) => ({ value: scene, label: sceneLabels[scene] })),
      },
    ],
  },
  advert: {
    noun: 'advert',
    fields: [...advertFields],
  },
};

/** The form's text as the API takes it, or the message of the first field that is not right. */
function valuesOf(kind: NewProductKind, fields: Record<string, string>) {
  const errors: Record<string, string> = {};
  const values: Record<string, string | number> = {};
  for (const spec of forms[kind].fields) {
    const text = (fields[spec.key] ?? '').trim();
    if (text === '') errors[spec.key] = `Enter the ${spec.label.toLowerCase()}`;
    else if (spec.type === 'money' && !moneyPattern.test(text)) {
      errors[spec.key] = 'Enter an amount like 25000.00';
    } else if (spec.type === 'percent' && !isRateText(text)) {
      errors[spec.key] = rateTextError;
    } else if (spec.type === 'int' && !/^[1-9]\d{0,6}$/.test(text)) {
      errors[spec.key] = 'Enter a whole number of units from 1';
    } else {
      values[spec.key] = spec.type === 'percent' || spec.type === 'int' ? Number(text) : text;
    }
  }
  return { values, errors };
}

/**
 * "Add a listing" or "Add an advert": what customers will see, and from when. The new product is
 * kept hidden until then; the change that shows it is listed with the others and can be
 * cancelled before it applies.
 */
export function NewProductDialog({
  kind,
  serverOffsetMs,
  onClose,
}: {
  kind: NewProductKind;
  serverOffsetMs: number;
  onClose: () => void;
}) {
  const { noun, fields: specs } = forms[kind];
  const [fields, setFields] = useState<Record<string, string>>(
    kind === 'real_estate_listing' ? { scene: 'tower' } : {},
  );
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const start = useEffectiveFrom(serverOffsetMs);
  const create = useCreateProduct();
  const { values, errors } = valuesOf(kind, fields);
  const shownErrors = submitted ? errors : {};

  return (
    <ProductFormDialog
      title={kind === 'advert' ? 'Add an advert' : 'Add a listing'}
      intro={
        kind === 'advert'
          ? 'Shown on Home from the date you choose, after the adverts already there.'
          : 'On sale from the date you choose, with every unit available; customers cannot see it before.'
      }
      done={done}
      error={create.error}
      isPending={create.isPending}
      submitLabel={start.when === 'now' ? `Add the ${noun} now` : `Add the ${noun} from then`}
      onClose={onClose}
      onSubmit={() => {
        setSubmitted(true);
        const from = start.from;
        if (Object.keys(errors).length > 0 || start.timeError !== undefined || from === null) {
          return;
        }
        create.mutate(
          { kind, values, effective_from: effectiveFromValue(from) } as CreateProductBody,
          {
            onSuccess: (change) => {
              setDone(
                change.status === 'applied'
                  ? `The ${noun} is added and customers see it now.`
                  : `The ${noun} is added. Customers see it from ${formatLagosDateTime(change.effective_from)}.`,
              );
            },
          },
        );
      }}
    >
      <FieldGrid
        specs={specs}
        values={fields}
        errors={shownErrors}
        onChange={(key, value) => {
          setFields((current) => ({ ...current, [key]: String(value) }));
        }}
      />
      <EffectiveFromField start={start} />
    </ProductFormDialog>
  );
}

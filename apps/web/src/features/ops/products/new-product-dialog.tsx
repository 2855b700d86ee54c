import { useId, useState } from 'react';
import {
  listingScenes,
  type CreateProductBody,
  type NewProductKind,
} from '@ajo/contracts/ops-products';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import {
  advertFields,
  listingFields,
  moneyPattern,
  percentPattern,
  type FieldSpec,
} from './product-model.ts';
import { useCreateProduct } from './products-api.ts';
import {
  DoneNotice,
  EffectiveFromField,
  FieldGrid,
  useEffectiveFrom,
} from './schedule-change-dialog.tsx';

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
    } else if (spec.type === 'percent' && (!percentPattern.test(text) || Number(text) > 100)) {
      errors[spec.key] = 'Enter a rate from 0 to 100, at most 2 decimals';
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
  const headingId = useId();
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
  const serverError =
    create.error === null
      ? null
      : isApiError(create.error)
        ? (create.error.errors[0]?.message ?? create.error.message)
        : create.error.message;

  return (
    <ModalDialog open onRequestClose={onClose} labelledBy={headingId} size="lg">
      <form
        noValidate
        className="space-y-5 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          const from = start.from;
          if (Object.keys(errors).length > 0 || start.timeError !== undefined || from === null) {
            return;
          }
          create.mutate(
            {
              kind,
              values,
              effective_from: from === 'now' ? 'now' : from.toISOString(),
            } as CreateProductBody,
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
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {kind === 'advert' ? 'Add an advert' : 'Add a listing'}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {kind === 'advert'
              ? 'Shown on Home from the date you choose, after the adverts already there.'
              : 'On sale from the date you choose, with every unit available; customers cannot see it before.'}
          </p>
        </div>

        {done ? (
          <DoneNotice message={done} onClose={onClose} />
        ) : (
          <>
            <FieldGrid
              specs={specs}
              values={fields}
              errors={shownErrors}
              onChange={(key, value) => {
                setFields((current) => ({ ...current, [key]: String(value) }));
              }}
            />
            <EffectiveFromField start={start} />
            <FormErrorBanner message={serverError} />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" isLoading={create.isPending}>
                {start.when === 'now' ? `Add the ${noun} now` : `Add the ${noun} from then`}
              </Button>
            </div>
          </>
        )}
      </form>
    </ModalDialog>
  );
}

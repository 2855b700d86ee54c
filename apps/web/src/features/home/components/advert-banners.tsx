import { Link } from 'react-router';
import { useAdverts } from '../api/get-adverts.ts';

/** Only same-site paths are linked, so an advert cannot send people off Ajo. */
function isInternalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//');
}

export function AdvertBanners() {
  const { data: adverts } = useAdverts();
  if (!adverts || adverts.length === 0) return null;
  return (
    <section aria-labelledby="adverts-heading" className="mt-8">
      <h2 id="adverts-heading" className="sr-only">
        Offers for you
      </h2>
      <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
        {adverts.map((advert) => (
          <li
            key={advert.id}
            className="flex flex-col rounded-2xl bg-linear-to-br from-brand-600 to-brand-800 p-6 text-white shadow-sm"
          >
            <p className="text-lg font-semibold">{advert.title}</p>
            <p className="mt-1 flex-1 text-sm leading-6 text-brand-50">{advert.body}</p>
            {isInternalPath(advert.cta_path) ? (
              <Link
                to={advert.cta_path}
                className="mt-4 inline-flex self-start rounded-xl bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-white"
              >
                {advert.cta_label}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

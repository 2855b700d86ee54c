import { Link } from 'react-router';
import { useAdverts } from '../api/get-adverts.ts';

/** Only same-site paths are linked, so an advert cannot send people off Ajo. */
function isInternalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//');
}

/** How many banners the catalogue ships, so the loading placeholders take their place. */
const EXPECTED_BANNERS = 3;

/** A banner's height with a two-line text, shared by the banner and its placeholder. */
const bannerFrame = 'min-h-[11.25rem] rounded-2xl';

export function AdvertBanners() {
  const { data: adverts, isPending } = useAdverts();
  if (isPending) {
    // Placeholders where the banners will be, so the sections below do not jump down.
    return (
      <ul aria-hidden="true" className="mt-8 grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
        {Array.from({ length: EXPECTED_BANNERS }, (_, index) => (
          <li key={index} className={`${bannerFrame} animate-pulse bg-brand-100`} />
        ))}
      </ul>
    );
  }
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
            className={`${bannerFrame} flex flex-col bg-linear-to-br from-brand-600 to-brand-800 p-6 text-white shadow-sm`}
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
